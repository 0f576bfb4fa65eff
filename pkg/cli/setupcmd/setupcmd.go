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
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
)

// globals are the cargo-agents global options these commands use.
type globals struct {
	quiet bool
	log   *cmdlog.Run // nil: no log (tests)
}

type command func(stdio cli.Stdio, g *globals, args []string) error

var commands = map[string]command{}

func register(name string, run command) { commands[name] = run }

// Main runs the subcommand args[0] with the rest of args when it is one of
// these (ok), reporting as `cargo agents NAME` and logging as cargo-agents
// does; it returns ok false, and does nothing, for any other.
func Main(stdio cli.Stdio, args []string) (code int, ok bool) {
	if len(args) == 0 {
		return 0, false
	}
	run, ok := commands[args[0]]
	if !ok {
		return 0, false
	}
	g := &globals{}
	rest := args[1:]
	// cargo-agents passes its global options on as it does to every stage
	// it delegates to; these commands fetch nothing, so --update is moot.
flags:
	for ; len(rest) > 0; rest = rest[1:] {
		switch a := rest[0]; {
		case a == "-q" || a == "--quiet":
			g.quiet = true
		case strings.HasPrefix(a, "--update="):
		default:
			break flags
		}
	}
	return cmdlog.Delegated(stdio, args[0], rest, cli.Version, func(stdio cli.Stdio, log *cmdlog.Run) error {
		g.log = log
		return run(stdio, g, rest)
	}), true
}
