package plugin

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Resolver turns configured sources into directories, cloning and updating
// git sources in the cache.
type Resolver struct {
	Dirs   config.Dirs
	Update string // offline (every source), none, check, fetch (sources with auto-update)
	Ctx    context.Context
	// Warn receives each problem that does not stop the run, with its
	// place when it has one.
	Warn func(pos.Warning)
	// Workspace is where Match evaluates predicates.
	Workspace Workspace
	// Interval is the auto-update debounce (UpdateAuto).
	Interval time.Duration
	// Deps are the workspace's dependency records (sym-deps'), with the
	// Cargo.lock versions and checksums crate-embedded plugins are read at.
	Deps []stream.Dep
	// Crates gets crate sources; nil reads no crate-embedded plugin.
	Crates CrateSource
	// Consent is the user's [plugins] table.
	Consent config.Consent
	// Acquire installs an installation a custom predicate runs, before
	// it is evaluated (pkg/acquire, which imports this package); nil
	// acquires nothing, and such a predicate is false until a sync that
	// may acquire has run.
	Acquire func(context.Context, stream.Installation) error
	// Unexplained says the caller does not read Result.Rejected (sym-match
	// without --explain, as every sync runs it): a standalone skill whose
	// crates do not match is then left out without the reason that a
	// rejected record would carry, which was built, with fmt, for each of
	// hundreds of skills and then dropped.
	Unexplained bool

	groups map[string]*Checkout
}

func (r *Resolver) ctx() context.Context {
	if r.Ctx == nil {
		return context.Background()
	}
	return r.Ctx
}

// warn reports a problem. A format that starts with "%v" of an error
// keeps that error's place (pos.Of): the rest of the message follows its
// own.
func (r *Resolver) warn(format string, args ...any) {
	if err, ok := firstErr(format, args); ok {
		w := pos.Of(err)
		w.Msg += fmt.Sprintf(format[2:], args[1:]...)
		r.warnValue(w)
		return
	}
	r.warnValue(pos.Warnf(format, args...))
}

func firstErr(format string, args []any) (error, bool) {
	if !strings.HasPrefix(format, "%v") || len(args) == 0 {
		return nil, false
	}
	err, ok := args[0].(error)
	return err, ok && err != nil
}

// warnValue reports w as it is.
func (r *Resolver) warnValue(w pos.Warning) {
	if r.Warn != nil {
		r.Warn(w)
	}
}

// Spec is a source as configured, before resolution.
type Spec struct {
	Name       string
	Git        string
	Path       string // absolute
	AutoUpdate bool
	Builtin    bool
}

// Specs lists the enabled sources: the two built-ins, then
// [[plugin-source]] entries in file order.
func Specs(cfg *config.Config, d config.Dirs) []Spec {
	var out []Spec
	if cfg.Defaults.SymposiumRecommendations {
		u := cfg.RecommendationsGit
		if u == "" {
			u = config.RecommendationsURL
		}
		out = append(out, Spec{Name: config.RecommendationsSource, Git: u, AutoUpdate: true, Builtin: true})
	}
	if cfg.Defaults.UserPlugins {
		out = append(out, Spec{Name: config.UserPluginsSource, Path: d.UserPlugins(), Builtin: true})
	}
	for _, s := range cfg.Sources {
		sp := Spec{Name: s.Name, Git: s.Git, AutoUpdate: s.AutoUpdate}
		if s.Path != "" {
			sp.Path = s.ResolvedPath(d)
		}
		out = append(out, sp)
	}
	return out
}

// safeName makes a source name usable as one directory name.
func safeName(name string) string {
	if n := cacheName(name, ""); n != "" {
		return n
	}
	return "source"
}

// Resolve makes one source available on disk. level overrides the update
// level (plugin sync passes fetch); "" uses r.Update for auto-update
// sources and none otherwise. Problems are warnings; a source that cannot
// be had at all comes back with Dir "".
func (r *Resolver) Resolve(sp Spec, level string) *Source {
	src := r.resolve(sp, level)
	src.UseCache(r.Dirs.Cache)
	return src
}

