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
	"fmt"
	"io"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/term"
)

// Globals are cargo-agents' global options (cli.Globals) and the
// command's log.
type Globals struct {
	cli.Globals
	Log *cmdlog.Run // nil: no log (tests)
	// Out is where a command writes its records with --json: JSON lines,
	// or through the --jq filter, compiled before the command runs.
	Out cli.Records
}

// Commands are the subcommands cargo-agents runs here, as
// `sym-match NAME GLOBALS... ARGS...`, and the plugin-vended commands
// (VendedRun, VendedHelp), which have shapes of their own.
var Commands = []cli.Command{
	{Name: "plugin", Usage: "list|show|validate|sync ...", Run: entry("plugin", runPlugin)},
	{Name: "crate-info", Usage: "NAME [--version REQ] [--json] [--jq EXPR]", Run: entry("crate-info", runCrateInfo)},
	{Name: "use", Usage: "NAME [--global] [--remove] | --workspace [--remove]", Run: entry("use", runUse)},
	{Name: "status", Usage: "[--json] [--jq EXPR]", Run: entry("status", runStatus)},
	{Name: "search", Usage: "QUERY [--json] [--jq EXPR]", Run: entry("search", runSearch)},
	{Name: VendedRun, Usage: "NAME ARGS...   (a plugin's own command)", Run: mainVended},
	{Name: VendedHelp, Usage: "  (the plugin commands part of cargo agents --help)", Run: mainVendedHelp},
}

// entry is cmdlog.Entry for a command of this package. These print what
// manifests and skills say, which their authors (a crate's, a cloned
// repository's) wrote: no control character of theirs reaches the
// terminal.
func entry(name string, run func(stdio cli.Stdio, g Globals, args []string) error) func(cli.Stdio, []string) int {
	logged := cmdlog.Entry(name, func(stdio cli.Stdio, g cli.Globals, log *cmdlog.Run, args []string) error {
		out, err := g.Records(stdio)
		if err != nil {
			return err
		}
		return run(stdio, Globals{Globals: g, Log: log, Out: out}, args)
	})
	return func(stdio cli.Stdio, args []string) int {
		stdio.Out, stdio.Err = term.SafeWriter(stdio.Out), term.SafeWriter(stdio.Err)
		return logged(stdio, args)
	}
}

// records is where the command writes its records: Out, or plain JSON
// lines on stdout where no entry opened one (tests).
func (g Globals) records(stdio cli.Stdio) cli.Records {
	if g.Out != nil {
		return g.Out
	}
	return stream.NewWriter(stdio.Out)
}

// warner is how a command reports a warning on w: the line "warning: …",
// or with --json a warning record (cli.Diag), so that stderr stays
// records.
func (g Globals) warner(w io.Writer) func(pos.Warning) {
	if g.JSON {
		return cli.Diag{W: w, Prog: "cargo agents", JSON: true}.Warn
	}
	return func(p pos.Warning) { fmt.Fprintf(w, "warning: %s\n", p) }
}

// NewFetcher is cratefetch.New with cargo's home and crates.io's index as
// the environment names them (cli.ReadEnv).
func NewFetcher(cacheDir, workDir string, offline bool) *cratefetch.Fetcher {
	env := cli.ReadEnv()
	return cratefetch.New(cacheDir, workDir, offline, env.CargoHome, env.CratesIndexURL)
}
