// Package plugin finds plugin sources, discovers the plugins and standalone
// skills in them (book: "Plugin sources", "Discovery rules"), parses
// SYMPOSIUM.toml manifests ("Plugin definitions") and matches everything
// against a workspace's dependencies. It is the only package that runs git
// (git.go).
package plugin

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/predexpr"
	"github.com/symposium-dev/symposium-go/pkg/skill"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Source is a plugin source resolved to a directory.
type Source struct {
	Name   string
	Dir    string // "" when the source has no directory (missing, failed clone)
	Git    string // the repository URL for git sources, credentials hidden (RedactURL): it is shown and recorded; the clone uses the Spec's
	Level  string // effective update level for its git skill groups
	Inputs []string
	// Embedded is set when the built-in snapshot of the recommendations
	// stood in for a repository that could not be cloned; CloneErr says
	// why it could not.
	Embedded bool
	CloneErr error
	// Informal is set for the workspace's own source: its skills may lack
	// frontmatter (skill.ParseInformal), and skill directories symposium
	// installed among them are skipped (pkg/skillowner).
	Informal bool
	// Checked is the check stamp of an auto-update git source
	// (pkg/syncstate: refresh debounce); "" for the others.
	Checked string

	cache *skillCache // parsed SKILL.md files from earlier runs; nil = none
}

// UseCache makes scans of src remember parsed SKILL.md files under
// cacheDir (saved by Match).
func (src *Source) UseCache(cacheDir string) {
	if cacheDir != "" && src.Dir != "" {
		src.cache = openSkillCache(cacheDir, src.Name)
	}
}

// Standalone is a standalone skill with its parsed predicates.
type Standalone struct {
	Skill      *skill.Skill
	Crates     cratepred.List // nil when its frontmatter names none
	Predicates []Pred
	// Dormant: it names no dependency (no crates or depends-on, none in
	// its predicates) and calls no custom predicate, so, like a plugin
	// that names none, it applies only where `cargo agents use <name>`
	// enables it (upstream: a bare SKILL.md is a default plugin).
	Dormant bool
}

// Problem is an error about one file; the thing it names was
// skipped, the rest of the source goes on.
type Problem struct {
	What string // plugin, skill, source
	Name string // plugin/skill directory name
	File string
	Err  error
}

// Scan is what discovery found in one source.
type Scan struct {
	Source      *Source
	Plugins     []*Manifest
	Standalones []*Standalone
	Problems    []Problem
	// Inputs show the source moved (its root directory); a hook call
	// checks them. Tree is what an explicit sync checks besides, for a
	// local source: the directories walked that are not skills, and each
	// manifest. Neither lists skill directories or SKILL.md files, so
	// neither grows with the number of skills (docs/freshness.md).
	Inputs []string
	Tree   []string

	root      string // Source.Dir without symlinks
	workspace bool   // the workspace's own plugins (DiscoverWorkspace): approval.go
}

// Discover walks src.Dir. Directories with SYMPOSIUM.toml are plugins,
// others with SKILL.md standalone skills; neither is searched further.
// Hidden directories are skipped; symlinks are followed only when they stay
// inside the source. Order is by path, so output is deterministic.
func Discover(src *Source) *Scan { return discover(src, walkWorkers) }

// discover is Discover with at most workers goroutines besides the
// caller's walking (0: the caller walks alone).
func discover(src *Source, workers int) *Scan {
	sc := &Scan{Source: src}
	if src.Dir == "" {
		return sc
	}
	// The source's directory is an input even when it is missing (the
	// user plugins directory before anyone made it): stamped absent, it
	// shows the directory appearing.
	sc.Inputs = append(sc.Inputs, src.Dir)
	root, err := filepath.EvalSymlinks(src.Dir)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			sc.Problems = append(sc.Problems, Problem{What: "source", Name: src.Name, File: src.Dir, Err: err})
		}
		return sc
	}
	sc.root = root
	for _, f := range []string{ManifestName, SkillFile} {
		p := filepath.Join(src.Dir, f)
		if isFile(p) {
			sc.Problems = append(sc.Problems, Problem{What: "source", Name: src.Name, File: p,
				Err: fmt.Errorf("%s: %s at the root of plugin source %q: put each plugin or skill in its own subdirectory", p, f, src.Name)})
			sc.Tree = append(sc.Tree, p)
		}
	}
	w := &walker{root: root, source: src.Name, cache: src.cache, sem: make(chan struct{}, workers)}
	// Real directories first, in parallel (without symlinks a directory is
	// reached once); then symlinked directories, one at a time in path
	// order, so which name claims a directory reachable twice is fixed.
	parts := []*part{{}}
	w.scan(filepath.Clean(src.Dir), root, parts[0])
	var visited map[string]bool // real paths of the directories walked, once there is a link
	for i := 0; i < len(parts); i++ {
		for _, l := range parts[i].links {
			if visited == nil {
				visited = map[string]bool{root: true}
				for _, d := range parts[0].walked {
					visited[d] = true
				}
			}
			if !visited[l.real] {
				visited[l.real] = true
				lp := &part{}
				w.entry(l, lp)
				for _, d := range lp.walked {
					visited[d] = true
				}
				parts = append(parts, lp)
			}
		}
	}
	for _, pt := range parts {
		pt.into(sc)
	}
	if src.Git != "" || src.Embedded {
		sc.Tree = nil // a clone changes only by a fetch, which moves its git refs (Inputs)
	}
	sort.SliceStable(sc.Plugins, func(i, j int) bool { return sc.Plugins[i].Dir < sc.Plugins[j].Dir })
	sort.SliceStable(sc.Standalones, func(i, j int) bool { return sc.Standalones[i].Skill.Dir < sc.Standalones[j].Skill.Dir })
	return sc
}

