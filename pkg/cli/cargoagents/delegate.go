package cargoagents

import (
	"errors"
	"os/exec"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
)

// These subcommands read plugin sources and compare versions. They run in
// sym-match (pkg/cli/sourcecmd), so that cargo-agents, which every agent
// hook call starts, does not link and initialise the manifest parsers and
// the semver library.
func init() {
	register("plugin", subcommand{summary: "Manage plugin sources (list, show, validate, sync)", ownLog: true, run: delegate("plugin")})
	register("use", subcommand{summary: "Enable a plugin by name ([plugins] use), then sync (--global, --remove)", ownLog: true, run: delegate("use")})
	register("status", subcommand{summary: "Show each plugin for this workspace: active, dormant, candidate or declined, and why", ownLog: true, run: delegate("status")})
	register("search", subcommand{summary: "Find plugins by name in your sources and crates that embed one", ownLog: true, run: delegate("search")})
	register("crate-info", subcommand{summary: "Find a crate's source and the skills available for it (for agents)", hidden: true, ownLog: true, run: delegate("crate-info")})
}

func delegate(name string) func(stdio cli.Stdio, g *globals, args []string) error {
	return func(stdio cli.Stdio, g *globals, args []string) error {
		exe, err := selfexe.Find("sym-match")
		if err != nil {
			return err
		}
		// The global options go as the flags sourcecmd.ParseGlobals reads.
		global := []string{name, "--update=" + g.update}
		if g.quiet {
			global = append(global, "-q")
		}
		cmd := exec.Command(exe, append(global, args...)...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdio.In, stdio.Out, stdio.Err
		err = cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return &cli.ExitCodeError{Code: exit.ExitCode(), Err: cli.ErrSilent}
		}
		return err
	}
}
