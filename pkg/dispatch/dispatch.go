// Package dispatch is the hook path: it takes one agent's hook payload, brings
// the workspace's stored sync state up to date when auto-sync is on, runs
// the plugin hooks that match the event and tool (one per plugin: see
// pick), merges their answers and
// renders the result in the calling agent's wire format (pkg/agent).
//
// It runs on every tool call, so it reads only the stored sync state
// (pkg/syncstate), never plugin sources or manifests, and does no work at
// package initialisation. It never wedges or wrongly blocks the agent: our
// own failures are logged and answered with the agent's "proceed" result,
// each plugin hook runs under a timeout in its own process group, and the
// whole call has a deadline shorter than the timeout the agent gives us.
//
// A hook record's predicates (upstream: hook-level predicates, evaluated
// at dispatch so that they see live state) are evaluated just before the
// hook runs, in the workspace root, through pkg/predexpr, which links no
// version parser: sym-match has already answered their depends-on(...)
// and workspace-member() parts, so only shell, path_exists, env and
// custom predicates are left. A shell or custom predicate runs under a
// 5 s timeout in its own process group, once per (name, argument) per
// call. Hooks without predicates (most) pay nothing for this.
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/canonhook"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/predexpr"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
	"github.com/symposium-dev/symposium-go/pkg/updatestate"
)

// Timeouts. The agents are registered to give our command 60 s or more, so
// the overall deadline leaves time to answer.
const (
	DefaultDeadline    = 55 * time.Second
	DefaultHookTimeout = 30 * time.Second
	// DeadlineEnv overrides DefaultDeadline ("2s", or seconds); the
	// caller reads it (Options.DeadlineSetting).
	DeadlineEnv = "SYMPOSIUM_HOOK_DEADLINE"
	// MaxOutput caps what we keep of a plugin hook's stdout and stderr.
	MaxOutput = 1 << 20
)

// SyncFunc runs a quiet sync of the workspace containing dir.
type SyncFunc func(ctx context.Context, dir string) error

// Options is one hook call.
type Options struct {
	Agent   string // calling agent's wire: an agent with hooks, or symposium
	Event   string // canonical event
	Payload []byte // stdin as received

	Dirs    config.Dirs
	Config  *config.Config // nil: loaded from Dirs
	Version string         // binary version, part of the sync fingerprint
	// Release: the binary is a release build (cli.IsRelease), which a
	// newer release can replace: only then is an update worth a nudge.
	Release bool
	// Getwd finds the process working directory, asked only when the
	// payload has no usable cwd (os.Getwd costs stats the common call
	// skips); nil means none.
	Getwd func() (string, error)
	// Sync runs an auto-sync; nil disables it.
	Sync SyncFunc
	// Deadline bounds the whole call; 0 means DeadlineSetting or
	// DefaultDeadline.
	Deadline time.Duration
	// DeadlineSetting is $SYMPOSIUM_HOOK_DEADLINE as the caller read it
	// ("2s", or seconds); "" is DefaultDeadline, and a bad value is
	// logged and DefaultDeadline too.
	DeadlineSetting string
	// LookupEnv reads the process's environment: for telling which agent
	// runs this call (agent.RunBy) and for env(NAME) predicates; nil has
	// nothing set.
	LookupEnv func(string) (string, bool)
	// Now is the clock for log names; nil means time.Now.
	Now func() time.Time
}

// getenv is LookupEnv's value, or "".
func (o Options) getenv(name string) string {
	if o.LookupEnv == nil {
		return ""
	}
	v, _ := o.LookupEnv(name)
	return v
}

// Result is what to hand back to the agent.
type Result struct {
	Stdout  []byte
	Stderr  []byte
	Exit    int
	LogFile string // "" when nothing was worth logging
}

// Run handles one hook call. It never fails: every problem is logged and
// ends in the agent's answer.
func Run(ctx context.Context, opts Options) Result {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	r := &run{opts: opts, log: logfile.New("hook", now)}
	r.log.Context = true
	w, ok := agent.WireFor(opts.Agent)
	if !ok {
		// Exit 0 lets every agent proceed; there is no wire to answer in.
		r.fail("unknown agent %q (want one of %s)", opts.Agent, strings.Join(agent.WireNames(), ", "))
		return r.finish(nil, nil, 0)
	}
	deadline := opts.Deadline
	if deadline <= 0 {
		deadline = parseDeadline(r, opts.DeadlineSetting)
	}
	r.parent, r.deadline = ctx, time.Now().Add(deadline)
	defer r.cancel()

	out := r.dispatch(w)
	stdout, code, stderr := w.Encode(opts.Event, out)
	return r.finish(stdout, stderr, code)
}