// walkWorkers bounds the goroutines reading directories and files: the work
// is mostly system calls, which overlap well.
const walkWorkers = 8

type walker struct {
	root   string
	source string
	cache  *skillCache
	sem    chan struct{} // a token for each goroutine walking besides the first
}

// sub is a directory to walk; at, when not nil, is its parent, open, to
// stat its files in (dirAt).
type sub struct {
	path, real, name string
	at               *dirAt
}

// part is what a walk found, each list in walk order (depth first, a
// directory's entries by name), so the merged result does not depend on
// scheduling.
type part struct {
	tree        []string
	problems    []Problem
	plugins     []*Manifest
	standalones []*Standalone
	links       []sub // symlinked directories found, scanned afterwards
	// walked are the real paths of the directories walked, for telling
	// which symlinked directories lead to one walked already (a list, not
	// a map: a source without such links never needs one).
	walked []string
}

func (pt *part) into(sc *Scan) {
	sc.Tree = append(sc.Tree, pt.tree...)
	sc.Problems = append(sc.Problems, pt.problems...)
	sc.Plugins = append(sc.Plugins, pt.plugins...)
	sc.Standalones = append(sc.Standalones, pt.standalones...)
}

// add appends what o found after what pt found.
func (pt *part) add(o *part) {
	pt.tree = append(pt.tree, o.tree...)
	pt.problems = append(pt.problems, o.problems...)
	pt.plugins = append(pt.plugins, o.plugins...)
	pt.standalones = append(pt.standalones, o.standalones...)
	pt.links = append(pt.links, o.links...)
	pt.walked = append(pt.walked, o.walked...)
}

// scan adds to pt what dir's subdirectories hold (realDir is dir without
// symlinks): first the symlinked directories among them, then each real
// one in name order.
func (w *walker) scan(dir, realDir string, pt *part) {
	at, entries, err := readDirAt(dir)
	if err != nil {
		pt.problems = append(pt.problems, Problem{What: "source", Name: w.source, File: dir, Err: err})
		return
	}
	defer at.close() // after the subdirectories' entries, which stat in it
	var dirs []sub
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		p := joinName(dir, name)
		switch {
		case e.IsDir():
			real := p // the same path, without symlinks above it
			if realDir != dir {
				real = joinName(realDir, name)
			}
			dirs = append(dirs, sub{p, real, name, at})
		case e.Type()&os.ModeSymlink != 0:
			real, err := filepath.EvalSymlinks(p)
			if err != nil || !within(w.root, real) {
				continue // dangling, or leaves the source
			}
			if st, err := os.Stat(real); err == nil && st.IsDir() {
				pt.links = append(pt.links, sub{path: p, real: real, name: name})
			}
		}
	}
	for _, d := range dirs {
		pt.walked = append(pt.walked, d.real)
	}
	w.entries(dirs, pt)
}

// entries walks dirs into pt: the caller and as many more goroutines as
// are free take the next directory in turn, each adding what it finds to
// that directory's slot, and the slots are joined in order. It was a
// goroutine and a part allocated per directory (a thousand for as many
// skills, many growing their stacks), which cost more than the walk of a
// skill directory itself; slots taken in turn rather than a run of
// directories each keep the goroutines busy when one subtree is larger.
func (w *walker) entries(dirs []sub, pt *part) {
	n := 1
acquire:
	for n < len(dirs) {
		select {
		case w.sem <- struct{}{}:
			n++
		default:
			break acquire
		}
	}
	if n == 1 {
		for _, d := range dirs {
			w.entry(d, pt)
		}
		return
	}
	slots := make([]part, len(dirs))
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= len(dirs) {
				return
			}
			w.entry(dirs[i], &slots[i])
		}
	}
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
			<-w.sem
		}()
	}
	work()
	wg.Wait()
	for i := range slots {
		pt.add(&slots[i])
	}
}

