// Package sourcecmd holds the cargo-agents subcommands that read plugin
// sources and compare versions: `plugin list|show|validate|sync` and
// `crate-info`. They run inside sym-match, which links the manifest
// parsers and the semver library anyway; cargo-agents runs them there, so
// that its own start-up, paid on every agent hook call, carries neither.
// They are sym-match subcommands with flags of their own:
//
//	sym-match plugin [--update LEVEL] [-q] [-v] [--json] list|show|validate|sync ...
//	sym-match crate-info [--update LEVEL] [-q] NAME [--version REQ] [--json]
package sourcecmd

import (
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
)

// Globals are cargo-agents' global options.
type Globals struct {
	Quiet  bool
	Update string
	// Verbose (-v) adds the decision trace to what a command prints;
	// JSON (--json) makes it print records instead of text, for the
	// commands that have them (upstream: sync, plugin list, plugin
	// validate; here status, search and crate-info too).
	Verbose bool
	JSON    bool
	Log     *cmdlog.Run // nil: no log (tests)
}

// Commands maps each subcommand name to its implementation.
var Commands = map[string]func(stdio cli.Stdio, g Globals, args []string) error{
	"plugin":     runPlugin,
	"crate-info": runCrateInfo,
}

// ParseGlobals takes the global options (--update LEVEL, --update=LEVEL,
// -q, -v, --json) from the front of args and returns the rest untouched, so the
// subcommand's own flags are its business. A bad level is a usage error.
func ParseGlobals(args []string) (Globals, []string, error) {
	g := Globals{Update: plugin.UpdateNone}
	for len(args) > 0 {
		a := args[0]
		switch {
		case a == "-q" || a == "--quiet":
			g.Quiet = true
		case a == "-v" || a == "--verbose":
			g.Verbose = true
		case a == "--json":
			g.JSON = true
		case a == "--update" && len(args) > 1:
			g.Update, args = args[1], args[1:]
		case strings.HasPrefix(a, "--update="):
			g.Update = strings.TrimPrefix(a, "--update=")
		default:
			return g, args, check(g)
		}
		args = args[1:]
	}
	return g, args, check(g)
}

func check(g Globals) error {
	if !slices.Contains(plugin.UpdateLevels, g.Update) {
		return cli.Usagef("--update %q: must be one of %s", g.Update, strings.Join(plugin.UpdateLevels, ", "))
	}
	return nil
}