func parseDeadline(r *run, v string) time.Duration {
	if v == "" {
		return DefaultDeadline
	}
	if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	r.log.Printf(logfile.Warn, "%s=%q is not a duration; using %s", DeadlineEnv, v, DefaultDeadline)
	return DefaultDeadline
}

// run is the state of one call.
type run struct {
	opts     Options
	log      *logfile.Log
	failures []string // our own failures, for the one stderr line

	// The call's deadline, and the context that carries it once a sync
	// or a plugin hook needs one (see ctx).
	parent   context.Context
	deadline time.Time
	dctx     context.Context
	stop     context.CancelFunc
}

// ctx is the context bounded by the call's deadline, made on first use:
// a context with a deadline starts a runtime timer, and the first timer
// starts the runtime's poller (an epoll instance, an eventfd, a thread
// to wake), a cost every tool call would pay while most run no plugin
// hook and no sync.
func (r *run) ctx() context.Context {
	if r.dctx == nil {
		r.dctx, r.stop = context.WithDeadline(r.parent, r.deadline)
	}
	return r.dctx
}

// cancel releases the deadline's context, when one was made.
func (r *run) cancel() {
	if r.stop != nil {
		r.stop()
	}
}

// fail records one of our own failures (logged at warn, summarised on stderr).
func (r *run) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	r.failures = append(r.failures, msg)
	r.log.Printf(logfile.Warn, "%s", msg)
}

// dispatch decodes the payload, syncs if needed and runs the plugin hooks.
// A nil result means "nothing to say".
func (r *run) dispatch(w canonhook.Wire) *canonhook.Output {
	opts := r.opts
	p, err := w.Decode(opts.Event, opts.Payload)
	if errors.Is(err, canonhook.ErrNotThisEvent) {
		r.log.Printf(logfile.Debug, "%s %s: %v", opts.Agent, opts.Event, err)
		return &canonhook.Output{}
	}
	if err != nil {
		r.fail("%s %s payload: %v", opts.Agent, opts.Event, err)
		return &canonhook.Output{}
	}
	dir := hookrecord.CallDir(p.Cwd, opts.processCwd)
	st := r.find(dir)
	defer func() { st.Close() }()
	defer func() { r.noteRefresh(st) }()
	cfg := r.config(st)
	r.log.SetLevel(cfg.LogLevel)
	r.log.Printf(logfile.Debug, "%s %s: tool %q cwd %q", opts.Agent, opts.Event, p.ToolName, p.Cwd)
	if by := agent.RunBy(cfg.Agents, opts.Agent, opts.getenv); by != "" {
		// Each tool call reaches each plugin hook once: through by's own entry.
		r.log.Printf(logfile.Debug, "%s ran %s's hook entry; its own entry runs the plugin hooks", by, opts.Agent)
		return &canonhook.Output{}
	}
	update := r.updateNudge(p.Event, cfg)
	st = r.fresh(cfg, st, dir)
	if st == nil {
		return &canonhook.Output{AdditionalContext: update}
	}
	var notes string
	if p.Event == agent.SessionStart && len(st.Notes) > 0 {
		// What the user should run (sources that are not current, plugins
		// waiting for consent): one short line at the start of a session.
		notes = "symposium: " + strings.Join(st.Notes, "; ")
	}
	notes = strings.TrimSpace(notes + "\n" + update)
	if len(st.Groups) == 0 {
		return &canonhook.Output{AdditionalContext: notes}
	}
	matchers := matcherCache{}
	hooks, err := st.HooksFor(p.Event, func(matcher string) bool {
		ok, err := matchers.match(matcher, p)
		if err != nil {
			r.log.Printf(logfile.Warn, "matcher %q: %v (compared as a plain name)", matcher, err)
		}
		return ok
	})
	if err != nil {
		r.fail("reading sync state for %s: %v", dir, err)
		return &canonhook.Output{}
	}
	hooks = pick(hooks, opts.Agent, func(h *stream.Hook, why string) {
		r.log.Printf(logfile.Debug, "hook %s/%s not picked: %s", h.Plugin, h.Name, why)
	})
	out := r.runHooks(hooks, p, dir, st.WorkspaceRoot)
	out.Tool = p.ToolName
	if notes != "" {
		out.AdditionalContext = strings.TrimSpace(notes + "\n\n" + out.AdditionalContext)
	}
	if p.Event == agent.Stop && out.Denied() && p.StopChained {
		// Gemini and Codex re-prompt on every block without a cap: going on
		// once per stop is the most a plugin hook gets.
		r.log.Printf(logfile.Info, "%s Stop: the agent already went on because of a Stop hook; not asking it again (%s)", opts.Agent, out.Reason)
		out.Decision, out.Block, out.Reason = "", false, ""
	}
	return out
}