// entry adds one directory to pt: a plugin, a standalone skill, or a
// directory to search further.
func (w *walker) entry(d sub, pt *part) {
	p, name := d.path, d.name
	skillFile := joinName(p, SkillFile)
	isManifest, fi, stamp := w.probe(d, skillFile)
	switch {
	case isManifest:
		manifest := joinName(p, ManifestName)
		pt.tree = append(pt.tree, manifest)
		m, err := LoadManifest(manifest)
		if err != nil {
			pt.problems = append(pt.problems, Problem{What: "plugin", Name: name, File: manifest, Err: err})
			break
		}
		pt.plugins = append(pt.plugins, m)
	case fi != nil:
		st, prob := loadStandalone(w.cache, skillFile, p, fi, stamp, name)
		if prob != nil {
			pt.problems = append(pt.problems, *prob)
			break
		}
		pt.standalones = append(pt.standalones, st)
	default:
		pt.tree = append(pt.tree, p)
		w.scan(p, d.real, pt)
	}
}

// probe tells whether directory d is a plugin (its SYMPOSIUM.toml, which
// wins over a SKILL.md beside it, is a file) or else a standalone skill
// (fi is its SKILL.md's), or neither. A directory the skill cache knows
// as a skill is stat'ed first: when its stamp is the one the cache holds,
// it still has no SYMPOSIUM.toml and only its SKILL.md is stat'ed
// (dirStamp); otherwise stamp is returned for the cache when the
// directory has no entry of that name at all (a symlink that leads
// nowhere may lead somewhere later without the directory changing).
func (w *walker) probe(d sub, skillFile string) (isManifest bool, fi os.FileInfo, stamp string) {
	var now dirStamp
	known := false
	if d.at != nil {
		if prev, ok := w.cache.oldStamp(skillFile); ok {
			now = d.at.dirStamp(d.name)
			if known = now.is(prev); known {
				stamp = prev
			}
		}
	}
	switch {
	case known:
	case now.zero():
		if d.isFile(ManifestName, "", nil) {
			return true, nil, ""
		}
	default:
		found, absent := d.manifestAt()
		if found {
			return true, nil, ""
		}
		if absent {
			stamp = now.String()
		}
	}
	if d.isFile(SkillFile, skillFile, &fi) {
		return false, fi, stamp
	}
	return false, nil, ""
}

// manifestAt is isFile of the directory's SYMPOSIUM.toml in its open
// parent (d.at is not nil), and also says whether the directory has no
// entry of that name at all.
func (d sub) manifestAt() (found, absent bool) {
	rel := d.name + "/" + ManifestName
	st, err := d.at.lstat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, true
	case err != nil:
		return false, false
	case st.Mode()&fs.ModeSymlink != 0:
		st, err = d.at.stat(rel)
		return err == nil && st.Mode().IsRegular(), false
	}
	return st.Mode().IsRegular(), false
}

func loadStandalone(c *skillCache, skillFile, dir string, fi os.FileInfo, stamp string, name string) (*Standalone, *Problem) {
	s, err := c.load(skillFile, dir, fi, stamp)
	if err != nil {
		return nil, &Problem{What: "skill", Name: name, File: skillFile, Err: err}
	}
	var l cratepred.List
	if s.Crates != "" {
		if l, err = cratepred.ParseCommaList(s.Crates); err != nil {
			return nil, &Problem{What: "skill", Name: s.Name, File: skillFile, Err: pos.Errorf(skillFile, s.CratesLine, 1, "%w", err)}
		}
	}
	if !stream.ValidSkillName(s.Name) {
		return nil, &Problem{What: "skill", Name: s.Name, File: skillFile, Err: fmt.Errorf("%s:2:1: skill name %q: %s", skillFile, s.Name, stream.SkillNameRule)}
	}
	ps, err := skillPreds(skillFile, s.PredicatesLine, s.Predicates)
	if err != nil {
		return nil, &Problem{What: "skill", Name: s.Name, File: skillFile, Err: err}
	}
	return &Standalone{Skill: s, Crates: l, Predicates: ps, Dormant: s.Crates == "" && !mentionsDeps(ps) && !callsCustom(ps)}, nil
}

