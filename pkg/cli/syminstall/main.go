// Package syminstall is the sym-install command: it reads the sym-match
// stream, installs skills, hooks and MCP servers for the configured agents
// and prints one action record per path.
package syminstall

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	acquire1 "github.com/symposium-dev/symposium-go/pkg/acquire"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/setupcmd"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/install"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

const prog = "sym-install"

const usage = `Usage: sym-install [--dry-run] [--root DIR] [--json] < matches.ndjson

Reads the sym-match stream on stdin and, for every agent in the user config,
installs the matched skills into the workspace, registers our hooks (per
hook-scope) and the matched MCP servers, and removes what it installed
earlier that no longer matches. Prints one "action" record per path
(created, updated, removed, unchanged or skipped) and one "gate" record per
agent setting that would make the agent ignore what we registered.

Flags:
`

// program is sym-install's command line. Its Commands are cargo agents
// subcommands (pkg/cli/setupcmd): cargo-agents delegates them here, with
// its global options as flags, so that it does not link the file editors
// they need.
var program = cli.Program{
	Name:  prog,
	Entry: cli.Command{Help: usage, Flags: declareFlags},
	CommandsHelp: "\nAlso the cargo agents subcommands that edit the agents' files and your\nconfig, as " + prog +
		" NAME [GLOBAL OPTIONS] ARGS... (cargo agents runs them here):\n",
	Commands: setupcmd.Commands,
}

// Main runs sym-install with args (without the program name) and returns the exit code.
func Main(stdio cli.Stdio, args []string) int { return cli.Main(stdio, program, args) }

// flags are sym-install's own options.
type flags struct {
	dryRun, json, offline bool
	root                  string
	accept                multiFlag
}

// declareFlags declares sym-install's flags; the run it returns takes no
// arguments (the match stream comes on stdin).
func declareFlags(fs *flag.FlagSet) func(cli.Stdio, []string) error {
	var f flags
	fs.BoolVar(&f.dryRun, "dry-run", false, "report what would change; write nothing")
	fs.StringVar(&f.root, "root", "", "workspace root (default: the stream's workspace record)")
	fs.BoolVar(&f.json, "json", false, "diagnostics as JSON records on stderr")
	fs.BoolVar(&f.offline, "offline", false, "acquire no hook installation (a hook's auto-sync): report the missing ones")
	fs.Var(&f.accept, "accept-digest", "URL or installation name whose download may differ from the one first trusted (repeatable)")
	return func(stdio cli.Stdio, args []string) error {
		if len(args) > 0 {
			return cli.Usagef("unexpected argument %q (the match stream comes on stdin)", args[0])
		}
		return run(stdio, f)
	}
}

func run(stdio cli.Stdio, f flags) error {
	in, err := readInput(stdio.In)
	if err != nil {
		return err
	}
	if f.root != "" {
		in.Workspace.Root, _ = filepath.Abs(f.root)
	}
	if in.Workspace.Root == "" {
		return fmt.Errorf("<stdin>: no workspace record and no --root: pipe `sym-deps | sym-match` into sym-install")
	}
	diag := cli.Diag{W: stdio.Err, Prog: prog, JSON: f.json}
	dirs, cfg, err := userconf.Load(diag.Warn)
	if err != nil {
		return err
	}
	if len(cfg.Agents) == 0 {
		diag.Warnf("no agents configured in %s: run `cargo agents init` first; only cleaning up", cfg.Path)
	}
	writer := fileedit.Real()
	if f.dryRun {
		writer = fileedit.DryRun()
	} else {
		unlock, err := fileedit.Lock(dirs.Cache, "install")
		if err != nil {
			return fmt.Errorf("taking the install lock in %s: %w", dirs.Cache, err)
		}
		defer unlock()
	}
	out := stream.NewWriter(stdio.Out)
	// The actions go out as each skills directory is done, so that
	// cargo agents sync reads them while the rest is installed.
	emit := func(acts []stream.Action) {
		for i := range acts {
			out.WriteAction(&acts[i])
		}
		out.Flush()
	}
	res := install.Run(in, install.Options{
		Root: in.Workspace.Root, Config: cfg, Dirs: dirs, Command: selfexe.HookCommand(cli.Executable()),
		Writer: writer, DryRun: f.dryRun, Getenv: os.Getenv, Emit: emit,
	})
	for _, a := range acquire(stdio, f, in.Hooks, dirs, cfg, diag) {
		out.Write(a)
	}
	writeGates(out, res)
	if err := out.Flush(); err != nil {
		return err
	}
	for _, w := range res.Warnings {
		diag.Warnf("%s", w)
	}
	for _, e := range res.Errors {
		diag.Error(e)
	}
	if len(res.Errors) > 0 && !f.dryRun {
		return cli.ErrSilent
	}
	return nil
}

