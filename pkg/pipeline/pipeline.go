// Package pipeline runs a sync: sym-deps | sym-match | sym-install as
// processes (found beside the running executable, then on PATH), then stores
// the fingerprint and match result for the hook path (pkg/syncstate).
//
// It stays light on purpose: it parses no manifests and compares no versions
// (the stage processes do), so whatever imports it starts fast.
package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
	"github.com/symposium-dev/symposium-go/pkg/syncstate/write"
)

// Options control one sync.
type Options struct {
	Dir    string // where to look for the workspace (sym-deps runs here)
	Update string // offline, auto, none, check, fetch (passed to sym-match)
	// Version is the running symposium's: part of the stored fingerprint,
	// so a new build re-syncs.
	Version string
	DryRun  bool      // sym-install --dry-run; no state stored
	Quiet   bool      // pass nothing of the stages' stderr but errors
	Stderr  io.Writer // the stages' diagnostics
	// Dirs are symposium's directories, and Executable the running
	// executable ("" unknown): the stages are found beside it, and a new
	// build of it re-syncs. pkg/cli reads both from the environment.
	Dirs       config.Dirs
	Executable string

	// JSON runs the stages with --json and relays their diagnostic
	// records to Stderr, each once, and nothing else (recordRelay).
	JSON bool

	// AcceptDigest names downloads whose changed digest the user accepts
	// (sym-install --accept-digest); the stages then always run.
	AcceptDigest []string
	// Explain runs sym-match --explain and keeps its decision trace in
	// Summary.Trace. With DryRun it runs the stages even when nothing
	// changed since the last sync (a dry run stores nothing), so that
	// there is a trace to show.
	Explain bool
}

// Summary is what a sync did.
type Summary struct {
	WorkspaceRoot string
	Actions       []stream.Action
	// Gates are sym-install's gate records. The sync record keeps them,
	// and stamps the files they were decided from (GateInputs), so a sync
	// that finds nothing changed shows them without reading the agents'
	// files again.
	Gates      []stream.Gate
	GateInputs []string
	// Matched counts what matched the workspace.
	Matched struct{ Skills, Hooks, MCPServers int }
	// UpToDate means nothing changed since the last sync (inputs and
	// outputs), so the stages did not run and Actions is empty.
	UpToDate bool
	// Candidates are sym-match's plugin_status records in state
	// candidate: plugins dependencies embed, awaiting consent.
	Candidates []stream.PluginStatus
	// Trace is sym-match's decision trace, with Options.Explain: what
	// matched and every plugin_status and rejected record.
	Trace Trace
	// Approval is "awaiting" or "changed" when a workspace plugin's hooks,
	// MCP servers, chained plugins or subcommands wait for the user's
	// approval of the workspace (pkg/approval); "" otherwise.
	Approval string
	// Statuses are all of sym-match's plugin_status records (empty when
	// UpToDate): the status record keeps them for `cargo agents status`.
	Statuses []stream.PluginStatus
}

// Trace is what sym-match decided, record by record.
type Trace struct {
	Skills     []stream.Skill
	Hooks      []stream.Hook
	MCPServers []stream.MCPServer
	Statuses   []stream.PluginStatus
	Rejected   []stream.Rejected
}

// ErrNotWorkspace means sym-deps found no Cargo workspace.
var ErrNotWorkspace = errors.New("not inside a Rust workspace (no Cargo.toml here or above)")

// StageError is a stage that exited non-zero. Its diagnostics reached
// Options.Stderr already. Stderr is what the stage wrote there: text, or
// with Options.JSON records.
type StageError struct {
	Stage  string
	Code   int
	Stderr string
}

func (e *StageError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		return fmt.Sprintf("%s exited with status %d", e.Stage, e.Code)
	}
	return msg
}