// callsCustom reports whether a predicate list calls a custom predicate,
// which can gate a skill as well as a dependency can (upstream).
func callsCustom(ps []Pred) bool {
	found := false
	for _, p := range ps {
		p.Expr.Walk(func(x *predexpr.Expr) { found = found || x.Leaf() && !predexpr.IsBuiltin(x.Fn) })
	}
	return found
}

// isFile reports whether the directory's file name (whose path is p, or
// "" to join it when needed) is a regular file, following symlinks, and
// keeps its FileInfo in fi when fi is not nil (the skill cache needs it).
// It stats in the open parent when there is one.
func (d sub) isFile(name, p string, fi *os.FileInfo) bool {
	if d.at == nil {
		if p == "" {
			p = joinName(d.path, name)
		}
		if fi == nil {
			return isFile(p)
		}
		return isFileInfo(p, fi)
	}
	st, err := d.at.stat(d.name + "/" + name)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	if fi != nil {
		*fi = st
	}
	return true
}

// isFileInfo is isFile keeping the FileInfo, which the skill cache needs.
func isFileInfo(p string, fi *os.FileInfo) bool {
	st, err := os.Stat(p)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	*fi = st
	return true
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// joinName is filepath.Join(dir, name) for a clean dir and a name that
// is one path element (read from dir, or a constant), without Join's
// Clean: the walk joins four paths a directory, and Clean was 7% of
// sym-match's CPU at 5,000 skills.
func joinName(dir, name string) string {
	switch {
	case dir == "" || dir[len(dir)-1] == '.' || len(filepath.VolumeName(dir)) == len(dir):
		return filepath.Join(dir, name) // ".", "..", "C:" and "C:." (C:'s current directory) join otherwise
	case os.IsPathSeparator(dir[len(dir)-1]):
		return dir + name // the root
	}
	return dir + string(filepath.Separator) + name
}

// within reports whether p is root or below it (both already clean).
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// inside joins rel to dir and checks that the result, symlinks resolved,
// stays inside dir (also resolved). ok is false when the path does not
// exist or, with dirOnly, is not a directory. A rel that is absolute or
// climbs with ".." is refused with notRel(); one that leads out of dir,
// or whose dir cannot be resolved (then err is why), with out(p, err).
func inside(dir, rel string, dirOnly bool, notRel func() error, out func(p string, err error) error) (string, bool, error) {
	if !relInside(rel) {
		return "", false, notRel()
	}
	p := filepath.Join(dir, filepath.FromSlash(rel))
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, os.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil || !within(root, real) {
		return "", false, out(p, err)
	}
	if dirOnly {
		if st, err := os.Stat(real); err != nil || !st.IsDir() {
			return "", false, nil
		}
	}
	return p, true, nil
}

// GroupSkills lists the skills of a group directory at any depth, as
// upstream finds them (skills/v1/basics/SKILL.md): a directory holding
// SKILL.md is a skill and is not searched further, since skills do not
// nest (so a group directory that is itself a skill is its only skill).
// Hidden directories are skipped; a symlinked directory is followed once
// by its real path, so a link loop ends. tree is what shows a skill added,
// removed or renamed: each directory walked that holds no SKILL.md
// (adding one changes its mtime).
func GroupSkills(dir string) (files []string, tree []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	if p := filepath.Join(dir, SkillFile); isFile(p) {
		return []string{p}, []string{dir}, nil
	}
	visited := map[string]bool{}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		visited[real] = true
	}
	g := &groupWalk{visited: visited}
	g.tree = append(g.tree, dir)
	g.entries(dir, entries)
	sort.Strings(g.files)
	return g.files, g.tree, nil
}

// groupWalk is one GroupSkills walk.
type groupWalk struct {
	files, tree []string
	visited     map[string]bool // real paths of the directories walked
}

// entries walks the subdirectories of dir (whose entries are given).
func (g *groupWalk) entries(dir string, entries []os.DirEntry) {
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if e.Type()&os.ModeSymlink != 0 {
			st, err := os.Stat(p)
			if err != nil || !st.IsDir() {
				continue
			}
			real, err := filepath.EvalSymlinks(p)
			if err != nil || g.visited[real] {
				continue
			}
			g.visited[real] = true
		} else if !e.IsDir() {
			continue
		}
		if f := filepath.Join(p, SkillFile); isFile(f) {
			g.files = append(g.files, f)
			continue
		}
		sub, err := os.ReadDir(p)
		if err != nil {
			continue // unreadable: nothing found there, as before
		}
		g.tree = append(g.tree, p)
		g.entries(p, sub)
	}
}

// SkillFile is the name of a skill's definition file.
const SkillFile = "SKILL.md"
