package cargoagents

import (
	"fmt"
	"os"
	"os/signal"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Plugin-vended subcommands ([subcommand.<name>] in a plugin's manifest)
// need the plugin sources, so sym-match finds and runs them
// (pkg/cli/sourcecmd/vended.go); the exit status is the plugin program's.

// vended runs `cargo agents NAME ARGS...` for a NAME that is none of ours.
// The terminal's interrupt reaches the plugin program itself; this process
// waits for it to finish instead of leaving it behind.
func vended(stdio cli.Stdio, g *globals, args []string) error {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	defer signal.Stop(c)
	return delegate("sym-match", "subcommand")(stdio, g, args)
}

// fullUsage is usage on stdout, then the commands plugins offer in this
// workspace (sym-match lists them; without it, only ours are listed).
func fullUsage(stdio cli.Stdio, g *globals) {
	usage(stdio.Out)
	if err := delegate("sym-match", "subcommand-help")(stdio, g, nil); err != nil {
		fmt.Fprintf(stdio.Err, "cargo agents: plugin commands are not listed: %v\n", err)
	}
}