// Sync runs the three stages piped and, unless DryRun, stores the state.
func Sync(ctx context.Context, opts Options) (*Summary, error) {
	if opts.Stderr == nil {
		opts.Stderr = io.Discard
	}
	if opts.Update == "" {
		opts.Update = "none"
	}
	if opts.Explain && opts.DryRun {
		// Run the stages for the trace: a dry run stores nothing.
	} else if sum := upToDate(opts); sum != nil {
		return sum, nil
	}
	if !opts.DryRun {
		forgetRecord(opts)
	}
	// A file the stages read after this moment may have changed while
	// they ran: the matched skills' files are trusted only if older.
	start := time.Now()
	cmds, err := stageCmds(ctx, opts)
	if err != nil {
		return nil, err
	}
	r, err := cmds.run(opts)
	if err != nil {
		return nil, err
	}
	if err := r.failure(opts); err != nil {
		return nil, err
	}
	m := r.match
	sum := &m.sum
	sum.Actions, sum.Gates, sum.GateInputs = r.install.actions, r.install.gates, r.install.gateInputs
	if r.installReadErr != nil {
		return sum, r.installReadErr
	}
	if r.errInst != nil {
		return sum, stageErr("sym-install", r.errInst, r.instErr.buf.String())
	}
	if opts.DryRun || sum.WorkspaceRoot == "" {
		return sum, nil
	}
	return sum, storeState(sum.WorkspaceRoot, opts, m.fingerprint(sum.Actions, start), m.hooks, m.notes(), sum)
}

