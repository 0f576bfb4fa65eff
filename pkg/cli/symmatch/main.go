// Package symmatch is the sym-match command: it reads a sym-deps stream,
// finds the plugin sources in the user's config, and writes the skills,
// hooks and MCP servers that apply to the workspace (docs/streams.md,
// "sym-match").
package symmatch

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/acquire"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/sourcecmd"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/jqout"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

const prog = "sym-match"

// program is sym-match's command line. Its Commands are cargo agents
// subcommands (pkg/cli/sourcecmd): cargo-agents delegates them here, with
// its global options as flags (`sym-match plugin [--update LEVEL] [-q]
// ...`), so that it does not link what they need.
var program = cli.Program{
	Name:  prog,
	Entry: cli.Command{Help: "Usage: sym-deps | " + prog + " [--explain] [--update offline|none|check|fetch] [--json]\n", Flags: flags},
	CommandsHelp: "\nAlso the cargo agents subcommands that read plugin sources, as\n" + prog +
		" NAME [GLOBAL OPTIONS] ARGS... (cargo agents runs them here):\n",
	Commands: append(sourcecmd.Commands[:len(sourcecmd.Commands):len(sourcecmd.Commands)], jqout.Command),
	JQ:       jqout.Compiler,
}

// Main runs sym-match with args (without the program name) and returns the exit code.
func Main(stdio cli.Stdio, args []string) int { return cli.Main(stdio, program, args) }

// options are sym-match's own flags.
type options struct {
	explain, json bool
	update        string
	accept        []string
}

func flags(fs *flag.FlagSet) func(cli.Stdio, []string) error {
	var o options
	fs.BoolVar(&o.explain, "explain", false, "also write a rejected record for everything that did not match")
	fs.StringVar(&o.update, "update", plugin.UpdateNone, "git source updates: offline (never the network), none, check or fetch")
	fs.BoolVar(&o.json, "json", false, "write diagnostics to stderr as JSON records")
	fs.Func("accept-digest", "URL or installation name whose download may differ from the one first trusted (repeatable)", func(v string) error {
		o.accept = append(o.accept, v)
		return nil
	})
	return func(stdio cli.Stdio, args []string) error {
		if len(args) > 0 {
			return cli.Usagef("unexpected argument %q (sym-match reads the sym-deps stream on stdin)", args[0])
		}
		// auto: the sync's own level, refreshing only the stale sources.
		if o.update != plugin.UpdateAuto {
			if err := cli.CheckUpdate(o.update); err != nil {
				return err
			}
		}
		return run(stdio, o)
	}
}

func run(stdio cli.Stdio, o options) error {
	diag := cli.Diag{W: stdio.Err, Prog: prog, JSON: o.json}
	out := stream.NewWriter(stdio.Out)
	defer out.Flush()
	// The plugin sources do not depend on the workspace: scan them while
	// sym-deps is still writing, so that the sync waits for neither alone
	// (at 1,000 skills the scan is most of sym-match's work). Their
	// warnings are held until the stream has been read, so stderr says
	// what it said when the scan followed it.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	held := &heldWarnings{warn: diag.Warn}
	early := make(chan scanned, 1)
	go func() { early <- scanSources(ctx, o.update, held.add) }()
	set, ws, deps, err := readDeps(stdio.In, out)
	if err != nil {
		cancel() // a git fetch the scan started stops
		<-early
		return err
	}
	sc := <-early
	held.release()
	if sc.err != nil {
		return sc.err
	}
	var acquire func(context.Context, stream.Installation) error
	if o.update != plugin.UpdateOffline {
		acquire = predicateAcquirer(stdio.Err, sc.dirs, o.accept, o.json)
	}
	sc.r.Unexplained = !o.explain
	pws := plugin.WorkspaceOf(ws)
	pws.LookupEnv = os.LookupEnv // env(NAME) predicates read ours
	res := plugin.MatchScanned(sc.r, sc.scans, sc.cfg, set, pws, deps, CrateFetcher(sc.dirs, ws.Root, o.update, sc.cfg.AutoUpdateInterval, func(msg string) { diag.Warnf("%s", msg) }), acquire)
	return write(out, res, o.explain)
}

// scanned is the user's config and its plugin sources, scanned.
type scanned struct {
	dirs  config.Dirs
	cfg   *config.Config
	r     *plugin.Resolver
	scans []*plugin.Scan
	err   error
}

// scanSources loads the user's config and scans its plugin sources.
func scanSources(ctx context.Context, update string, warn func(pos.Warning)) scanned {
	dirs, cfg, err := userconf.Load(warn)
	if err != nil {
		return scanned{err: err}
	}
	r, scans := plugin.ScanConfigured(ctx, cfg, dirs, update, warn)
	return scanned{dirs: dirs, cfg: cfg, r: r, scans: scans}
}

// heldWarnings holds warnings until release, then passes them to warn,
// and every later one as it comes.
type heldWarnings struct {
	mu       sync.Mutex
	released bool
	held     []pos.Warning
	warn     func(pos.Warning)
}

func (h *heldWarnings) add(w pos.Warning) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.released {
		h.warn(w)
		return
	}
	h.held = append(h.held, w)
}

