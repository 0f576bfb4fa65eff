package plugin

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/predexpr"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Workspace is what predicates are evaluated against besides the
// dependency set: the workspace root (where shell and custom predicates
// run and relative path_exists arguments resolve) and its members'
// directories (for workspace-member()). A zero Workspace evaluates in the
// current directory, with no members.
type Workspace struct {
	Root    string
	Members []string // absolute member directories
	// LookupEnv is the environment env(NAME) predicates read (pkg/cli
	// passes os.LookupEnv); nil has nothing set.
	LookupEnv func(string) (string, bool)
}

// WorkspaceOf reads a sym-deps workspace record.
func WorkspaceOf(w stream.Workspace) Workspace {
	ws := Workspace{Root: w.Root}
	for _, m := range w.Members {
		ws.Members = append(ws.Members, filepath.Join(w.Root, filepath.Dir(filepath.FromSlash(m.Manifest))))
	}
	return ws
}

// evaluator evaluates the predicates of one Match run. One
// predexpr.Context serves the run, so each shell and custom predicate runs
// once per (name, argument).
type evaluator struct {
	set    *cratepred.Set
	ws     Workspace
	ctx    context.Context
	pctx   *predexpr.Context
	custom map[string]customDef
	dir    string // the plugin being evaluated, for workspace-member()
	// acquire installs what a custom predicate runs (Resolver.Acquire).
	acquire func(context.Context, stream.Installation) error
}

// customDef is a [[cratepred]], or why its name cannot be used.
type customDef struct {
	cmd      predexpr.Command
	where    string // file:line
	collided string // "" or the message
	broken   string // "" or why its installation cannot be used
}

// registerCustom adds m's [[cratepred]]s to custom. Two definitions of a
// name cancel out: warn is told of each later one, first being true for
// the first such of a name. cache is where installations are acquired.
func registerCustom(custom map[string]customDef, m *Manifest, cache string, warn func(w pos.Warning, first bool)) {
	for _, c := range m.Custom {
		where := fmt.Sprintf("%s:%d", m.Path, c.Line)
		if prev, ok := custom[c.Name]; ok {
			first := prev.collided == ""
			if first {
				prev.collided = fmt.Sprintf("custom predicate %q is defined twice (%s and %s), so neither is used", c.Name, prev.where, where)
				custom[c.Name] = prev
			}
			warn(*pos.Errorf(m.Path, c.Line, 0, "[[predicate]] %q is also defined at %s: both definitions are skipped and %s(...) is false; rename one", c.Name, prev.where, c.Name), first)
			continue
		}
		cmd, err := customCommand(m, c, cache)
		if err != nil {
			w := pos.Of(err)
			w.Msg += fmt.Sprintf("; %s(...) is false", c.Name)
			warn(w, true)
			custom[c.Name] = customDef{where: where, broken: err.Error()}
			continue
		}
		custom[c.Name] = customDef{cmd: cmd, where: where}
	}
}

// customCommand is how c runs. Upstream's command names an
// [[installations]] entry or is an inline table, resolved as a hook's
// (argv, environment, what sym-install must have acquired); a string
// naming no installation is the book's command line.
func customCommand(m *Manifest, c CustomPredicate, cache string) (predexpr.Command, error) {
	ref := c.Install
	if ref == nil {
		for _, in := range m.Installations {
			if in.Name == c.Command {
				ref = &InstallRef{Name: c.Command, Line: c.Line}
				break
			}
		}
	}
	if ref == nil {
		return predexpr.Command{Command: c.Command, Args: c.Args, Dir: m.Dir}, nil
	}
	h := &Hook{Name: c.Name, Install: ref, Args: c.Args, HasArgs: len(c.Args) > 0, Line: c.Line, Table: "[[predicate]]"}
	run, err := resolveRun(m, h, cache)
	if err == nil && m.Workspace {
		err = noShellCommands(m, c.Line, run.insts)
	}
	if err != nil {
		return predexpr.Command{}, err
	}
	return predexpr.Command{Command: strings.Join(run.exec, " "), Dir: m.Dir, Exec: run.exec, Env: run.env, Path: run.path, Installations: run.insts}, nil
}

func newEvaluator(scans []*Scan, set *cratepred.Set, r *Resolver) *evaluator {
	ev := &evaluator{set: set, ws: r.Workspace, ctx: r.Ctx, custom: map[string]customDef{}}
	if ev.ctx == nil {
		ev.ctx = context.Background()
	}
	// Registration is global and unconditional (upstream: "How custom
	// predicates work"): a plugin's [[predicate]] counts even where the
	// plugin itself does not apply.
	warn := func(w pos.Warning, first bool) {
		if first {
			r.warnValue(w)
		}
	}
	for _, sc := range scans {
		for _, m := range sc.Plugins {
			registerCustom(ev.custom, m, r.Dirs.Cache, warn)
		}
	}
	ev.acquire = r.Acquire
	ev.pctx = &predexpr.Context{Dir: ev.ws.Root, Static: ev.static, Custom: ev.forEval, LookupEnv: ev.ws.LookupEnv}
	return ev
}

