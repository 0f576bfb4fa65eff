// Package sourcecmd holds the cargo-agents subcommands that read plugin
// sources and compare versions: `plugin list|show|validate|sync`,
// `crate-info`, `use`, `status`, `search` and the plugin-vended commands.
// They run inside sym-match, which links the manifest parsers and the
// semver library anyway; cargo-agents runs them there, so that its own
// start-up, paid on every agent hook call, carries neither. They are
// sym-match subcommands (Commands), taking the global options as flags
// before their own:
//
//	sym-match plugin [--update LEVEL] [-q] [-v] [--json] list|show|validate|sync ...
//	sym-match crate-info [--update LEVEL] [-q] NAME [--version REQ] [--json]
package sourcecmd

import (
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
	"github.com/symposium-dev/symposium-go/pkg/cratesrc"
)

// Globals are cargo-agents' global options (cli.Globals) and the
// command's log.
type Globals struct {
	cli.Globals
	Log *cmdlog.Run // nil: no log (tests)
}

// Command is one `cargo agents` subcommand sym-match runs.
type Command struct {
	Name  string
	Usage string // its arguments, for sym-match --help
	Run   func(stdio cli.Stdio, g Globals, args []string) error
}

// Commands are the subcommands cargo-agents runs here, as
// `sym-match NAME GLOBALS... ARGS...`; the plugin-vended commands
// (VendedRun, VendedHelp) have shapes of their own.
var Commands = []Command{
	{"plugin", "list|show|validate|sync ...", runPlugin},
	{"crate-info", "NAME [--version REQ] [--json]", runCrateInfo},
	{"use", "NAME [--global] [--remove] | --workspace [--remove]", runUse},
	{"status", "[--json] [--jq EXPR]", runStatus},
	{"search", "QUERY [--json] [--jq EXPR]", runSearch},
}

// Lookup finds the command name among Commands.
func Lookup(name string) (Command, bool) {
	for _, c := range Commands {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// ParseGlobals takes the global options from the front of args
// (cli.ParseGlobals) and returns the rest untouched.
func ParseGlobals(args []string) (Globals, []string, error) {
	g, rest, err := cli.ParseGlobals(args)
	return Globals{Globals: g}, rest, err
}

// NewFetcher is cratesrc.New with cargo's home and crates.io's index as
// the environment names them (cli.ReadEnv).
func NewFetcher(cacheDir, workDir string, offline bool) *cratesrc.Fetcher {
	env := cli.ReadEnv()
	return cratesrc.New(cacheDir, workDir, offline, env.CargoHome, env.CratesIndexURL)
}
