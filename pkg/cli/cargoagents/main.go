// Package cargoagents is the cargo-agents command (`cargo agents ...`): a thin
// orchestrator over the sym-* stages. Each subcommand lives in its own file.
package cargoagents

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
	"github.com/symposium-dev/symposium-go/pkg/runlog"
)

const prog = "cargo agents"

// subcommand runs with the arguments after its name.
type subcommand struct {
	summary string
	hidden  bool
	// ownLog: the command writes its own log (the hook, on the hot path;
	// the commands sym-match runs), so Main writes none for it.
	ownLog bool
	// json: the command writes records with --json.
	json bool
	run  func(io cli.Stdio, g *globals, args []string) error
}

// globals are the options the book lists before any subcommand.
type globals struct {
	quiet bool
	// verbose (-v): the decision trace, in words; json (--json): records
	// on stdout instead of text (sync, plugin list, plugin validate, and
	// the commands with a --json of their own).
	verbose, json bool
	update        string // offline, none, check, fetch
	// updateSet: --update was given. Without it, sync refreshes the
	// auto-update sources whose last check is older than the debounce.
	updateSet bool
	log       *cmdlog.Run
}

var subcommands = map[string]subcommand{}

func register(name string, sc subcommand) { subcommands[name] = sc }

// Main runs cargo-agents. cargo runs external subcommands as
// `cargo-agents agents ARGS...`, so a leading "agents" is dropped.
func Main(io cli.Stdio, args []string) int {
	argv := args
	if len(args) > 0 && args[0] == "agents" {
		args = args[1:]
	}
	g := &globals{update: "none"}
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch a := args[0]; {
		case a == "--version" || a == "-V":
			fmt.Fprintln(io.Out, cli.VersionLine("cargo-agents"))
			return cli.ExitOK
		case a == "--help" || a == "-h":
			fullUsage(io, g)
			return cli.ExitOK
		default:
			n := g.take(args)
			if n == 0 {
				return cli.Report(io.Err, prog, cli.Usagef("unknown option %s", a))
			}
			args = args[n-1:]
		}
		args = args[1:]
	}
	if len(args) > 0 && args[0] == "help" {
		// `help CMD [SUB]` is `CMD [SUB] --help`; plain `help` is the overview.
		if rest := g.takeAll(args[1:]); len(rest) > 0 {
			args = append(rest, "--help")
		} else {
			args = args[:1]
		}
	}
	if len(args) > 0 && !isBuiltin(args[0]) {
		// A plugin's command owns all its arguments: none is taken as ours.
		if err := g.check(); err != nil {
			return cli.Report(io.Err, prog, err)
		}
		if g.json {
			return cli.Report(io.Err, prog, cli.Usagef("--json is for cargo agents' own commands, not a plugin's (%s)", args[0]))
		}
		return cli.Report(io.Err, prog, vended(io, g, args))
	}
	if len(args) > 0 {
		// The global options may also follow the subcommand.
		args = append(args[:1:1], g.takeAll(args[1:])...)
	}
	if err := g.check(); err != nil {
		return cli.Report(io.Err, prog, err)
	}
	if len(args) == 0 {
		usage(io.Err)
		return cli.ExitUsage
	}
	if args[0] == "help" {
		fullUsage(io, g)
		return cli.ExitOK
	}
	sc := subcommands[args[0]]
	if code, ok := autoUpdate(io, argv, args[0], args[1:]); ok {
		return code
	}
	if g.json && !sc.json {
		return cli.Report(io.Err, prog, cli.Usagef("%s has no --json output (--json works with sync, plugin list, plugin validate, status, search and crate-info)", args[0]))
	}
	if sc.ownLog || cmdlog.AsksHelp(args[1:]) {
		return cli.Report(io.Err, prog, sc.run(io, g, args[1:]))
	}
	g.log = cmdlog.Start(args[0], args[1:], cli.Version)
	g.log.Printf(runlog.Debug, "update %s, quiet %v, verbose %v, json %v", g.update, g.quiet, g.verbose, g.json)
	io.Err = g.log.Tee(io.Err)
	err := sc.run(io, g, args[1:])
	code := reportErr(io, g, err)
	g.log.Finish(err, code)
	return code
}

// reportErr is cli.Report, except that with --json the error is an
// error record on stderr (docs/streams.md, Diagnostics).
func reportErr(stdio cli.Stdio, g *globals, err error) int {
	var usage *cli.UsageError
	if !g.json || err == nil || errors.Is(err, cli.ErrSilent) || errors.As(err, &usage) {
		return cli.Report(stdio.Err, prog, err)
	}
	var coded *cli.ExitCodeError
	if errors.As(err, &coded) && (coded.Err == nil || errors.Is(coded.Err, cli.ErrSilent)) {
		return coded.Code
	}
	cli.Diag{W: stdio.Err, Prog: prog, JSON: true}.Error(err)
	return cli.Report(io.Discard, prog, err)
}

// isBuiltin reports whether name is one of cargo-agents' own commands.
func isBuiltin(name string) bool {
	_, ok := subcommands[name]
	return ok || name == "help"
}

// check refuses an --update level no command knows.
func (g *globals) check() error {
	switch g.update {
	case "offline", "none", "check", "fetch":
		return nil
	}
	return cli.Usagef("--update %q: must be offline, none, check or fetch", g.update)
}

// take consumes one global option at the start of args, returning how many
// arguments it used (0: not a global option).
func (g *globals) take(args []string) int {
	switch a := args[0]; {
	case a == "-q" || a == "--quiet":
		g.quiet = true
		return 1
	case a == "-v" || a == "--verbose":
		g.verbose = true
		return 1
	case a == "--json":
		g.json = true
		return 1
	case a == "--update" && len(args) > 1:
		g.update, g.updateSet = args[1], true
		return 2
	case strings.HasPrefix(a, "--update="):
		g.update, g.updateSet = strings.TrimPrefix(a, "--update="), true
		return 1
	}
	return 0
}

// takeAll removes the global options from a subcommand's arguments (up to
// a "--") and returns the rest.
func (g *globals) takeAll(args []string) []string {
	var rest []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return append(rest, args[i:]...)
		}
		if n := g.take(args[i:]); n > 0 {
			i += n - 1
			continue
		}
		rest = append(rest, args[i])
	}
	return rest
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "cargo agents: give AI coding agents the skills, hooks and MCP servers published for your crates\n\nUsage: cargo agents [--update offline|none|check|fetch] [-q] [-v] [--json] <COMMAND>\n\nCommands:\n")
	names := make([]string, 0, len(subcommands))
	for n, sc := range subcommands {
		if !sc.hidden {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, subcommands[n].summary)
	}
	fmt.Fprintf(w, "  %-12s %s\n", "help", "Print this message, or a command's help (help COMMAND [SUBCOMMAND])")
	fmt.Fprintf(w, "\nOptions:\n  --update <LEVEL>  plugin source update behaviour: none (default), check, fetch\n  -q, --quiet       suppress status output\n  -v, --verbose     print the decision trace (what matched, what did not and why)\n  --json            print records instead of text (sync, plugin list, plugin validate, status, search, crate-info)\n  --version         print version\n")
	fmt.Fprintf(w, "\nPlugins may add commands: cargo agents NAME ARGS... (the arguments are the plugin's;\nour options go before NAME). cargo agents --help lists this workspace's below.\n")
}