// acquire installs what the matched hooks run (installations), with
// progress on stderr and what runs a manifest's shell lines or trusts a
// download also kept in a log file, beyond the sync's output.
func acquire(stdio cli.Stdio, f flags, hooks []stream.Hook, dirs config.Dirs, cfg *config.Config, diag cli.Diag) []stream.Action {
	progress := io.Writer(&prefixed{w: stdio.Err, prefix: prog + ": "})
	if f.json {
		progress = io.Discard
	}
	ilog := logfile.New("sym-install", nil)
	ilog.SetLevel(cfg.LogLevel)
	defer ilog.Flush(dirs.Logs, prog)
	env := cli.ReadEnv()
	iopts := acquire1.Options{Progress: progress, Digests: acquire1.DigestsFile(dirs.Config), Accept: f.accept,
		Log:       func(format string, args ...any) { ilog.Printf(logfile.Info, format, args...) },
		GitHubURL: env.GitHubURL, BinaryURL: env.BinaryURL}
	return installations(hooks, dirs.Cache, f.offline, f.dryRun, iopts, diag.Warn)
}

// writeGates writes one gate record per agent and problem, and one
// gate_input per agent and file read.
func writeGates(out *stream.Writer, res *install.Result) {
	seen := map[string]bool{}
	for _, g := range res.Gates {
		if key := g.Agent + "\x00" + g.Problem; !seen[key] {
			seen[key] = true
			out.Write(g.Record())
		}
	}
	read := map[string]bool{}
	for _, in := range res.GateInputs {
		if key := in.Agent + "\x00" + in.Path; !read[key] {
			read[key] = true
			out.Write(in)
		}
	}
}

// readInput collects what sym-install needs from the match stream: hooks
// only for their installations; other kinds (rejected, ...) are not its
// business. Skills, most of it, are decoded as they are read
// (Reader.NextSkill).
func readInput(r io.Reader) (install.Input, error) {
	var in install.Input
	rd := stream.NewReader(r, "<stdin>")
	for {
		var sk stream.Skill
		raw, decoded, err := rd.NextSkill(&sk)
		if decoded {
			in.Skills = append(in.Skills, sk)
			continue
		}
		if errors.Is(err, io.EOF) {
			return in, nil
		}
		if err != nil {
			return in, err
		}
		switch raw.Kind {
		case stream.KindWorkspace:
			if err := rd.Decode(raw, &in.Workspace); err != nil {
				return in, err
			}
		case stream.KindSkill:
			var s stream.Skill
			if !stream.DecodeSkill(raw.Data, &s) {
				if err := rd.Decode(raw, &s); err != nil {
					return in, err
				}
			}
			in.Skills = append(in.Skills, s)
		case stream.KindMCPServer:
			var s stream.MCPServer
			if err := rd.Decode(raw, &s); err != nil {
				return in, err
			}
			in.MCPServers = append(in.MCPServers, s)
		case stream.KindSource:
			var s stream.Source
			if err := rd.Decode(raw, &s); err != nil {
				return in, err
			}
			in.Sources = append(in.Sources, s)
		case stream.KindHook:
			var h stream.Hook
			if err := rd.Decode(raw, &h); err != nil {
				return in, err
			}
			if len(hookInstallations(h)) > 0 {
				in.Hooks = append(in.Hooks, h)
			}
		}
	}
}