func (h *heldWarnings) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, w := range h.held {
		h.warn(w)
	}
	h.held, h.released = nil, true
}

// predicateAcquirer installs what a custom predicate runs before sym-match
// evaluates it (a hook's installations wait for sym-install): at a sync,
// never at a hook's auto-sync (--update offline), with sym-install's rules
// (pkg/acquire).
func predicateAcquirer(stderr io.Writer, dirs config.Dirs, accept []string, quiet bool) func(context.Context, stream.Installation) error {
	progress := io.Writer(&linePrefixer{w: stderr, prefix: prog + ": "})
	if quiet {
		progress = io.Discard
	}
	opts := acquire.Options{Progress: progress, Digests: acquire.DigestsFile(dirs.Config), Accept: accept}
	env := cli.ReadEnv()
	opts.GitHubURL, opts.BinaryURL = env.GitHubURL, env.BinaryURL
	return func(ctx context.Context, in stream.Installation) error {
		_, err := acquire.InstallWith(ctx, in, dirs.Cache, opts)
		return err
	}
}

// linePrefixer writes each line with a prefix, as every sym-* line on
// stderr.
type linePrefixer struct {
	w      io.Writer
	prefix string
}

func (p *linePrefixer) Write(b []byte) (int, error) {
	for _, l := range strings.SplitAfter(string(b), "\n") {
		if l != "" {
			if _, err := io.WriteString(p.w, p.prefix+l); err != nil {
				return 0, err
			}
		}
	}
	return len(b), nil
}

// CrateFetcher is how sym-match gets the sources of crates that embed a
// plugin: cargo's caches first, the registry cargo's config names (or
// $SYMPOSIUM_CRATES_INDEX_URL) only when update allows the network. A
// registry that did not answer is left alone for interval, as a git
// source is, except when check or fetch asks for the network.
func CrateFetcher(dirs config.Dirs, root, update string, interval time.Duration, warn func(string)) *cratefetch.Fetcher {
	f := sourcecmd.NewFetcher(dirs.Cache, root, update == plugin.UpdateOffline)
	f.Warn = warn
	if update != plugin.UpdateCheck && update != plugin.UpdateFetch {
		f.RetryAfter = interval
	}
	return f
}

// readDeps forwards the workspace record (and kinds it does not know) and
// collects the dep records.
func readDeps(in io.Reader, out *stream.Writer) (*cratepred.Set, stream.Workspace, []stream.Dep, error) {
	rd := stream.NewReader(in, "<stdin>")
	var records []stream.Dep
	var deps []cratepred.Dep
	seen := map[cratepred.Dep]bool{} // one dep per member and kind: keep each version once
	sawWorkspace := false
	var ws stream.Workspace
	for {
		raw, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, ws, nil, err
		}
		switch raw.Kind {
		case stream.KindDep:
			var d stream.Dep
			if !stream.DecodeDep(raw.Data, &d) {
				if err := rd.Decode(raw, &d); err != nil {
					return nil, ws, nil, err
				}
			}
			if d.Name == "" {
				return nil, ws, nil, fmt.Errorf("<stdin>:%d: dep record has no name", raw.Line)
			}
			records = append(records, d)
			pd := cratepred.Dep{Name: d.Name, Version: d.Version, Unresolved: d.Unresolved}
			if !seen[pd] {
				seen[pd] = true
				deps = append(deps, pd)
			}
		case stream.KindWorkspace:
			var w stream.Workspace
			if err := rd.Decode(raw, &w); err != nil {
				return nil, ws, nil, err
			}
			sawWorkspace, ws = true, w
			if err := out.WriteRaw(raw); err != nil {
				return nil, ws, nil, err
			}
		case stream.KindSkill, stream.KindHook, stream.KindMCPServer, stream.KindRejected, stream.KindSource, stream.KindPluginStatus, stream.KindSubcommand:
			return nil, ws, nil, fmt.Errorf("<stdin>:%d: a %s record is sym-match output; pipe sym-deps into sym-match", raw.Line, raw.Kind)
		default:
			if err := out.WriteRaw(raw); err != nil {
				return nil, ws, nil, err
			}
		}
	}
	if !sawWorkspace {
		return nil, ws, nil, fmt.Errorf("<stdin>: no workspace record: pipe the output of sym-deps into sym-match")
	}
	return cratepred.NewSet(deps), ws, records, nil
}

func write(out *stream.Writer, res *plugin.Result, explain bool) error {
	var recs []any
	for _, s := range res.Sources {
		recs = append(recs, s)
	}
	for _, s := range res.Skills {
		recs = append(recs, s)
	}
	for _, h := range res.Hooks {
		recs = append(recs, h)
	}
	for _, s := range res.Servers {
		recs = append(recs, s)
	}
	for _, s := range res.Subcommands {
		recs = append(recs, s)
	}
	for _, s := range res.Statuses {
		recs = append(recs, s)
	}
	if explain {
		for _, r := range res.Rejected {
			recs = append(recs, r)
		}
	}
	for _, r := range recs {
		if err := out.Write(r); err != nil {
			return err
		}
	}
	return out.Flush()
}
