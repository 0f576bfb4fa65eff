package cargoagents

import (
	"errors"
	"os/exec"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
)

// Every agent hook call starts cargo-agents, so it links only the hook, the
// sync pipeline and this dispatch. The other subcommands run in the stage
// binary that links what they need anyway, each writing its own log:
//   - those that read plugin sources and compare versions run in sym-match
//     (pkg/cli/sourcecmd): the manifest parsers and the semver library;
//   - those that edit the agents' files and the user's config run in
//     sym-install (pkg/cli/setupcmd): the JSONC, TOML and YAML editors.
func init() {
	register("plugin", subcommand{json: true, summary: "Manage plugin sources (list, show, validate, sync)", ownLog: true, run: delegate("sym-match", "plugin")})
	register("use", subcommand{summary: "Enable a plugin by name ([plugins] use), then sync (--global, --remove)", ownLog: true, run: delegate("sym-match", "use")})
	register("status", subcommand{json: true, summary: "Show each plugin for this workspace: active, dormant, candidate or declined, and why", ownLog: true, run: delegate("sym-match", "status")})
	register("search", subcommand{json: true, summary: "Find plugins by name in your sources and crates that embed one", ownLog: true, run: delegate("sym-match", "search")})
	register("crate-info", subcommand{json: true, summary: "Find a crate's source and the skills available for it (for agents)", hidden: true, ownLog: true, run: delegate("sym-match", "crate-info")})
	register("init", subcommand{summary: "Set up user-wide configuration (agents, hook scope)", ownLog: true, run: delegate("sym-install", "init")})
	register("uninstall", subcommand{summary: "Remove every hook, MCP server and skill symposium installed", ownLog: true, run: delegate("sym-install", "uninstall")})
}

// delegate runs `BINARY NAME GLOBALS... ARGS...`, the global options going
// as the flags both binaries' subcommands read.
func delegate(binary, name string) func(stdio cli.Stdio, g *globals, args []string) error {
	return func(stdio cli.Stdio, g *globals, args []string) error {
		global := []string{name, "--update=" + g.update}
		if g.quiet {
			global = append(global, "-q")
		}
		if binary == "sym-match" {
			// sym-install's commands (init, uninstall) print no trace
			// and no records.
			if g.verbose {
				global = append(global, "-v")
			}
			if g.json {
				global = append(global, "--json")
			}
		}
		return run(binary, append(global, args...), stdio)
	}
}

// run runs binary (found beside this executable, then on PATH) with args
// on stdio; its exit status travels as an ExitCodeError with nothing more
// to print (it reported its own failures).
func run(binary string, args []string, stdio cli.Stdio) error {
	exe, err := selfexe.Find(binary)
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdio.In, stdio.Out, stdio.Err
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return &cli.ExitCodeError{Code: exit.ExitCode(), Err: cli.ErrSilent}
	}
	return err
}