func (r *Resolver) resolve(sp Spec, level string) *Source {
	if level == "" {
		level = UpdateNone
		if r.Update == UpdateOffline || (sp.AutoUpdate && r.Update != "") {
			level = r.Update // offline is for every source: no network at all
		}
	}
	src := &Source{Name: sp.Name, Level: level}
	if sp.Git == "" {
		src.Dir = sp.Path
		if _, err := os.Stat(sp.Path); err != nil && !sp.Builtin {
			r.warn("plugin source %q: %s does not exist", sp.Name, sp.Path)
			src.Dir = ""
			// Its absence is an input like any other: stamped absent, the
			// path shows the source coming back (docs/freshness.md).
			src.Inputs = []string{sp.Path}
		}
		return src
	}
	src.Git = RedactURL(sp.Git)
	ref, err := ParseGitURL(sp.Git)
	if err != nil {
		r.warn("plugin source %q: %v", sp.Name, err)
		return src
	}
	dir := filepath.Join(r.Dirs.PluginSourceCache(), safeName(sp.Name))
	var db debounce
	if sp.AutoUpdate {
		src.Checked = dir + hookrecord.CheckedSuffix
		db = debounce{stamp: src.Checked, interval: r.Interval}
	}
	co, err := syncSource(r.ctx(), ref, dir, level, db)
	if co != nil {
		src.Level = co.Level // auto: fetch when it was due, else none
	}
	if err != nil {
		if sp.Name == config.RecommendationsSource {
			emb, eerr := embeddedDir(r.Dirs.PluginSourceCache())
			if eerr == nil {
				r.warn("plugin source %q: cannot clone %s (%v); using the built-in snapshot %s", sp.Name, RedactURL(ref.Repo), err, EmbeddedCommit[:7])
				src.Dir = joinSub(emb, ref.Subdir)
				src.Inputs = []string{filepath.Join(emb, ".extracted")}
				src.Embedded, src.CloneErr = true, err
				return src
			}
			err = fmt.Errorf("%v; the built-in snapshot failed too: %v", err, eerr)
		}
		r.warn("plugin source %q: cannot clone %s: %v", sp.Name, RedactURL(ref.Repo), err)
		return src
	}
	for _, w := range co.Warnings {
		r.warn("plugin source %q: %s", sp.Name, w)
	}
	src.Dir = joinSub(co.Dir, ref.Subdir)
	src.Inputs = co.Inputs
	return src
}

func joinSub(dir, sub string) string {
	if sub == "" {
		return dir
	}
	return filepath.Join(dir, filepath.FromSlash(sub))
}

// GroupGit makes a [[skills]] source.git directory available, cloning each
// repository@ref once per run.
func (r *Resolver) GroupGit(url, level string) (dir string, inputs []string, err error) {
	ref, err := ParseGitURL(url)
	if err != nil {
		return "", nil, err
	}
	key := ref.Repo + "@" + ref.Ref
	if r.groups == nil {
		r.groups = map[string]*Checkout{}
	}
	co, ok := r.groups[key]
	if !ok {
		dir := filepath.Join(r.Dirs.PluginSourceCache(), "git", cacheName(RedactURL(ref.Repo), ref.Ref))
		co, err = syncClone(r.ctx(), ref, dir, level)
		if err != nil {
			return "", nil, err
		}
		for _, w := range co.Warnings {
			r.warn("%s", w)
		}
		r.groups[key] = co
	}
	d := joinSub(co.Dir, ref.Subdir)
	real, err := filepath.EvalSymlinks(d)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", url, err)
	}
	root, _ := filepath.EvalSymlinks(co.Dir)
	if !within(root, real) {
		return "", nil, fmt.Errorf("%s: path leaves the repository", url)
	}
	return d, co.Inputs, nil
}
