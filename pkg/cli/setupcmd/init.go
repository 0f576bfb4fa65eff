package setupcmd

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/agentfiles"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/cargows"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/install"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
	"github.com/symposium-dev/symposium-go/pkg/term"
)

const initUsage = `Usage: cargo agents init [--add-agent NAME]... [--remove-agent NAME]... [--hook-scope global|project] [--trust]

Chooses the agents you use and where their hooks go, writes
~/.symposium/config.toml (editing an existing one in place), and registers
hooks for the selected agents. Without flags it asks, on a terminal;
without one (a script, CI, stdin from /dev/null) it keeps the configured
agents, or on a first run takes those found in your home directory
(~/.claude, ~/.codex, ...), and says so.

Some agents ignore what symposium registers until you trust the folder or
approve it (Claude Code, Gemini CLI, Copilot CLI, Codex). init lists each
such gate with its fix; on a terminal it offers to make the change, and
--trust makes every such change without asking. Run it in a workspace
after ` + "`cargo agents sync`" + ` to cover what sync registered there.

In a workspace whose own SYMPOSIUM.toml declares hooks, MCP servers,
installations, chained plugins or subcommands, init also offers to approve
them (as ` + "`cargo agents use --workspace`" + ` does); --trust approves.

Agents: `

// isTerminal reports whether stdin is an interactive terminal; tests replace it.
var isTerminal = func(f io.Reader) bool { return term.IsTerminal(f) }

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// initRun is one `cargo agents init`: its flags, what it found, and
// whether any step failed (each failure is reported as it happens and the
// other steps go on).
type initRun struct {
	stdio       cli.Stdio
	g           *globals
	in          *bufio.Reader
	dirs        config.Dirs
	add, remove []string
	scope       string
	trust       bool
	// interactive: no flag chose for the user, and stdin is a terminal.
	interactive bool
	failed      bool
}

func runInit(stdio cli.Stdio, g *globals, args []string) error {
	r := &initRun{stdio: stdio, g: g, in: bufio.NewReader(stdio.In)}
	if help, err := r.parseFlags(args); help || err != nil {
		return err
	}
	var err error
	if r.dirs, err = userconf.Dirs(); err != nil {
		return err
	}
	cfg, warnings, err := config.Load(r.dirs)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(stdio.Err, "warning: %s\n", w)
	}
	if err := r.choose(cfg); err != nil {
		return err
	}
	w := fileedit.Real()
	unlock, err := fileedit.Lock(r.dirs.Cache, "install")
	if err != nil {
		return err
	}
	defer unlock()
	newCfg, err := r.writeConfig(w, cfg)
	if err != nil {
		return err
	}
	ws, af, target := r.workspace(w, newCfg)
	r.registerHooks(af, target, cfg.Agents, newCfg, ws)
	r.openGates(af, target, newCfg)
	if ws != "" {
		if err := offerApproval(stdio, g, r.in, r.dirs, newCfg, r.trust, r.interactive); err != nil {
			r.report("workspace", nil, err)
		}
	}
	r.printNext(newCfg)
	if r.failed {
		return cli.ErrSilent
	}
	return nil
}

// parseFlags reads init's flags; help is true when it printed the usage.
func (r *initRun) parseFlags(args []string) (help bool, err error) {
	fset := flag.NewFlagSet("cargo agents init", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	var add, remove multiFlag
	fset.Var(&add, "add-agent", "")
	fset.Var(&remove, "remove-agent", "")
	fset.StringVar(&r.scope, "hook-scope", "", "")
	fset.BoolVar(&r.trust, "trust", false, "")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(r.stdio.Out, initUsage+strings.Join(agent.Names(), ", ")+"\n")
			return true, nil
		}
		return false, cli.Usagef("%v", err)
	}
	r.add, r.remove = add, remove
	for _, a := range append(append([]string{}, add...), remove...) {
		if _, ok := agent.Lookup(a); !ok {
			return false, cli.Usagef("unknown agent %q: choose from %s", a, strings.Join(agent.Names(), ", "))
		}
	}
	if r.scope != "" && r.scope != config.ScopeGlobal && r.scope != config.ScopeProject {
		return false, cli.Usagef("--hook-scope %q: must be global or project", r.scope)
	}
	r.interactive = len(add) == 0 && len(remove) == 0 && r.scope == "" && !r.trust
	return false, nil
}

