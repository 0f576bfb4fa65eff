package cargoagents

import (
	"bufio"
	"bytes"
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

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/pipeline"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/term"
)

const syncUsage = `Usage: cargo agents sync [-q] [-v] [--json] [--dry-run] [--check]

Runs sym-deps | sym-match | sym-install for the workspace containing the
current directory: installs the skills that match its dependencies for every
configured agent, registers hooks and MCP servers, and removes what it
installed earlier that no longer matches. Never touches files it did not
install.

  --dry-run  show what would change; change nothing
  --check    like --dry-run, but exit 3 when anything would change (for CI)
  -q         print nothing but errors
  --accept-digest URL
             install the download from URL (or of the installation so
             named) although its sha256 differs from the one recorded when
             it was first trusted; repeatable (docs/freshness.md)
  -v         also print the decision trace: each skill, hook and MCP server
             that matched, each plugin's state, and what did not match and
             why (when nothing changed, from a dry run that writes nothing)
  --json     print records instead of text: action, gate, plugin_status
             (candidates) and a last sync record; with -v the trace's
             skill, hook, mcp_server, plugin_status and rejected records
             first (docs/streams.md); asks nothing; errors and
             warnings are records on stderr
  --jq EXPR  run the jq expression EXPR over each record, one result a
             line, strings raw (implies --json)
`

func runSync(stdio cli.Stdio, g *globals, args []string) error {
	fs := flag.NewFlagSet("cargo agents sync", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dryRun := fs.Bool("dry-run", false, "")
	check := fs.Bool("check", false, "")
	var accept []string
	fs.Func("accept-digest", "", func(v string) error { accept = append(accept, v); return nil })
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdio.Out, syncUsage)
			return nil
		}
		return cli.Usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return cli.Usagef("sync takes no arguments (run it inside the workspace)")
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	dry := *dryRun || *check
	// On a terminal the questions come first, so that what the user
	// enables installs in this one sync. --json asks nothing: the
	// candidates are among its records.
	asked := map[string]bool{}
	if !dry && !g.JSON && isTerminal(stdio.In) {
		if asked, err = askFirst(stdio, g); err != nil {
			return err
		}
	}
	update := g.SyncUpdate()
	dirs, err := userconf.Dirs()
	if err != nil {
		return err
	}
	opts := pipeline.Options{Dir: cwd, Update: update, DryRun: dry, Quiet: g.Quiet, Stderr: stdio.Err, Version: buildinfo.Version, Explain: g.Verbose, AcceptDigest: accept,
		Dirs: dirs, Executable: cli.Executable(), JSON: g.JSON}
	sum, err := syncRun(context.Background(), opts)
	logSync(g, sum, err)
	if errors.Is(err, pipeline.ErrNotWorkspace) {
		return fmt.Errorf("%v\nRun cargo agents sync inside a Rust workspace (a directory with a Cargo.toml, or below one)", err)
	}
	var stageErr *pipeline.StageError
	if errors.As(err, &stageErr) {
		// The stage already printed its diagnostics.
		if sum != nil && !g.Quiet && !g.JSON {
			printSummary(stdio.Out, sum, dry, true)
		}
		return cli.ErrSilent
	}
	if err != nil {
		return err
	}
	if err := report(stdio, g, sum, opts); err != nil {
		return err
	}
	if !dry && !g.JSON {
		if err := askAfter(stdio, g, cwd, sum.Candidates, asked); err != nil {
			return err
		}
	}
	if drift := changed(sum.Actions); *check && drift > 0 {
		return &cli.ExitCodeError{Code: cli.ExitDrift, Err: fmt.Errorf("%d path(s) would change: run cargo agents sync", drift)}
	}
	return nil
}

// askFirst asks about the plugins awaiting consent that `status` finds
// (from what is cached: no fetch), before the sync, and returns the
// crates asked about. A failure to find them is no failure of the sync:
// it asks after it instead.
func askFirst(stdio cli.Stdio, g *globals) (map[string]bool, error) {
	asked := map[string]bool{}
	cands, err := findCandidates()
	if err != nil {
		g.log.Printf(logfile.Info, "plugins awaiting consent not found before the sync: %v", err)
		return asked, nil
	}
	for _, c := range cands {
		asked[c.Crate] = true
	}
	if len(cands) == 0 {
		return asked, nil
	}
	_, err = consentPrompt(stdio, g, cands)
	return asked, err
}