// updateNudge is the session-start line about a newer release that an
// explicit command's update check recorded (pkg/updatestate), or "". The
// hook itself never asks the network.
func (r *run) updateNudge(event string, cfg *config.Config) string {
	if event != agent.SessionStart || !r.opts.Release || cfg.SelfUpdate == "off" {
		return ""
	}
	return updatestate.Read(r.opts.Dirs.Config).Nudge(r.opts.Version)
}

// processCwd is what Getwd finds ("" on an error or without one).
func (o *Options) processCwd() string {
	if o.Getwd == nil {
		return ""
	}
	wd, _ := o.Getwd()
	return wd
}

// find returns the stored sync state of the workspace containing dir, or
// nil.
func (r *run) find(dir string) *syncstate.State {
	if dir == "" {
		return nil
	}
	st, err := syncstate.Find(r.opts.Dirs.Cache, dir)
	if err != nil {
		r.fail("reading sync state for %s: %v", dir, err)
		return nil
	}
	return st
}

// config is Options.Config, else what the sync stored when the config file
// is unchanged since, else the config file parsed.
func (r *run) config(st *syncstate.State) *config.Config {
	if r.opts.Config != nil {
		return r.opts.Config
	}
	if c := st.ConfigIfCurrent(r.opts.Dirs.ConfigFile()); c != nil {
		cfg := config.Default()
		cfg.Path, cfg.Agents, cfg.HookScope, cfg.AutoSync, cfg.LogLevel = c.File, c.Agents, c.HookScope, c.AutoSync, c.LogLevel
		return cfg
	}
	cfg, warnings, err := config.Load(r.opts.Dirs)
	for _, w := range warnings {
		r.log.Printf(logfile.Debug, "%s", w)
	}
	if err != nil {
		r.fail("%v (auto-sync skipped)", err)
		cfg = config.Default()
		cfg.AutoSync = false
	}
	return cfg
}

// fresh brings st, the stored state for dir, up to date: when auto-sync is
// on and the fingerprint no longer matches, it syncs and reads the state
// again. It returns the state to use (nil: nothing to run).
func (r *run) fresh(cfg *config.Config, st *syncstate.State, dir string) *syncstate.State {
	if dir == "" {
		return nil
	}
	cache := r.opts.Dirs.Cache
	if !cfg.AutoSync || r.opts.Sync == nil {
		return st
	}
	syncDir := ""
	switch {
	case st != nil:
		if st.Fresh(hookrecord.Extra(cfg.Agents, cfg.HookScope, r.opts.Version)) {
			return st
		}
		syncDir = st.WorkspaceRoot
	case cargofind.InProject(dir):
		syncDir = dir
	default:
		return nil // not a Rust project: nothing to sync, nothing to run
	}
	start := time.Now()
	if err := r.opts.Sync(r.ctx(), syncDir); err != nil {
		r.fail("auto-sync of %s: %v", syncDir, err)
		return st
	}
	r.log.Printf(logfile.Info, "auto-sync of %s took %s", syncDir, time.Since(start).Round(time.Millisecond))
	if again, err := syncstate.Find(cache, dir); err != nil {
		r.fail("reading sync state for %s after sync: %v", dir, err)
	} else if again != nil {
		st.Close()
		st = again
	}
	return st
}

// runHooks runs hooks (those picked for p, in order) and merges their answers.
// A hook with predicates runs only when they hold (evaluated in root, the
// workspace root, as sym-match evaluates the other levels).
func (r *run) runHooks(hooks []stream.Hook, p *canonhook.Payload, cwd, root string) *canonhook.Output {
	m := &merger{}
	var ctx context.Context
	if len(hooks) > 0 {
		ctx = r.ctx()
	}
	inputs := map[string][]byte{}
	var preds *predexpr.Context // made for the first hook with predicates
	for i := range hooks {
		h := &hooks[i]
		if ctx.Err() != nil {
			r.fail("deadline reached: hook %s/%s and later ones not run", h.Plugin, h.Name)
			break
		}
		if missing := notInstalled(h); missing != "" {
			// Acquiring is the sync's job: a hook whose installation
			// failed or has not been made yet is skipped, never run half
			// installed, and never installed here.
			r.log.Printf(logfile.Warn, "hook %s/%s not run: installation %s is not installed (run `cargo agents sync`)", h.Plugin, h.Name, missing)
			continue
		}
		if len(h.Predicates) > 0 {
			if preds == nil {
				preds = &predexpr.Context{Dir: root, LookupEnv: r.opts.LookupEnv}
			}
			if !r.holds(ctx, preds, h) {
				continue
			}
		}
		format := h.Format
		if format == "" {
			format = canonhook.Symposium
		}
		fw, ok := agent.WireFor(format)
		if !ok {
			r.fail("hook %s/%s: unknown format %q", h.Plugin, h.Name, h.Format)
			continue
		}
		in, ok := inputs[format]
		if !ok {
			if format == r.opts.Agent {
				in = p.Raw // a hook written for the calling agent gets its payload untouched
			} else if enc, err := fw.EncodeInput(p); err != nil {
				r.fail("hook %s/%s: encoding its %s input: %v", h.Plugin, h.Name, format, err)
				continue
			} else {
				in = enc
			}
			inputs[format] = in
		}
		res := runCommand(ctx, h, in, cwd)
		if block := r.result(h, fw, p.Event, res, m); block {
			break
		}
	}
	return m.output()
}