// choose settles the agents to add and remove and the hook scope: the
// flags', the user's answers on a terminal, or without one what is
// configured (on a first run, the agents the home directory shows).
func (r *initRun) choose(cfg *config.Config) error {
	if r.interactive && !isTerminal(r.stdio.In) {
		// No one to ask (CI, a script, stdin from /dev/null): keep what
		// is configured, or, on a first run, take the agents the user
		// evidently has, as upstream does; and say which choice was made.
		r.interactive = false
		switch detected := agent.Installed(agent.Target{Home: r.dirs.Home, Host: r.dirs.Agents}); {
		case len(cfg.Agents) > 0:
			fmt.Fprintf(r.stdio.Err, "cargo agents init: no terminal: keeping the configured agents (%s); change them with --add-agent/--remove-agent\n", strings.Join(cfg.Agents, ", "))
		case len(detected) > 0:
			fmt.Fprintf(r.stdio.Err, "cargo agents init: no terminal: configuring the agents found in your home directory (%s); change them with --add-agent/--remove-agent\n", strings.Join(detected, ", "))
			r.add = detected
		default:
			return cli.Usagef("no terminal and no agent found in your home directory: choose with flags, e.g. cargo agents init --add-agent claude (agents: %s)", strings.Join(agent.Names(), ", "))
		}
	}
	if r.interactive {
		chosen, chosenScope, err := prompt(r.stdio, r.in, cfg, agent.Target{Home: r.dirs.Home, Host: r.dirs.Agents})
		if err != nil {
			return err
		}
		r.add, r.remove = diffAgents(cfg.Agents, chosen)
		r.scope = chosenScope
	}
	return nil
}