// askAfter deals with the candidates the sync reports that were not asked
// about before it (a crate source it fetched, say): without a terminal it
// names them; on one it asks, and syncs again if one was enabled.
func askAfter(stdio cli.Stdio, g *globals, cwd string, cands []stream.PluginStatus, asked map[string]bool) error {
	var rest []stream.PluginStatus
	for _, c := range cands {
		if !asked[c.Crate] {
			rest = append(rest, c)
		}
	}
	if len(rest) == 0 {
		return nil
	}
	again, err := consentPrompt(stdio, g, rest)
	if err != nil || !again {
		return err
	}
	// What was just enabled installs in this same run.
	dirs, err := userconf.Dirs()
	if err != nil {
		return err
	}
	sum, err := syncRun(context.Background(), pipeline.Options{
		Dir: cwd, Update: g.SyncUpdate(), Quiet: g.Quiet, Stderr: stdio.Err, Version: buildinfo.Version,
		Dirs: dirs, Executable: cli.Executable(),
	})
	logSync(g, sum, err)
	if err != nil {
		return err
	}
	if !g.Quiet {
		printSummary(stdio.Out, sum, false, false)
	}
	return nil
}

// logSync records what the sync did: which stages ran, what matched, and
// every path it changed (at debug, each path; at info, the counts).
func logSync(g *globals, sum *pipeline.Summary, err error) {
	var stageErr *pipeline.StageError
	if errors.As(err, &stageErr) {
		g.log.Printf(logfile.Error, "stage %s exited with status %d", stageErr.Stage, stageErr.Code)
	}
	if sum == nil {
		return
	}
	if sum.UpToDate {
		g.log.Printf(logfile.Info, "workspace %s: inputs and outputs unchanged since the last sync; no stage ran", sum.WorkspaceRoot)
	} else {
		g.log.Printf(logfile.Info, "workspace %s: ran sym-deps | sym-match | sym-install (update %s)", sum.WorkspaceRoot, g.Update)
	}
	g.log.Printf(logfile.Info, "matched %d skill(s), %d hook(s), %d MCP server(s)", sum.Matched.Skills, sum.Matched.Hooks, sum.Matched.MCPServers)
	counts := map[string]int{}
	// One line a path (1,577 at 1,000 skills: 0.5 ms and 490 KB kept
	// until the log is written) only when the level lets them out.
	each := g.log.Enabled(logfile.Debug)
	for _, a := range sum.Actions {
		counts[a.Status]++
		if each {
			g.log.Printf(logfile.Debug, "%s %s %s (%s)", a.Status, a.Op, a.Path, a.Agent)
		}
	}
	if len(counts) > 0 {
		keys := slices.Sorted(maps.Keys(counts))
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
		}
		g.log.Printf(logfile.Info, "paths: %s", strings.Join(parts, ", "))
	}
	for _, gate := range sum.Gates {
		g.log.Printf(logfile.Warn, "gate: %s: %s (fix: %s)", gate.Agent, gate.Problem, gate.Fix)
	}
}

func changed(actions []stream.Action) int {
	n := 0
	for _, a := range actions {
		if a.Status != stream.StatusUnchanged && a.Status != stream.StatusSkipped {
			n++
		}
	}
	return n
}

