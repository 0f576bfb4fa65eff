// Package cargoagents is the cargo-agents command (`cargo agents ...`): a thin
// orchestrator over the sym-* stages. Each subcommand lives in its own file;
// the table below lists them all.
package cargoagents

import (
	"fmt"
	"io"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
)

const prog = "cargo agents"

// command is one `cargo agents` subcommand.
type command struct {
	name, summary string
	hidden        bool
	// json: the command writes records with --json.
	json bool
	// host is the stage binary that runs the command (pkg/cli/sourcecmd
	// in sym-match, pkg/cli/setupcmd in sym-install), writing its own log;
	// "" runs it here with run.
	host string
	run  func(io cli.Stdio, g *globals, args []string) error
	// ownLog: the command writes its own log (the hook, on the hot path),
	// so Main writes none for it.
	ownLog bool
}

// commands are cargo agents' own subcommands, in --help's (alphabetical)
// order; a new one is one more line. Every agent hook call starts
// cargo-agents, so it links only the hook, the sync pipeline and this
// dispatch. The other subcommands run in the stage
// binary that links what they need anyway:
//   - those that read plugin sources and compare versions run in sym-match
//     (pkg/cli/sourcecmd): the manifest parsers and the semver library;
//   - those that edit the agents' files and the user's config run in
//     sym-install (pkg/cli/setupcmd): the JSONC, TOML and YAML editors.
var commands = []command{
	{name: "crate-info", json: true, host: "sym-match", hidden: true, summary: "Find a crate's source and the skills available for it (for agents)"},
	{name: "hook", run: runHook, ownLog: true, hidden: true, summary: "entry point for agents' hooks (internal)"},
	{name: "init", host: "sym-install", summary: "Set up user-wide configuration (agents, hook scope)"},
	{name: "plugin", json: true, host: "sym-match", summary: "Manage plugin sources (list, show, validate, sync)"},
	{name: "search", json: true, host: "sym-match", summary: "Find plugins by name in your sources and crates that embed one"},
	// self-update downloads over HTTP, which this binary (started by
	// every hook call) does not link: sym-install runs it.
	{name: "self-update", host: "sym-install", summary: "Update symposium to the newest release"},
	{name: "status", json: true, host: "sym-match", summary: "Show each plugin for this workspace: active, dormant, candidate or declined, and why"},
	{name: "sync", json: true, run: runSync, summary: "Synchronize skills, hooks and MCP servers with workspace dependencies"},
	{name: "telemetry", run: runTelemetry, summary: "Say what telemetry this version records: none (status, enable, disable, show)"},
	{name: "uninstall", host: "sym-install", summary: "Remove every hook, MCP server and skill symposium installed"},
	{name: "use", host: "sym-match", summary: "Enable a plugin by name ([plugins] use), then sync (--global, --remove)"},
}

// lookup finds a command of ours by name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// globals are the book's global options and the command's log.
type globals struct {
	cli.Globals
	log *cmdlog.Run
	// out is where a command run here writes its records (--json).
	out cli.Records
}

// program is cargo-agents' command line: cli.Main owns a bare --version;
// run owns the rest, the global options before or after a subcommand.
var program = cli.Program{Name: "cargo-agents", Entry: cli.Command{Run: runArgs}}

// Main runs cargo-agents with args (without the program name) and returns
// the exit code.
func Main(stdio cli.Stdio, args []string) int {
	p := program
	p.JQ = func(expr string) (cli.Filter, error) { return stageJQ(stdio.Err, expr) }
	return cli.Main(stdio, p, args)
}

// runArgs runs cargo agents. cargo runs external subcommands as
// `cargo-agents agents ARGS...`, so a leading "agents" is dropped.
func runArgs(io cli.Stdio, args []string) int {
	argv := args
	if len(args) > 0 && args[0] == "agents" {
		args = args[1:]
	}
	g := &globals{Globals: cli.Globals{Update: "none"}}
	args, code, done := leadingOptions(io, g, args)
	if done {
		return code
	}
	if len(args) > 0 && args[0] == "help" {
		// `help CMD [SUB]` is `CMD [SUB] --help`; plain `help` is the overview.
		if rest := g.TakeAll(args[1:]); len(rest) > 0 {
			args = append(rest, "--help")
		} else {
			args = args[:1]
		}
	}
	if len(args) > 0 && !isBuiltin(args[0]) {
		return runVended(io, g, args)
	}
	if len(args) > 0 {
		// The global options may also follow the subcommand.
		args = append(args[:1:1], g.TakeAll(args[1:])...)
	}
	if err := g.Check(); err != nil {
		what := prog
		if len(args) > 0 && args[0] != "help" {
			what += " " + args[0]
		}
		return cli.Report(io.Err, what, err)
	}
	if len(args) == 0 {
		return cli.Report(io.Err, prog, cli.Usagef("missing command"))
	}
	if args[0] == "help" {
		fullUsage(io, g)
		return cli.ExitOK
	}
	return runCommand(io, g, argv, args[0], args[1:])
}

