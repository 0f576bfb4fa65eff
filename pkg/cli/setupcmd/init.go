package setupcmd

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/agentfiles"
	"github.com/symposium-dev/symposium-go/pkg/cargo"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/install"
	"github.com/symposium-dev/symposium-go/pkg/runlog"
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

func runInit(stdio cli.Stdio, g *globals, args []string) error {
	fset := flag.NewFlagSet("cargo agents init", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	var add, remove multiFlag
	fset.Var(&add, "add-agent", "")
	fset.Var(&remove, "remove-agent", "")
	scope := fset.String("hook-scope", "", "")
	trust := fset.Bool("trust", false, "")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdio.Out, initUsage+strings.Join(agent.Names(), ", ")+"\n")
			return nil
		}
		return cli.Usagef("%v", err)
	}
	for _, a := range append(append([]string{}, add...), remove...) {
		if _, ok := agent.Lookup(a); !ok {
			return cli.Usagef("unknown agent %q: choose from %s", a, strings.Join(config.AgentNames, ", "))
		}
	}
	if *scope != "" && *scope != config.ScopeGlobal && *scope != config.ScopeProject {
		return cli.Usagef("--hook-scope %q: must be global or project", *scope)
	}
	dirs, err := cli.UserDirs()
	if err != nil {
		return err
	}
	cfg, warnings, err := config.Load(dirs)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(stdio.Err, "warning: %s\n", w)
	}
	before := append([]string{}, cfg.Agents...)
	interactive := len(add) == 0 && len(remove) == 0 && *scope == "" && !*trust
	in := bufio.NewReader(stdio.In)
	if interactive && !isTerminal(stdio.In) {
		// No one to ask (CI, a script, stdin from /dev/null): keep what
		// is configured, or, on a first run, take the agents the user
		// evidently has, as upstream does; and say which choice was made.
		interactive = false
		switch detected := agent.Installed(dirs.Home); {
		case len(cfg.Agents) > 0:
			fmt.Fprintf(stdio.Err, "cargo agents init: no terminal: keeping the configured agents (%s); change them with --add-agent/--remove-agent\n", strings.Join(cfg.Agents, ", "))
		case len(detected) > 0:
			fmt.Fprintf(stdio.Err, "cargo agents init: no terminal: configuring the agents found in your home directory (%s); change them with --add-agent/--remove-agent\n", strings.Join(detected, ", "))
			add = detected
		default:
			return cli.Usagef("no terminal and no agent found in your home directory: choose with flags, e.g. cargo agents init --add-agent claude (agents: %s)", strings.Join(agent.Names(), ", "))
		}
	}
	if interactive {
		chosen, chosenScope, err := prompt(stdio, in, cfg, dirs.Home)
		if err != nil {
			return err
		}
		add, remove = diffAgents(cfg.Agents, chosen)
		*scope = chosenScope
	}

	data, err := os.ReadFile(cfg.Path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	edited, err := config.EditAgents(cfg.Path, data, add, remove)
	if err != nil {
		return err
	}
	if *scope != "" && (*scope != cfg.HookScope || !strings.Contains(string(edited), "hook-scope")) {
		if edited, err = config.SetHookScope(cfg.Path, edited, *scope); err != nil {
			return err
		}
	}
	w := fileedit.Real()
	af := agentfiles.Of(w)
	unlock, err := fileedit.Lock(dirs.Cache, "install")
	if err != nil {
		return err
	}
	defer unlock()
	status, err := w.WriteFile(cfg.Path, edited, 0o644)
	if err != nil {
		return err
	}
	newCfg, _, err := config.Parse(cfg.Path, edited)
	if err != nil {
		return err
	}
	g.log.Printf(runlog.Info, "%s %s: agents %s, hook scope %s (added %s, removed %s)", cfg.Path, status, listOrNone(newCfg.Agents), newCfg.HookScope, listOrNone(add), listOrNone(remove))
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "%s %s: agents %s, hook scope %s\n", cfg.Path, status, listOrNone(newCfg.Agents), newCfg.HookScope)
	}

	// Global scope: register in the home directory (and drop ours from the
	// current workspace's files, so no hook fires twice). Project scope:
	// register in the current workspace, if any; elsewhere only drop the
	// global entries, and each workspace gets its hooks from
	// `cargo agents sync`.
	ws, err := cargo.Root(cargo.Options{})
	if err != nil {
		ws = ""
		if _, nearErr := cargofind.Nearest("."); nearErr == nil {
			// A Cargo.toml is here but does not parse: register nothing in it.
			fmt.Fprintf(stdio.Err, "warning: %v; no project files written\n", err)
		}
	}
	target := agent.Target{Workspace: ws, Home: dirs.Home, Scope: newCfg.HookScope, Command: selfexe.OurCommand(cli.Executable()), Getenv: os.Getenv}
	if ws != "" {
		// The workspace may be a repository just cloned: its files are
		// written as sync writes them, never through a link out of it.
		af = agentfiles.Of(install.Confine(w, ws))
	}
	var failed bool
	for _, name := range remove {
		if !contains(before, name) {
			continue
		}
		a, _ := agent.Lookup(name)
		changes, err := a.UnregisterHooks(af, target)
		failed = report(stdio, g, name, changes, err) || failed
	}
	for _, name := range newCfg.Agents {
		a, _ := agent.Lookup(name)
		if !a.HasHooks() {
			if !g.Quiet && contains(add, name) {
				fmt.Fprintf(stdio.Out, "  %-8s skills only (%s has no shell hooks)\n", name, a.Display)
			}
			continue
		}
		var changes []agent.Change
		var err error
		if newCfg.HookScope == config.ScopeProject && ws == "" {
			changes, err = a.UnregisterHooks(af, agent.Target{Home: dirs.Home, Scope: config.ScopeGlobal})
			if !g.Quiet && contains(add, name) {
				fmt.Fprintf(stdio.Out, "  %-8s hooks will be registered by `cargo agents sync` in each workspace\n", name)
			}
		} else {
			changes, err = a.RegisterHooks(af, target)
		}
		failed = report(stdio, g, name, changes, err) || failed
	}
	declined := 0
	for _, name := range newCfg.Agents {
		a, _ := agent.Lookup(name)
		// Two gates may edit one file (Codex's project trust and hook
		// hashes): the user hears once per file changed.
		var changes []agent.Change
		for _, gate := range a.Gates(af, target) {
			changed, opened, err := openGate(stdio, g, in, gate, *trust, interactive)
			changes = append(changes, changed...)
			// What was added is recorded even when a later edit of the
			// gate failed: uninstall --trust must know of every entry.
			var added []agent.TrustEntry
			for _, c := range changed {
				if c.Trust != nil {
					added = append(added, *c.Trust)
				}
			}
			if rerr := addTrust(dirs, added); rerr != nil {
				failed = report(stdio, g, name, nil, fmt.Errorf("recording the trust entries added (uninstall --trust will not know of them): %w", rerr)) || failed
			}
			failed = report(stdio, g, name, nil, err) || failed
			if gate.Open != nil && !opened && err == nil {
				declined++
			}
		}
		report(stdio, g, name, onePerFile(changes), nil)
	}
	if declined > 0 && !interactive && !g.Quiet {
		fmt.Fprintln(stdio.Out, cli.TrustHint)
	}
	if ws != "" {
		if err := offerApproval(stdio, g, in, dirs, newCfg, *trust, interactive); err != nil {
			failed = report(stdio, g, "workspace", nil, err) || failed
		}
	}
	if !g.Quiet {
		for _, name := range newCfg.Agents {
			if a, _ := agent.Lookup(name); a.Notice != "" {
				fmt.Fprintf(stdio.Out, "  %-8s %s\n", name, a.Notice)
			}
		}
	}
	if !g.Quiet && !*trust {
		fmt.Fprintln(stdio.Out, "Next: run `cargo agents sync` in a Rust workspace.")
	}
	if failed {
		return cli.ErrSilent
	}
	return nil
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
		g.log.Printf(runlog.Info, "%s: with the user's consent: %s", gate.Agent, gate.Action)
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
		level := runlog.Info
		if c.Status == agent.StatusUnchanged {
			level = runlog.Debug
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
func prompt(stdio cli.Stdio, in *bufio.Reader, cfg *config.Config, home string) (agents []string, scope string, err error) {
	selected := map[string]bool{}
	for _, a := range cfg.Agents {
		selected[a] = true
	}
	var all []*agent.Agent
	for _, a := range agent.All() {
		if a.Offered(home, selected[a.Name]) {
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
		if !contains(before, a) {
			add = append(add, a)
		}
	}
	for _, b := range before {
		if !contains(after, b) {
			remove = append(remove, b)
		}
	}
	return add, remove
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func listOrNone(list []string) string {
	if len(list) == 0 {
		return "(none)"
	}
	return strings.Join(list, ", ")
}
