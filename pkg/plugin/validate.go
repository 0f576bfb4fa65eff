package plugin

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/predexpr"
	"github.com/symposium-dev/symposium-go/pkg/skill"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// CrateRef is a crate name a predicate mentions, with where it is written.
type CrateRef struct {
	Name string
	File string
	Line int
}

// Report is what Validate found.
type Report struct {
	Plugins  int
	Skills   int
	Errors   []string // "path:line:col: message", one per problem
	Warnings []string
	Crates   []CrateRef // every crate named, for a crates.io check

	calls []customCall // custom predicates called, checked at the end
	// root is the plugin source validated (symlinks resolved), which a
	// source.path must stay inside as at sync; "" for one plugin, whose
	// source is not known.
	root string
}

// customCall is a call of a custom predicate in one predicates entry.
type customCall struct {
	file, pred, name string
	line             int
}

// preds notes the custom predicates each of ps calls (nested ones too),
// once per entry and name; builtins are not noted.
func (r *Report) preds(file string, ps []Pred) {
	for _, p := range ps {
		seen := map[string]bool{}
		p.Expr.Walk(func(x *predexpr.Expr) {
			if !x.Leaf() || predexpr.IsBuiltin(x.Fn) || seen[x.Fn] {
				return
			}
			seen[x.Fn] = true
			r.calls = append(r.calls, customCall{file: file, line: p.Line, pred: p.Expr.String(), name: x.Fn})
		})
	}
}

// undefined warns about each noted call of a custom predicate that
// defined does not hold. It is a warning, not an error: registration is
// global, so a plugin elsewhere in the user's sources may define it.
// here and elsewhere word it for what was validated: for a source, only
// another source can define it; for one plugin or skill, another plugin
// of the same source can too.
func (r *Report) undefined(defined map[string]customDef, here, elsewhere string) {
	// In file order: the levels of a manifest are walked table by table.
	sort.SliceStable(r.calls, func(i, j int) bool {
		a, b := r.calls[i], r.calls[j]
		return a.file < b.file || a.file == b.file && a.line < b.line
	})
	for _, c := range r.calls {
		if _, ok := defined[c.name]; ok {
			continue
		}
		where := c.file
		if c.line > 0 {
			where = fmt.Sprintf("%s:%d", c.file, c.line)
		}
		r.Warnings = append(r.Warnings, fmt.Sprintf("%s: predicate %q calls custom predicate %q, which %s: it is false unless %s defines [[predicate]] name = %q", where, c.pred, c.name, here, elsewhere, c.name))
	}
	r.calls = nil
}

// customNames is a plugin's [[cratepred]]s, by name.
func customNames(m *Manifest) map[string]customDef {
	out := map[string]customDef{}
	if m != nil {
		registerCustom(out, m, "", func(pos.Warning, bool) {})
	}
	return out
}

func (r *Report) addErr(err error) {
	for _, l := range strings.Split(err.Error(), "\n") {
		if l != "" {
			r.Errors = append(r.Errors, l)
		}
	}
}

func (r *Report) crates(l cratepred.List, file string, line int) {
	for _, a := range l {
		if !a.Wildcard() {
			r.Crates = append(r.Crates, CrateRef{Name: a.Name(), File: file, Line: line})
		}
	}
}

// Validate checks a plugin source directory, a plugin directory, a skill
// directory or a single manifest file, reporting every problem rather than
// stopping at the first.
func Validate(path string) (*Report, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	rep := &Report{}
	// One plugin or skill: what it calls may be defined by any plugin of
	// the user's sources, this plugin's own [[predicate]]s being the only
	// ones known here.
	skillOnly := func(f string) (*Report, error) {
		rep.skillFile(f, true)
		rep.undefined(nil, "a skill cannot define", "a plugin in your sources")
		return rep, nil
	}
	manifestOnly := func(f string) (*Report, error) {
		m := rep.manifest(f)
		rep.undefined(customNames(m), "this plugin does not define", "another plugin in your sources")
		return rep, nil
	}
	if !st.IsDir() {
		if filepath.Base(path) == SkillFile {
			return skillOnly(path)
		}
		return manifestOnly(path)
	}
	if isFile(filepath.Join(path, ManifestName)) {
		return manifestOnly(filepath.Join(path, ManifestName))
	}
	if isFile(filepath.Join(path, SkillFile)) {
		return skillOnly(filepath.Join(path, SkillFile))
	}
	sc := Discover(&Source{Name: path, Dir: path})
	// Whatever sync would skip is an error here, warning or not: this is
	// the author's check.
	for _, p := range sc.Problems {
		rep.addErr(p.Err)
		if p.What == "plugin" {
			rep.Plugins++
		} else if p.What == "skill" {
			rep.Skills++
		}
	}
	defined := map[string]customDef{}
	warn := func(w pos.Warning, _ bool) { rep.Warnings = append(rep.Warnings, w.String()) }
	rep.root = sc.root
	for _, m := range sc.Plugins {
		rep.plugin(m)
		registerCustom(defined, m, "", warn)
	}
	for _, s := range sc.Standalones {
		rep.Skills++
		if s.Dormant {
			rep.dormantSkill(s.Skill.Path, s.Skill.Name)
		}
		rep.crates(s.Crates, s.Skill.Path, s.Skill.CratesLine)
		rep.preds(s.Skill.Path, s.Predicates)
	}
	rep.undefined(defined, "no plugin here defines", "a plugin in another of your sources")
	return rep, nil
}