// printSummary prints, per agent, what changed, then gates, in a few lines.
func printSummary(w io.Writer, sum *pipeline.Summary, dry, stopped bool) {
	verb := map[string]string{stream.StatusCreated: "installed", stream.StatusUpdated: "updated", stream.StatusRemoved: "removed"}
	if dry {
		verb = map[string]string{stream.StatusCreated: "would install", stream.StatusUpdated: "would update", stream.StatusRemoved: "would remove"}
	}
	root := sum.WorkspaceRoot
	if root != "" {
		if rel, err := filepath.Rel(mustGetwd(), root); err == nil && !strings.HasPrefix(rel, "..") {
			root = rel
		}
		fmt.Fprintf(w, "workspace %s: %d skill(s), %d hook(s), %d MCP server(s) match\n", root, sum.Matched.Skills, sum.Matched.Hooks, sum.Matched.MCPServers)
	}
	if sum.UpToDate {
		fmt.Fprintln(w, "  nothing changed since the last sync")
	}
	per := tallyActions(sum.Actions)
	names := slices.Sorted(maps.Keys(per))
	for _, n := range names {
		what := per[n].describe(verb)
		if stopped && what == upToDate {
			// A stage failed: what it did not reach is not up to date.
			what = "nothing changed: the sync stopped at the error above"
		}
		fmt.Fprintf(w, "  %-8s %s\n", n, what)
	}
	printInstallations(w, sum.Actions, verb[stream.StatusCreated])
	openable := 0
	for _, g := range sum.Gates {
		cli.PrintGate(w, g.Agent, g.Problem, g.Fix)
		if g.Action != "" {
			openable++
		}
	}
	if openable > 0 {
		fmt.Fprintln(w, cli.TrustHint)
	}
}

// upToDate is an agent's summary line when the sync changed nothing of
// its.
const upToDate = "up to date"

// tally counts one agent's actions by kind and status.
type tally struct{ skills, hooks, servers map[string]int }

// tallyActions counts the actions per agent (an action may name several).
func tallyActions(actions []stream.Action) map[string]*tally {
	per := map[string]*tally{}
	for _, a := range actions {
		for _, name := range strings.Split(a.Agent, ",") {
			if name == "" {
				continue
			}
			t := per[name]
			if t == nil {
				t = &tally{map[string]int{}, map[string]int{}, map[string]int{}}
				per[name] = t
			}
			switch a.Op {
			case "skill":
				t.skills[a.Status]++
			case "hook", "agent_file":
				t.hooks[a.Status]++
			case "mcp_server":
				t.servers[a.Status]++
			}
		}
	}
	return per
}

// describe is t in words ("skills: 2 installed; hook files: 1 updated"),
// or "up to date".
func (t *tally) describe(verb map[string]string) string {
	var parts []string
	add := func(what string, m map[string]int) {
		var bits []string
		for _, st := range []string{stream.StatusCreated, stream.StatusUpdated, stream.StatusRemoved} {
			if m[st] > 0 {
				bits = append(bits, fmt.Sprintf("%d %s", m[st], verb[st]))
			}
		}
		if len(bits) > 0 {
			parts = append(parts, what+" "+strings.Join(bits, ", "))
		}
	}
	add("skills:", t.skills)
	add("hook files:", t.hooks)
	add("MCP servers:", t.servers)
	if len(parts) == 0 {
		return upToDate
	}
	return strings.Join(parts, "; ")
}

// printInstallations prints how many hook installations were installed
// (installed: the verb) and how many were not.
func printInstallations(w io.Writer, actions []stream.Action, installedVerb string) {
	var installed, missing int
	for _, a := range actions {
		if a.Op == "installation" {
			switch a.Status {
			case stream.StatusCreated:
				installed++
			case stream.StatusSkipped:
				missing++
			}
		}
	}
	if installed+missing > 0 {
		line := fmt.Sprintf("  hook installations: %d %s", installed, installedVerb)
		if missing > 0 {
			line += fmt.Sprintf(", %d not installed (their hooks are skipped; see above)", missing)
		}
		fmt.Fprintln(w, line)
	}
}

// recordConsent writes the consent answers to config.toml's [plugins]
// (auto-enable, disable). sym-install does the edit (pkg/cli/setupcmd),
// so that cargo-agents links no TOML editor; tests replace it.
var recordConsent = func(enable, disable []string) error {
	args := []string{"consent", "-q"}
	for _, n := range enable {
		args = append(args, "--auto-enable", n)
	}
	for _, n := range disable {
		args = append(args, "--disable", n)
	}
	return run("sym-install", args, cli.Stdio{Out: io.Discard, Err: os.Stderr})
}