// writeConfig edits config.toml in place (agents, hook scope) and returns
// the config it now holds.
func (r *initRun) writeConfig(w fileedit.Writer, cfg *config.Config) (*config.Config, error) {
	data, err := os.ReadFile(cfg.Path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	edited, err := config.EditAgents(cfg.Path, data, r.add, r.remove)
	if err != nil {
		return nil, err
	}
	if r.scope != "" && (r.scope != cfg.HookScope || !strings.Contains(string(edited), "hook-scope")) {
		if edited, err = config.SetHookScope(cfg.Path, edited, r.scope); err != nil {
			return nil, err
		}
	}
	status, err := w.WriteFile(cfg.Path, edited, 0o644)
	if err != nil {
		return nil, err
	}
	newCfg, _, err := config.Parse(cfg.Path, edited)
	if err != nil {
		return nil, err
	}
	r.g.log.Printf(logfile.Info, "%s %s: agents %s, hook scope %s (added %s, removed %s)", cfg.Path, status, listOrNone(newCfg.Agents), newCfg.HookScope, listOrNone(r.add), listOrNone(r.remove))
	if !r.g.Quiet {
		fmt.Fprintf(r.stdio.Out, "%s %s: agents %s, hook scope %s\n", cfg.Path, status, listOrNone(newCfg.Agents), newCfg.HookScope)
	}
	return newCfg, nil
}

// workspace finds the workspace init runs in ("" when none, or when its
// Cargo.toml does not parse), the agent files to edit and the target to
// register for. Global scope registers in the home directory (and drops
// ours from the current workspace's files, so no hook fires twice);
// project scope in the current workspace, if any: elsewhere it only drops
// the global entries, and each workspace gets its hooks from
// `cargo agents sync`.
func (r *initRun) workspace(w fileedit.Writer, newCfg *config.Config) (string, agent.Files, agent.Target) {
	ws, err := cargows.Root(cargows.Options{})
	if err != nil {
		ws = ""
		if _, nearErr := cargofind.Nearest("."); nearErr == nil {
			// A Cargo.toml is here but does not parse: register nothing in it.
			fmt.Fprintf(r.stdio.Err, "warning: %v; no project files written\n", err)
		}
	}
	target := agent.Target{Workspace: ws, Home: r.dirs.Home, Host: r.dirs.Agents, Scope: newCfg.HookScope, Command: selfexe.HookCommand(cli.Executable()), Getenv: os.Getenv}
	if ws == "" {
		return ws, agentfiles.Of(w), target
	}
	// The workspace may be a repository just cloned: its files are
	// written as sync writes them, never through a link out of it.
	return ws, agentfiles.Of(install.Confine(w, ws)), target
}

// registerHooks drops our hooks from the agents removed and registers
// them for every configured agent with shell hooks.
func (r *initRun) registerHooks(af agent.Files, target agent.Target, before []string, newCfg *config.Config, ws string) {
	for _, name := range r.remove {
		if !slices.Contains(before, name) {
			continue
		}
		a, _ := agent.Lookup(name)
		changes, err := a.UnregisterHooks(af, target)
		r.report(name, changes, err)
	}
	for _, name := range newCfg.Agents {
		a, _ := agent.Lookup(name)
		if !a.HasHooks() {
			if !r.g.Quiet && slices.Contains(r.add, name) {
				fmt.Fprintf(r.stdio.Out, "  %-8s skills only (%s has no shell hooks)\n", name, a.Display)
			}
			continue
		}
		var changes []agent.Change
		var err error
		if newCfg.HookScope == config.ScopeProject && ws == "" {
			changes, err = a.UnregisterHooks(af, agent.Target{Home: r.dirs.Home, Host: r.dirs.Agents, Scope: config.ScopeGlobal})
			if !r.g.Quiet && slices.Contains(r.add, name) {
				fmt.Fprintf(r.stdio.Out, "  %-8s hooks will be registered by `cargo agents sync` in each workspace\n", name)
			}
		} else {
			changes, err = a.RegisterHooks(af, target)
		}
		r.report(name, changes, err)
	}
}

// openGates offers to open each configured agent's closed gates (or
// opens them with --trust), recording the trust entries it adds for
// uninstall --trust.
func (r *initRun) openGates(af agent.Files, target agent.Target, newCfg *config.Config) {
	declined := 0
	for _, name := range newCfg.Agents {
		a, _ := agent.Lookup(name)
		// Two gates may edit one file (Codex's project trust and hook
		// hashes): the user hears once per file changed.
		var changes []agent.Change
		for _, gate := range a.Gates(af, target) {
			changed, opened, err := openGate(r.stdio, r.g, r.in, gate, r.trust, r.interactive)
			changes = append(changes, changed...)
			// What was added is recorded even when a later edit of the
			// gate failed: uninstall --trust must know of every entry.
			var added []agent.TrustEntry
			for _, c := range changed {
				if c.Trust != nil {
					added = append(added, *c.Trust)
				}
			}
			if rerr := addTrust(r.dirs, added); rerr != nil {
				r.report(name, nil, fmt.Errorf("recording the trust entries added (uninstall --trust will not know of them): %w", rerr))
			}
			r.report(name, nil, err)
			if gate.Open != nil && !opened && err == nil {
				declined++
			}
		}
		report(r.stdio, r.g, name, onePerFile(changes), nil)
	}
	if declined > 0 && !r.interactive && !r.g.Quiet {
		fmt.Fprintln(r.stdio.Out, cli.TrustHint)
	}
}

// printNext prints the agents' notices and what to run next.
func (r *initRun) printNext(newCfg *config.Config) {
	if r.g.Quiet {
		return
	}
	for _, name := range newCfg.Agents {
		if a, _ := agent.Lookup(name); a.Notice != "" {
			fmt.Fprintf(r.stdio.Out, "  %-8s %s\n", name, a.Notice)
		}
	}
	if !r.trust {
		fmt.Fprintln(r.stdio.Out, "Next: run `cargo agents sync` in a Rust workspace.")
	}
}

// report is report, remembering a failure.
func (r *initRun) report(name string, changes []agent.Change, err error) {
	if report(r.stdio, r.g, name, changes, err) {
		r.failed = true
	}
}

// openGate opens one closed gate when the user consents (--trust, or a yes
// at the prompt); otherwise it shows the gate and its fix. It returns the
// files it changed and whether it opened the gate.
func openGate(stdio cli.Stdio, g *globals, in *bufio.Reader, gate agent.Gate, trust, interactive bool) (changes []agent.Change, opened bool, err error) {
	consent := trust
	if gate.Open != nil && !consent && interactive {
		fmt.Fprintf(stdio.Out, "%s: %s.\nLet symposium %s? [y/N] ", gate.Agent, gate.Problem, gate.Action)
		line, _ := in.ReadString('\n')
		answer := strings.ToLower(strings.TrimSpace(line))
		consent = answer == "y" || answer == "yes"
	}
	if gate.Open == nil || !consent {
		if !g.Quiet {
			cli.PrintGate(stdio.Out, gate.Agent, gate.Problem, gate.Fix)
		}
		return nil, false, nil
	}
	changes, err = gate.Open(agentfiles.Real())
	if err == nil {
		g.log.Printf(logfile.Info, "%s: with the user's consent: %s", gate.Agent, gate.Action)
	}
	return changes, err == nil, err
}

// onePerFile folds several changes to one file into one, in first-seen
// order: created if any created it, else updated if any changed it.
func onePerFile(changes []agent.Change) []agent.Change {
	var out []agent.Change
	at := map[string]int{}
	for _, c := range changes {
		i, seen := at[c.Path]
		if !seen {
			at[c.Path] = len(out)
			out = append(out, c)
			continue
		}
		if out[i].Status == agent.StatusUnchanged || c.Status == agent.StatusCreated {
			out[i].Status = c.Status
		}
	}
	return out
}

func report(stdio cli.Stdio, g *globals, name string, changes []agent.Change, err error) bool {
	for _, c := range changes {
		level := logfile.Info
		if c.Status == agent.StatusUnchanged {
			level = logfile.Debug
		}
		g.log.Printf(level, "%s: %s %s", name, c.Status, c.Path)
	}
	if !g.Quiet {
		for _, c := range changes {
			if c.Status != agent.StatusUnchanged {
				fmt.Fprintf(stdio.Out, "  %-8s %s %s\n", name, c.Status, c.Path)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stdio.Err, "cargo agents init: %s: %v\n", name, err)
		return true
	}
	return false
}

// prompt asks for the agents (a numbered multi-select) and the hook scope.
// where is the user's home and host, where init looks for the agents.
func prompt(stdio cli.Stdio, in *bufio.Reader, cfg *config.Config, where agent.Target) (agents []string, scope string, err error) {
	selected := map[string]bool{}
	for _, a := range cfg.Agents {
		selected[a] = true
	}
	var all []*agent.Agent
	for _, a := range agent.All() {
		if a.Offered(where, selected[a.Name]) {
			all = append(all, a)
		}
	}
	for {
		fmt.Fprintln(stdio.Out, "Which agents do you use? (type numbers to toggle, e.g. `1 3`; enter to confirm)")
		for i, a := range all {
			mark := " "
			if selected[a.Name] {
				mark = "x"
			}
			fmt.Fprintf(stdio.Out, "  %d [%s] %s\n", i+1, mark, a.Display)
		}
		fmt.Fprint(stdio.Out, "> ")
		line, rerr := in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" {
			if rerr != nil && len(selected) == 0 {
				return nil, "", fmt.Errorf("no agents selected")
			}
			if len(selected) == 0 {
				fmt.Fprintln(stdio.Out, "Select at least one agent.")
				continue
			}
			break
		}
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' }) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 || n > len(all) {
				fmt.Fprintf(stdio.Out, "%q is not a number from 1 to %d\n", f, len(all))
				continue
			}
			name := all[n-1].Name
			selected[name] = !selected[name]
			if !selected[name] {
				delete(selected, name)
			}
		}
		if rerr != nil {
			break
		}
	}
	for _, a := range all {
		if selected[a.Name] {
			agents = append(agents, a.Name)
		}
	}
	fmt.Fprintln(stdio.Out, "Register hooks globally (every Rust project) or per project (after `cargo agents sync` there)?")
	fmt.Fprintf(stdio.Out, "  1 global (recommended)\n  2 project\n> ")
	line, _ := in.ReadString('\n')
	switch strings.TrimSpace(line) {
	case "2", "project":
		scope = config.ScopeProject
	default:
		scope = config.ScopeGlobal
	}
	return agents, scope, nil
}

func diffAgents(before, after []string) (add, remove []string) {
	for _, a := range after {
		if !slices.Contains(before, a) {
			add = append(add, a)
		}
	}
	for _, b := range before {
		if !slices.Contains(after, b) {
			remove = append(remove, b)
		}
	}
	return add, remove
}

func listOrNone(list []string) string {
	if len(list) == 0 {
		return "(none)"
	}
	return strings.Join(list, ", ")
}