// installations acquires what the matched hooks run, each once, and
// reports one action per installation. A failure is a warning naming the
// plugin and its hooks, which the hook path then skips (their installation
// directory does not exist); the sync goes on.
func installations(hooks []stream.Hook, cache string, offline, dryRun bool, opts acquire1.Options, warn func(pos.Warning)) []stream.Action {
	type want struct {
		in      stream.Installation
		plugins []string
		hooks   []string
	}
	var order []string
	byDir := map[string]*want{}
	for _, h := range hooks {
		for _, in := range hookInstallations(h) {
			w := byDir[in.Dir]
			if w == nil {
				w = &want{in: in}
				byDir[in.Dir] = w
				order = append(order, in.Dir)
			}
			w.in.Files = append(w.in.Files, in.Files...)
			if !slices.Contains(w.plugins, h.Plugin) {
				w.plugins = append(w.plugins, h.Plugin)
			}
			w.hooks = append(w.hooks, h.Plugin+"/"+h.Name)
		}
	}
	var acts []stream.Action
	for _, dir := range order {
		w := byDir[dir]
		w.in.Files = slices.Compact(slices.Sorted(slices.Values(w.in.Files)))
		a := stream.Action{Kind: stream.KindAction, Op: "installation", Path: dir, Name: w.in.Name, Status: stream.StatusUnchanged}
		switch {
		case acquire1.Installed(w.in):
		case dryRun:
			a.Status, a.Detail = stream.StatusCreated, "would be installed"
		case offline:
			// A hook's auto-sync may not build or download: that waits
			// for an explicit sync, and the hooks stay skipped until then.
			a.Status, a.Detail = stream.StatusSkipped, "not installed yet: run `cargo agents sync`"
		default:
			start := time.Now()
			_, err := acquire1.InstallWith(context.Background(), w.in, cache, opts)
			if err != nil {
				a.Status, a.Detail = stream.StatusSkipped, "install failed: "+err.Error()
				// The record's file is "manifest:line" text (docs/streams.md),
				// read from sym-match's stream: pos.Split parses it.
				warn(pos.Split(fmt.Sprintf("%s: plugin %s: installation %q failed: %v; skipping hook %s until it installs (the next `cargo agents sync` tries again)",
					w.in.File, strings.Join(w.plugins, ", "), w.in.Name, err, strings.Join(w.hooks, ", "))))
			} else {
				a.Status = stream.StatusCreated
				fmt.Fprintf(opts.Progress, "installed %s in %s\n", w.in.Name, time.Since(start).Round(100*time.Millisecond))
			}
		}
		acts = append(acts, a)
	}
	return acts
}

// hookInstallations is what h needs acquired: its own installations and
// those of the custom predicates it calls (evaluated when it is about to
// run, which never installs).
func hookInstallations(h stream.Hook) []stream.Installation {
	out := append([]stream.Installation{}, h.Installations...)
	names := slices.Sorted(maps.Keys(h.PredicateCommands))
	for _, name := range names {
		out = append(out, h.PredicateCommands[name].Installations...)
	}
	return out
}

// prefixed writes each line with a prefix, as every sym-* line on stderr.
type prefixed struct {
	w      io.Writer
	prefix string
}

func (p *prefixed) Write(b []byte) (int, error) {
	for _, l := range strings.SplitAfter(string(b), "\n") {
		if l != "" {
			if _, err := io.WriteString(p.w, p.prefix+l); err != nil {
				return 0, err
			}
		}
	}
	return len(b), nil
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