// consentPrompt asks, on a terminal, about each plugin a dependency
// embeds that the user has not decided about (upstream: cargo-agents-sync
// "Consent prompt"): later (the default, records nothing), enable
// ([plugins] auto-enable) or never ([plugins] disable). Without a
// terminal it asks nothing and enables nothing: it names them. It reports
// whether anything was enabled.
func consentPrompt(stdio cli.Stdio, g *globals, cands []stream.PluginStatus) (bool, error) {
	seen := map[string]bool{}
	var list []stream.PluginStatus
	for _, c := range cands {
		if !seen[c.Crate] {
			seen[c.Crate] = true
			list = append(list, c)
		}
	}
	if !isTerminal(stdio.In) {
		if !g.Quiet {
			var names []string
			for _, c := range list {
				names = append(names, c.Crate+" "+c.Version)
			}
			fmt.Fprintf(stdio.Out, "note: %d dependenc(ies) embed an agent plugin that stays off until you consent: %s\n  fix: cargo agents status; then cargo agents use NAME (or run cargo agents sync in a terminal to be asked)\n", len(list), strings.Join(names, ", "))
		}
		return false, nil
	}
	in := bufio.NewReader(stdio.In)
	var enable, disable []string
	fmt.Fprintln(stdio.Out, "These dependencies embed an agent plugin (skills for your agent written by the crate's author).")
ask:
	for _, c := range list {
		fmt.Fprintf(stdio.Out, "%s %s: [L]ater / [e]nable / [n]o, don't ask again? ", c.Crate, c.Version)
		line, err := in.ReadString('\n')
		switch a := strings.ToLower(strings.TrimSpace(line)); {
		case strings.Contains(line, "\x1b"):
			break ask // Escape: the rest stay undecided
		case a == "e" || a == "enable" || a == "y" || a == "yes":
			enable = append(enable, config.CrateEntry(c.Crate))
		case a == "n" || a == "no" || a == "never":
			disable = append(disable, config.CrateEntry(c.Crate))
		}
		if err != nil {
			break
		}
	}
	if len(enable)+len(disable) == 0 {
		return false, nil
	}
	if err := recordConsent(enable, disable); err != nil {
		return false, err
	}
	if len(enable) > 0 {
		fmt.Fprintf(stdio.Out, "enabled (recorded in [plugins] auto-enable): %s\n", strings.Join(enable, ", "))
	}
	if len(disable) > 0 {
		fmt.Fprintf(stdio.Out, "declined (recorded in [plugins] disable): %s\n", strings.Join(disable, ", "))
	}
	return len(enable) > 0, nil
}

// syncRun is pipeline.Sync; tests replace it.
var syncRun = pipeline.Sync

// findCandidates runs `sym-match status --json` (cache-only, like
// status) and returns its candidate records; tests replace it.
var findCandidates = func() ([]stream.PluginStatus, error) {
	var out, errOut bytes.Buffer
	if err := run("sym-match", []string{"status", "--update=offline", "-q", "--json"}, cli.Stdio{Out: &out, Err: &errOut}); err != nil {
		return nil, fmt.Errorf("sym-match status: %v: %s", err, strings.TrimSpace(errOut.String()))
	}
	rd := stream.NewReader(&out, "sym-match status")
	var cands []stream.PluginStatus
	for {
		raw, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return cands, nil
		}
		if err != nil {
			return nil, err
		}
		var ps stream.PluginStatus
		if raw.Kind != stream.KindPluginStatus {
			continue
		}
		if err := rd.Decode(raw, &ps); err != nil {
			return nil, err
		}
		if ps.State == stream.StateCandidate {
			cands = append(cands, ps)
		}
	}
}

// isTerminal reports whether stdin is an interactive terminal; tests replace it.
var isTerminal = func(f io.Reader) bool { return term.IsTerminal(f) }

func mustGetwd() string {
	wd, _ := os.Getwd()
	return wd
}