// pluginNotes are the session-start notes about plugins waiting for the
// user: candidates (a dependency embeds them; nothing of theirs runs
// without consent) and dormant ones (enabled only by name).
func pluginNotes(candidates []stream.PluginStatus, dormant int) []string {
	var parts []string
	if len(candidates) > 0 {
		names := make([]string, len(candidates))
		for i, c := range candidates {
			names[i] = c.Name
		}
		parts = append(parts, fmt.Sprintf("plugins awaiting consent: %s", strings.Join(names, ", ")))
	}
	if dormant > 0 {
		parts = append(parts, fmt.Sprintf("%d dormant", dormant))
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{strings.Join(parts, ", ") + " (`cargo agents status`; `cargo agents use NAME` enables one)"}
}

// approvalNotes is the session-start note about a workspace plugin whose
// hooks and MCP servers wait for the user's approval.
func approvalNotes(state string) []string {
	if state == "" {
		return nil
	}
	return []string{approval.Reason(approval.State(state))}
}

// sourceNotes are the session-start notes about plugin sources that are
// not current: ones that could not be read (what they installed is kept),
// and the central source served from the built-in snapshot.
func sourceNotes(unread, snapshot []string) []string {
	var notes []string
	if len(unread) > 0 {
		notes = append(notes, fmt.Sprintf("plugin source(s) %s unreadable, skills may be stale (`cargo agents sync` retries)", strings.Join(unread, ", ")))
	}
	if len(snapshot) > 0 {
		notes = append(notes, fmt.Sprintf("%s from the built-in snapshot (`cargo agents plugin sync` when online)", strings.Join(snapshot, ", ")))
	}
	return notes
}

// upToDate returns the summary the last sync stored for the workspace
// containing opts.Dir when every file its records stamp is as that sync
// left it, so that running the stages again would change nothing. It reads
// no manifest: it stats the recorded paths only (docs/freshness.md).
func upToDate(opts Options) *Summary {
	if opts.Update != "none" && opts.Update != "offline" && opts.Update != "auto" {
		return nil // a fetch or check must run
	}
	if len(opts.AcceptDigest) > 0 {
		return nil // an accepted download must be installed
	}
	dirs, cfg, err := config.LoadUser(opts.Dirs, ignore)
	if err != nil {
		return nil
	}
	st, err := syncstate.Find(dirs.Cache, opts.Dir)
	if err != nil || st == nil {
		return nil
	}
	st.Close() // its header is all this needs
	// The nearest Cargo.toml must be one the stored sync read: else opts.Dir
	// is in another workspace nested inside that one.
	manifest, _ := cargofind.Nearest(opts.Dir)
	known := false
	for _, in := range st.Inputs {
		if in.Path == manifest {
			known = true
			break
		}
	}
	if !known || !st.Fresh(hookrecord.Extra(cfg.Agents, cfg.HookScope, opts.Version)) {
		return nil
	}
	if opts.Update == "auto" && st.Config != nil {
		for _, c := range st.Config.Refresh {
			if hookrecord.Due(c, cfg.AutoUpdateInterval, time.Now()) {
				return nil // a source is due for a refresh: sym-match does it
			}
		}
	}
	rec := syncstate.LoadRecord(dirs.Cache, st.WorkspaceRoot)
	if rec == nil || !hookrecord.StampsFresh(rec.Files) {
		return nil
	}
	sum := &Summary{WorkspaceRoot: st.WorkspaceRoot, UpToDate: true, Gates: rec.Gates, Candidates: rec.Candidates, Approval: rec.Approval}
	sum.Matched.Skills, sum.Matched.Hooks, sum.Matched.MCPServers = rec.Skills, rec.Hooks, rec.MCPServers
	return sum
}

// forgetRecord removes the sync record of the workspace containing
// opts.Dir before the stages write anything. Stages that run although no
// recorded input changed (--update check, a source due for a refresh) and
// are killed part-way can leave an installed file half-written, which the
// record does not stamp: kept, it would make the next sync say nothing
// changed and `sync --check` pass on that file. A sync that completes
// stores a new record.
func forgetRecord(opts Options) {
	dirs, _, err := config.LoadUser(opts.Dirs, ignore)
	if err != nil {
		return
	}
	if st, err := syncstate.Find(dirs.Cache, opts.Dir); err == nil && st != nil {
		st.Close()
		write.Record(dirs.Cache, st.WorkspaceRoot, nil)
	}
}

// under keeps the dirs that are inside one of roots: the matched skills of
// local sources and of the workspace. A skill in a git clone (a source's,
// a [[skills]] group's) or in cargo's registry changes only with the clone
// or the lockfile, which the records show already; and a checkout may
// rewrite its files with new stamps, which would only make a sync run its
// stages for nothing.
func under(dirs, roots []string) []string {
	var out []string
	for _, d := range dirs {
		for _, r := range roots {
			if rel, err := filepath.Rel(r, d); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// fingerprint is what one sync read and wrote, by who checks it.
type fingerprint struct {
	workspace  []string        // each Cargo.toml and the Cargo.lock (hook)
	sources    []string        // each source's directory and git refs (hook)
	sourceTree []string        // each local source's non-skill directories and manifests (sync)
	actions    []stream.Action // what sym-install wrote or checked (sync; skill parents: hook)
	refresh    []string        // the check stamps of auto-update git sources (hook: refresh due)
	skillDirs  []string        // the matched skills' directories in local sources, each file below stamped (sync)
	unread     []string        // the sources that could not be read (what they installed is kept): no sync record, so every sync retries them
	start      time.Time       // before the stages read anything
}

// storeState stores the hook record and the sync record. Each path is
// stat'ed once. Installed skills are stamped by the directory holding
// them: deleting, adding or renaming one changes its mtime, and stamping
// every skill directory would make both checks grow with the catalogue.
func storeState(root string, opts Options, fp fingerprint, hooks []stream.Hook, notes []string, sum *Summary) error {
	dirs, cfg, err := config.LoadUser(opts.Dirs, ignore)
	if err != nil {
		return err
	}
	hookPaths := append(append([]string{}, fp.workspace...), fp.sources...)
	hookPaths = append(hookPaths, cfg.Path)
	if opts.Executable != "" {
		// A new build of symposium may install differently.
		hookPaths = append(hookPaths, opts.Executable)
	}
	var written []string
	for _, a := range fp.actions {
		switch {
		case a.Status == stream.StatusSkipped:
		case a.Op == "skill":
			hookPaths = append(hookPaths, filepath.Dir(a.Path))
		default:
			written = append(written, a.Path)
		}
	}
	now := time.Now()
	inputs := hookrecord.Stamp(dedupe(hookPaths))
	st := &syncstate.State{Hooks: hooks, Header: hookrecord.Header{
		WorkspaceRoot: root,
		Inputs:        inputs,
		Extra:         hookrecord.Extra(cfg.Agents, cfg.HookScope, opts.Version),
		Trusted:       hookrecord.Trusted(inputs, now),
		Notes:         notes,
		Config: &hookrecord.HookConfig{File: cfg.Path, Agents: cfg.Agents, HookScope: cfg.HookScope,
			AutoSync: cfg.AutoSync, LogLevel: cfg.LogLevel, Refresh: fp.refresh, RefreshInterval: cfg.AutoUpdateInterval},
	}}
	if _, err := write.State(dirs.Cache, st); err != nil {
		return err
	}
	// What a hook call outside any synced workspace needs of the config.
	if err := write.ConfigRecord(dirs.Cache, cfg.Path, &hookrecord.HookConfig{File: cfg.Path, Agents: cfg.Agents,
		HookScope: cfg.HookScope, AutoSync: cfg.AutoSync, LogLevel: cfg.LogLevel}, now); err != nil {
		return err
	}
	if err := write.Statuses(dirs.Cache, root, lastStatuses(dirs.Cache, root, sum.Statuses, fp.unread)); err != nil {
		return err
	}
	written = append(written, sum.GateInputs...)
	rec := &syncstate.Record{Skills: sum.Matched.Skills, Hooks: sum.Matched.Hooks, MCPServers: sum.Matched.MCPServers, Gates: sum.Gates, Candidates: sum.Candidates,
		Approval: sum.Approval, Files: hookrecord.Stamp(dedupe(append(fp.sourceTree, written...)))}
	// A source that could not be read, or a hook installation that failed
	// (or waits for an explicit sync), is tried again by the next sync: it
	// must run the stages.
	retry := len(fp.unread) > 0
	for _, a := range fp.actions {
		retry = retry || (a.Op == "installation" && a.Status == stream.StatusSkipped)
	}
	if retry || !st.Trusted || !hookrecord.Trusted(rec.Files, now) || len(rec.Files) == 0 {
		rec = nil // too fresh to trust (or nothing to record): the next sync runs the stages
	} else if rec.Files = appendSkillTrees(rec.Files, fp); rec.Files == nil {
		rec = nil
	}
	return write.Record(dirs.Cache, root, rec)
}

// appendSkillTrees adds to files every directory and file of the matched
// skills, so that an explicit sync notices an edit inside one (a
// references/ page, a script, the SKILL.md) and copies it again; nil when
// one of them changed after the stages started, which the copies may not
// show. It costs a stat per file of the matched skills and nothing per
// skill of the catalogue that did not match (docs/freshness.md).
func appendSkillTrees(files syncstate.Stamps, fp fingerprint) syncstate.Stamps {
	skills := syncstate.StampTrees(dedupe(fp.skillDirs))
	if !hookrecord.Trusted(skills, fp.start) {
		return nil
	}
	return append(files, skills...)
}

// lastStatuses is what the status record keeps: this sync's plugin
// statuses, and the active crate plugins of the previous record whose
// source could not be had this time ("crate:NAME" among unread): their
// skills are kept installed, so status still names them.
func lastStatuses(cacheDir, root string, now []stream.PluginStatus, unread []string) []stream.PluginStatus {
	away := map[string]bool{}
	for _, u := range unread {
		if name, ok := strings.CutPrefix(u, config.CratePrefix); ok {
			away[config.NormName(name)] = true
		}
	}
	if len(away) == 0 {
		return now
	}
	out := append([]stream.PluginStatus{}, now...)
	for _, s := range syncstate.LoadStatuses(cacheDir, root) {
		if s.State == stream.StateActive && s.Crate != "" && away[config.NormName(s.Crate)] {
			out = append(out, s)
		}
	}
	return out
}

// ignore drops config warnings: the stages report them.
func ignore(pos.Warning) {}

func dedupe(in []string) []string {
	slices.Sort(in)
	out := slices.Compact(in)
	if len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	return out
}

func stageErr(name string, err error, stderr string) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return &StageError{Stage: name, Code: ee.ExitCode(), Stderr: stderr}
	}
	return fmt.Errorf("%s: %w", name, err)
}

// stage builds the command for one stage binary, found beside self.
func stage(ctx context.Context, self, name, dir string, args []string) (*exec.Cmd, error) {
	path, err := selfexe.Find(self, name)
	if err != nil {
		return nil, err
	}
	c := exec.CommandContext(ctx, path, args...)
	c.Dir = dir
	// Killed, the orchestrator stops relaying the match stream: a
	// sym-install left running would install the part it got (removing
	// all the rest), and race the next sync.
	proc.DieWithParent(c)
	return c, nil
}

// heldWriter buffers until release; released ok and live, it writes what
// it held and then everything as it comes.
type heldWriter struct {
	mu       sync.Mutex
	live     bool
	released bool
	w        io.Writer
	buf      bytes.Buffer
}

func (h *heldWriter) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.released && h.live {
		return h.w.Write(p)
	}
	return h.buf.Write(p)
}

func (h *heldWriter) release(ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.released = true
	if !ok {
		h.live = false // kept, never shown: an earlier stage failed
		return
	}
	if h.live && h.buf.Len() > 0 {
		h.w.Write(h.buf.Bytes())
		h.buf.Reset()
	}
}