// leadingOptions takes the options before the subcommand: --version and
// --help answer at once (done), the global options fill g.
func leadingOptions(io cli.Stdio, g *globals, args []string) (rest []string, code int, done bool) {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch a := args[0]; a {
		case "--version", "-V":
			fmt.Fprintln(io.Out, buildinfo.VersionLine("cargo-agents"))
			return nil, cli.ExitOK, true
		case "--help", "-h":
			fullUsage(io, g)
			return nil, cli.ExitOK, true
		}
		n := g.Take(args)
		if n == 0 {
			return nil, cli.Report(io.Err, prog, cli.Usagef("unknown option %s", args[0])), true
		}
		args = args[n:]
	}
	return args, 0, false
}

// runVended runs a plugin's command: it owns all its arguments, none is
// taken as ours.
func runVended(io cli.Stdio, g *globals, args []string) int {
	if err := g.Check(); err != nil {
		return cli.Report(io.Err, prog, err)
	}
	if g.JSON {
		return cli.Report(io.Err, prog, cli.Usagef("--json and --jq are for cargo agents' own commands, not a plugin's (%s)", args[0]))
	}
	return cli.Report(io.Err, prog, vended(io, g, args))
}

// runCommand runs our subcommand name: in its host binary, or here with
// its log.
func runCommand(io cli.Stdio, g *globals, argv []string, name string, args []string) int {
	sc, _ := lookup(name)
	what := prog + " " + name
	if g.JSON && !sc.json {
		return cli.Report(io.Err, what, cli.Usagef("%s has no --json output (--json and --jq work with sync, plugin list, plugin validate, status, search and crate-info)", name))
	}
	if code, ok := openRecords(io, g, what, sc, args); !ok {
		return code
	}
	if code, ok := autoUpdate(io, g, argv, name, args); ok {
		return code
	}
	if sc.host != "" {
		// It reports its own errors, as `cargo agents NAME: …`.
		return cli.Report(io.Err, what, delegate(sc.host, name)(io, g, args))
	}
	if sc.ownLog || cmdlog.AsksHelp(args) {
		return cli.Report(io.Err, what, sc.run(io, g, args))
	}
	g.log = cmdlog.Start(name, args, buildinfo.Version)
	g.log.Printf(logfile.Debug, "update %s, quiet %v, verbose %v, json %v", g.Update, g.Quiet, g.Verbose, g.JSON)
	io.Err = g.log.Tee(io.Err)
	err := sc.run(io, g, args)
	report := cli.Report
	if g.JSON {
		report = cli.ReportJSON
	}
	code := report(io.Err, what, err)
	g.log.Finish(err, code)
	return code
}

// openRecords opens g.out for a command run here, which checks its --jq
// expression before the command does any work. (A command run in its
// host binary opens its own output there, as its first step.) ok is
// false when it reported a usage error.
func openRecords(io cli.Stdio, g *globals, what string, sc command, args []string) (code int, ok bool) {
	if sc.host != "" || cmdlog.AsksHelp(args) {
		return 0, true
	}
	out, err := g.Records(io)
	if err != nil {
		return cli.Report(io.Err, what, err), false
	}
	g.out = out
	return 0, true
}

// isBuiltin reports whether name is one of cargo-agents' own commands.
func isBuiltin(name string) bool {
	_, ok := lookup(name)
	return ok || name == "help"
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "cargo agents: give AI coding agents the skills, hooks and MCP servers published for your crates\n\nUsage: cargo agents [--update offline|none|check|fetch] [-q] [-v] [--json] [--jq EXPR] <COMMAND>\n\nCommands:\n")
	for _, c := range commands {
		if !c.hidden {
			fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
		}
	}
	fmt.Fprintf(w, "  %-12s %s\n", "help", "Print this message, or a command's help (help COMMAND [SUBCOMMAND])")
	fmt.Fprintf(w, "\nOptions:\n  --update <LEVEL>  plugin source update behaviour: none (default), check, fetch\n  -q, --quiet       suppress status output\n  -v, --verbose     print the decision trace (what matched, what did not and why)\n  --json            print records instead of text (sync, plugin list, plugin validate, status, search, crate-info)\n  --jq <EXPR>       run a jq expression over each record, one result a line (implies --json)\n  --version         print version\n")
	fmt.Fprintf(w, "\nPlugins may add commands: cargo agents NAME ARGS... (the arguments are the plugin's;\nour options go before NAME). cargo agents --help lists this workspace's below.\n")
}
