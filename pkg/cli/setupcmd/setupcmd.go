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

// Commands are the subcommands cargo-agents runs here, as
// `sym-install NAME GLOBALS... ARGS...`, reporting as `cargo agents NAME`
// and logging as cargo-agents does.
var Commands = []cli.Command{
	{Name: "init", Usage: "[--add-agent NAME]... [--remove-agent NAME]... [--hook-scope SCOPE] [--trust]", Run: entry("init", runInit)},
	{Name: "uninstall", Usage: "[--dry-run] [--trust]", Run: entry("uninstall", runUninstall)},
	{Name: "consent", Usage: "[--auto-enable CRATE]... [--disable CRATE]...   (cargo agents sync's prompt)", Run: entry("consent", runConsent)},
	// Here, not in cargo-agents: it links an HTTP client, which the
	// binary every hook call starts does not.
	{Name: "self-update", Usage: "[--check]", Run: entry("self-update", runSelfUpdate)},
}

// entry is cmdlog.Entry for a command of this package.
func entry(name string, run func(stdio cli.Stdio, g *globals, args []string) error) func(cli.Stdio, []string) int {
	return cmdlog.Entry(name, func(stdio cli.Stdio, g cli.Globals, log *cmdlog.Run, args []string) error {
		return run(stdio, &globals{Globals: g, log: log}, args)
	})
}