// forEval finds a custom predicate to evaluate now, at sync: its
// installations are acquired first when this run may (not a hook's
// auto-sync), else it is false until they are.
func (ev *evaluator) forEval(name string) (*predexpr.Command, error) {
	c, err := ev.lookup(name)
	if err != nil || ev.acquire == nil {
		return c, err
	}
	for _, in := range c.Installations {
		if err := ev.acquire(ev.ctx, in); err != nil {
			return nil, fmt.Errorf("%s: installation %q failed: %v", in.File, in.Name, err)
		}
	}
	return c, nil
}

// plugin sets the directory of the plugin (or standalone skill) whose
// predicates are evaluated next.
func (ev *evaluator) plugin(dir string) { ev.dir = dir }

func (ev *evaluator) lookup(name string) (*predexpr.Command, error) {
	d, ok := ev.custom[name]
	switch {
	case !ok:
		return nil, predexpr.ErrUnknown
	case d.collided != "":
		return nil, fmt.Errorf("%s", d.collided)
	case d.broken != "":
		return nil, fmt.Errorf("%s", d.broken)
	}
	return &d.cmd, nil
}

// static answers what does not change between a sync and a hook call:
// dependency atoms and workspace membership.
func (ev *evaluator) static(e *predexpr.Expr) (bool, bool) {
	switch e.Fn {
	case predexpr.DependsOn:
		a, err := cratepred.ParseAtom(e.Arg)
		if err != nil {
			return false, true // reported when the manifest was read
		}
		return a.Matches(ev.set), true
	case predexpr.WorkspaceMember:
		return ev.member(), true
	}
	return false, false
}

// member: a plugin belongs to the workspace when its directory is the
// root or a member's directory, or below one of them.
func (ev *evaluator) member() bool {
	if ev.dir == "" || ev.ws.Root == "" {
		return false
	}
	for _, d := range append([]string{ev.ws.Root}, ev.ws.Members...) {
		if within(filepath.Clean(d), filepath.Clean(ev.dir)) {
			return true
		}
	}
	return false
}

// level says why one level's crates (or depends-on) list and predicates
// do not hold, or returns "".
func (ev *evaluator) level(crates cratepred.List, hasCrates bool, preds []Pred) string {
	if hasCrates {
		if why := crates.Explain(ev.set); why != "" {
			return why
		}
	}
	for _, p := range preds {
		if ok, why := ev.pctx.Eval(ev.ctx, p.Expr); !ok {
			return reason(p.Expr, why)
		}
	}
	return ""
}

// reason names the predicate as written and, when it differs, the part
// of it that was false.
func reason(top *predexpr.Expr, why string) string {
	t := top.String()
	if strings.HasPrefix(why, t) {
		return "predicate " + why
	}
	return fmt.Sprintf("predicate %s is false: %s", t, why)
}

// forDispatch answers the static parts of a plugin's and a hook's
// predicates and returns the live rest for the hook record, with the
// custom predicates it calls; or why the hook can never run.
func (ev *evaluator) forDispatch(plugin, hook []Pred) ([]string, map[string]stream.PredicateCommand, string) {
	var out []string
	var cmds map[string]stream.PredicateCommand
	for _, p := range append(append([]Pred{}, plugin...), hook...) {
		rest, val := predexpr.Partial(p.Expr, ev.static)
		if rest == nil {
			if !val {
				return nil, nil, reason(p.Expr, p.Expr.String()+" is false")
			}
			continue
		}
		var bad string
		rest.Walk(func(x *predexpr.Expr) {
			if !x.Leaf() || predexpr.IsBuiltin(x.Fn) || bad != "" {
				return
			}
			c, err := ev.lookup(x.Fn)
			if err != nil {
				bad = fmt.Sprintf("predicate %s: %s", p.Expr, unknownWhy(x.Fn, err))
				return
			}
			if cmds == nil {
				cmds = map[string]stream.PredicateCommand{}
			}
			cmds[x.Fn] = *c
		})
		if bad != "" {
			return nil, nil, bad
		}
		out = append(out, rest.String())
	}
	return out, cmds, ""
}

func unknownWhy(name string, err error) string {
	if err == predexpr.ErrUnknown {
		return predexpr.UnknownWhy(name)
	}
	return err.Error()
}

// skillPreds parses a SKILL.md's predicates.
func skillPreds(file string, line int, items []string) ([]Pred, error) {
	var out []Pred
	for _, it := range items {
		e, err := ParsePredicate(it)
		if err != nil {
			return nil, pos.Errorf(file, line, 1, "%w", err)
		}
		out = append(out, Pred{Expr: e, Line: line})
	}
	return out, nil
}