// holds evaluates h's predicates. A predicate that does not hold skips
// the hook quietly (that is what it is for); one that cannot be read is
// our failure, and skips it too.
func (r *run) holds(ctx context.Context, c *predexpr.Context, h *stream.Hook) bool {
	c.Custom = func(name string) (*predexpr.Command, error) {
		pc, ok := h.PredicateCommands[name]
		if !ok {
			return nil, predexpr.ErrUnknown
		}
		return &pc, nil
	}
	for _, text := range h.Predicates {
		e, err := predexpr.Parse(text)
		if err != nil {
			r.fail("hook %s/%s: %v; not run", h.Plugin, h.Name, err)
			return false
		}
		if ok, why := c.Eval(ctx, e); !ok {
			r.log.Printf(logfile.Debug, "hook %s/%s not run: predicate %s", h.Plugin, h.Name, why)
			return false
		}
	}
	return true
}

// result folds one hook's result into m; it reports whether dispatch stops.
func (r *run) result(h *stream.Hook, fw canonhook.Wire, event string, res cmdResult, m *merger) bool {
	id := h.Plugin + "/" + h.Name
	for _, w := range res.notes {
		r.log.Printf(logfile.Warn, "hook %s: %s", id, w)
	}
	switch {
	case res.err != nil:
		r.fail("hook %s: %v", id, res.err)
		return false
	case res.timedOut:
		r.fail("hook %s: timed out after %s; killed", id, res.timeout)
		return false
	case res.code == 2:
		reason := strings.TrimSpace(string(res.stderr))
		if reason == "" {
			reason = "blocked by plugin hook " + id
		}
		r.log.Printf(logfile.Info, "hook %s blocked (exit 2) in %s: %s", id, res.took, reason)
		m.block(reason)
		return true
	case res.code < 0:
		r.fail("hook %s: killed by a signal", id)
		return false
	}
	r.log.Printf(logfile.Debug, "hook %s: exit %d in %s", id, res.code, res.took)
	if res.code != 0 {
		r.fail("hook %s: exit %d: %s", id, res.code, firstLine(res.stderr))
	}
	out, err := fw.DecodeOutput(event, res.stdout, res.code)
	if err != nil {
		if res.code == 0 {
			r.fail("hook %s: %v", id, err)
		}
		return false
	}
	m.add(out)
	return false
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// finish writes the log (when warranted) and the stderr summary line.
func (r *run) finish(stdout, stderr []byte, code int) Result {
	res := Result{Stdout: stdout, Stderr: stderr, Exit: code}
	res.LogFile = r.log.Flush(r.opts.Dirs.Logs, "sym-hook "+r.opts.Agent+" "+r.opts.Event)
	// stderr is the block reason when there is one; keep it clean.
	if len(r.failures) > 0 && len(stderr) == 0 {
		line := "sym-hook: " + r.failures[0]
		if n := len(r.failures) - 1; n > 0 {
			line += fmt.Sprintf(" (and %d more)", n)
		}
		if res.LogFile != "" {
			line += "; log: " + res.LogFile
		}
		res.Stderr = append(res.Stderr, line+"\n"...)
	}
	return res
}

// noteRefresh marks the auto-update git sources whose last check is older
// than the debounce as due, for the next explicit sync: a stat each, a
// small write at most once per source and interval. The hook never fetches
// (no network, no git on this path) and never waits for one.
func (r *run) noteRefresh(st *syncstate.State) {
	if st == nil || st.Config == nil || len(st.Config.Refresh) == 0 {
		return
	}
	for _, src := range hookrecord.MarkDue(st.Config.Refresh, st.Config.RefreshInterval, time.Now()) {
		r.log.Printf(logfile.Info, "plugin source %s: due for a refresh; the next `cargo agents sync` fetches it", src)
	}
}