// manifest checks one SYMPOSIUM.toml and returns it, or nil when it does
// not load.
func (rep *Report) manifest(path string) *Manifest {
	rep.Plugins++
	m, err := LoadManifest(path)
	if err != nil {
		rep.addErr(err)
		return nil
	}
	rep.Plugins--
	rep.plugin(m)
	return m
}

// plugin checks a parsed manifest's skill groups: source.path directories
// must exist and hold valid skills; source.git is not fetched.
func (rep *Report) plugin(m *Manifest) {
	rep.Plugins++
	// A part sync would leave out (a field this version does not read)
	// is the author's to fix.
	for _, sk := range m.Skipped {
		rep.addErr(sk.Err)
	}
	rep.crates(m.Crates, m.Path, m.CratesLine)
	rep.preds(m.Path, m.Predicates)
	for _, s := range m.MCPServers {
		rep.crates(s.Crates, m.Path, s.CratesLine)
		rep.preds(m.Path, s.Predicates)
	}
	for _, h := range m.Hooks {
		rep.preds(m.Path, h.Predicates)
		// What sync resolves from the plugin's files (the installation a
		// hook names, a script inside the plugin) is checked the same
		// way; nothing is acquired or written (the cache path only names
		// where it would go).
		var rec stream.Hook
		if err := withInstallations(&rec, m, &h, filepath.Join(os.TempDir(), "symposium-validate")); err != nil {
			rep.Errors = append(rep.Errors, fmt.Sprintf("%v: sync skips this hook", err))
		}
	}
	for _, sc := range m.Subcommands {
		rep.crates(sc.Crates, m.Path, sc.Line)
		rep.preds(m.Path, sc.Predicates)
	}
	if m.Dormant {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: plugin %q names no dependency anywhere, so it is dormant: it applies only where `cargo agents use %s` enables it (depends-on = [\"*\"] makes it apply everywhere)", m.Path, m.Name, m.Name))
	}
	for _, ref := range m.Plugins {
		rep.Crates = append(rep.Crates, CrateRef{Name: ref.Crate, File: m.Path, Line: ref.Line})
		rep.crates(ref.Crates, m.Path, ref.Line)
		rep.preds(m.Path, ref.Predicates)
	}
	for _, g := range m.Skills {
		rep.crates(g.Crates, m.Path, g.CratesLine)
		rep.preds(m.Path, g.Predicates)
		if g.CratePath != "" {
			// Read from each matched crate's source at sync: nothing here.
			continue
		}
		if g.SourceGit != "" {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s:%d:1: source.git %s was not fetched; its skills were not checked", m.Path, g.Line, RedactURL(g.SourceGit)))
			continue
		}
		dir := filepath.Join(m.Dir, filepath.FromSlash(g.SourcePath))
		if real, err := filepath.EvalSymlinks(dir); err == nil && rep.root != "" && !within(rep.root, real) {
			rep.Errors = append(rep.Errors, fmt.Sprintf("%s:%d:1: [[skills]] source.path %q leaves the plugin source: sync skips this group; keep the skills inside the source", m.Path, g.Line, g.SourcePath))
			continue
		}
		files, _, err := GroupSkills(dir)
		if err != nil {
			rep.Errors = append(rep.Errors, fmt.Sprintf("%s:%d:1: [[skills]] source.path %q: %v", m.Path, g.Line, g.SourcePath, unwrapPath(err)))
			continue
		}
		if len(files) == 0 {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s:%d:1: [[skills]] source.path %q holds no skill (no SKILL.md in it or its subdirectories)", m.Path, g.Line, g.SourcePath))
		}
		for _, f := range files {
			rep.skillFile(f, false)
		}
	}
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// skillFile checks one SKILL.md; a standalone skill must have crates.
func (rep *Report) skillFile(path string, standalone bool) {
	rep.Skills++
	s, err := skill.Load(path)
	if err != nil {
		rep.addErr(err)
		return
	}
	if !stream.ValidSkillName(s.Name) {
		rep.Errors = append(rep.Errors, fmt.Sprintf("%s: skill name %q: %s", path, s.Name, stream.SkillNameRule))
	}
	ps, err := skillPreds(path, s.PredicatesLine, s.Predicates)
	if err != nil {
		rep.addErr(err)
	} else {
		rep.preds(path, ps)
	}
	if s.Crates == "" {
		if standalone && !mentionsDeps(ps) && !callsCustom(ps) {
			rep.dormantSkill(path, s.Name)
		}
		return
	}
	l, err := cratepred.ParseCommaList(s.Crates)
	if err != nil {
		rep.Errors = append(rep.Errors, fmt.Sprintf("%s:%d:1: %v", path, s.CratesLine, err))
		return
	}
	rep.crates(l, path, s.CratesLine)
}

// dormantSkill warns that a standalone skill naming no dependency waits
// for `cargo agents use`: that may be meant, so it is not an error.
func (rep *Report) dormantSkill(path, name string) {
	rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s:1:1: standalone skill %q names no dependency, so it is dormant: it applies only where `cargo agents use %s` enables it (`depends-on: <crate>` in its frontmatter makes it apply where that crate is used)", path, name, name))
}
