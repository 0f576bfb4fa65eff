package plugin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/predicate"
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
}

func (r *Report) addErr(err error) {
	for _, l := range strings.Split(err.Error(), "\n") {
		if l != "" {
			r.Errors = append(r.Errors, l)
		}
	}
}

func (r *Report) crates(l predicate.List, file string, line int) {
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
	if !st.IsDir() {
		if filepath.Base(path) == SkillFile {
			rep.skillFile(path, true)
			return rep, nil
		}
		rep.manifest(path)
		return rep, nil
	}
	if isFile(filepath.Join(path, ManifestName)) {
		rep.manifest(filepath.Join(path, ManifestName))
		return rep, nil
	}
	if isFile(filepath.Join(path, SkillFile)) {
		rep.skillFile(filepath.Join(path, SkillFile), true)
		return rep, nil
	}
	sc := Discover(&Source{Name: path, Dir: path})
	for _, p := range sc.Problems {
		if p.Warning {
			rep.Warnings = append(rep.Warnings, p.Err.Error())
			continue
		}
		rep.addErr(p.Err)
		if p.What == "plugin" {
			rep.Plugins++
		} else if p.What == "skill" {
			rep.Skills++
		}
	}
	defined := map[string]string{}
	for _, m := range sc.Plugins {
		rep.plugin(m)
		for _, c := range m.Custom {
			where := fmt.Sprintf("%s:%d", m.Path, c.Line)
			if prev, ok := defined[c.Name]; ok {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: [[predicate]] %q is also defined at %s: both definitions are skipped and %s(...) is false; rename one", where, c.Name, prev, c.Name))
				continue
			}
			defined[c.Name] = where
		}
	}
	for _, s := range sc.Standalones {
		rep.Skills++
		rep.crates(s.Crates, s.Skill.Path, s.Skill.CratesLine)
	}
	return rep, nil
}

func (rep *Report) manifest(path string) {
	rep.Plugins++
	m, err := LoadManifest(path)
	if err != nil {
		if errorsIsLater(err) {
			rep.Warnings = append(rep.Warnings, err.Error())
			return
		}
		rep.addErr(err)
		return
	}
	rep.Plugins--
	rep.plugin(m)
}

func errorsIsLater(err error) bool {
	return err != nil && strings.Contains(err.Error(), ErrLaterVersion.Error())
}

// plugin checks a parsed manifest's skill groups: source.path directories
// must exist and hold valid skills; source.git is not fetched.
func (rep *Report) plugin(m *Manifest) {
	rep.Plugins++
	rep.crates(m.Crates, m.Path, m.CratesLine)
	for _, s := range m.MCPServers {
		rep.crates(s.Crates, m.Path, s.CratesLine)
	}
	if m.Dormant {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: plugin %q names no dependency anywhere, so it is dormant: it applies only where `cargo agents use %s` enables it (depends-on = [\"*\"] makes it apply everywhere)", m.Path, m.Name, m.Name))
	}
	for _, ref := range m.Plugins {
		rep.Crates = append(rep.Crates, CrateRef{Name: ref.Crate, File: m.Path, Line: ref.Line})
		rep.crates(ref.Crates, m.Path, ref.Line)
	}
	for _, g := range m.Skills {
		rep.crates(g.Crates, m.Path, g.CratesLine)
		if g.CratePath != "" {
			// Read from each matched crate's source at sync: nothing here.
			continue
		}
		if g.SourceGit != "" {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s:%d:1: source.git %s was not fetched; its skills were not checked", m.Path, g.Line, g.SourceGit))
			continue
		}
		dir := filepath.Join(m.Dir, filepath.FromSlash(g.SourcePath))
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
	if _, err := skillPreds(path, s.PredicatesLine, s.Predicates); err != nil {
		rep.addErr(err)
	}
	if s.Crates == "" {
		if standalone {
			rep.Errors = append(rep.Errors, fmt.Sprintf("%s:1:1: standalone skill %q has no crates: add `crates: <crate>` to its frontmatter", path, s.Name))
		}
		return
	}
	l, err := predicate.ParseCommaList(s.Crates)
	if err != nil {
		rep.Errors = append(rep.Errors, fmt.Sprintf("%s:%d:1: %v", path, s.CratesLine, err))
		return
	}
	rep.crates(l, path, s.CratesLine)
}
