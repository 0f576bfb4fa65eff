// Package setupcmd holds the cargo-agents subcommands that set symposium up
// in the agents' files and the user's config, or take it out again:
// `init`, `uninstall`, and the recording of the answers to sync's consent
// prompt. They run inside sym-install, which links the file editors (JSONC,
// TOML, YAML) anyway; cargo-agents runs them there, so that the binary
// every agent hook call starts links and initialises none of those
// editors. They are sym-install subcommands with flags of their own:
//
//	sym-install init [--update=LEVEL] [-q] [--add-agent NAME]... [--remove-agent NAME]... [--hook-scope SCOPE] [--trust]
//	sym-install uninstall [-q] [--dry-run] [--trust]
//	sym-install consent [-q] [--auto-enable CRATE]... [--disable CRATE]...
package setupcmd

import (
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
)

// globals are cargo-agents' global options (cli.Globals; these commands
// fetch nothing, so --update is moot) and the command's log.
type globals struct {
	cli.Globals
	log *cmdlog.Run // nil: no log (tests)
}

// Command is one `cargo agents` subcommand sym-install runs.
type Command struct {
	Name  string
	Usage string // its arguments, for sym-install --help
	run   func(stdio cli.Stdio, g *globals, args []string) error
}

// Commands are the subcommands cargo-agents runs here, as
// `sym-install NAME GLOBALS... ARGS...`.
var Commands = []Command{
	{"init", "[--add-agent NAME]... [--remove-agent NAME]... [--hook-scope SCOPE] [--trust]", runInit},
	{"uninstall", "[--dry-run] [--trust]", runUninstall},
	{"consent", "[--auto-enable CRATE]... [--disable CRATE]...   (cargo agents sync's prompt)", runConsent},
	// Here, not in cargo-agents: it links an HTTP client, which the
	// binary every hook call starts does not.
	{"self-update", "[--check]", runSelfUpdate},
}

// Main runs the subcommand args[0] with the rest of args when it is one of
// these (ok), reporting as `cargo agents NAME` and logging as cargo-agents
// does; it returns ok false, and does nothing, for any other.
func Main(stdio cli.Stdio, args []string) (code int, ok bool) {
	if len(args) == 0 {
		return 0, false
	}
	var cmd *Command
	for i := range Commands {
		if Commands[i].Name == args[0] {
			cmd = &Commands[i]
		}
	}
	if cmd == nil {
		return 0, false
	}
	g, rest, err := cli.ParseGlobals(args[1:])
	return cmdlog.Delegated(stdio, args[0], rest, cli.Version, func(stdio cli.Stdio, log *cmdlog.Run) error {
		if err != nil {
			return err
		}
		run := &globals{Globals: g, log: log}
		return cmd.run(stdio, run, rest)
	}), true
}
