// Package cargows finds a Rust workspace and lists the direct dependencies of
// its members, reading Cargo.toml files and Cargo.lock itself so that the
// hot path never runs cargo (DESIGN.md, "Dependencies without cargo on the
// hot path"). Load is that native reader; CargoMetadata (metadata.go, the only
// file that runs a process) asks `cargo metadata` for the same answer.
//
// A direct dependency is one declared by a member in [dependencies],
// [dev-dependencies] or [build-dependencies], for any target, optional or
// not, named by its package name (never the rename). A dependency on another
// member is not one; a path dependency outside the workspace is. Its version
// is the one Cargo.lock gives that member, read from the member's own
// [[package]] entry, so members that use different versions of one crate
// each get theirs.
package cargows

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// CratesIO is the source string Cargo.lock gives crates.io packages.
const CratesIO = "registry+https://github.com/rust-lang/crates.io-index"

// Options says where to look for the workspace.
type Options struct {
	// ManifestPath is a Cargo.toml (or a directory holding one). When empty,
	// the nearest Cargo.toml at or above Dir is used, as cargo does.
	ManifestPath string
	// Dir is where the search starts when ManifestPath is empty ("" = cwd).
	Dir string
}

// Result is a workspace and the direct dependencies of its members.
type Result struct {
	Workspace stream.Workspace
	Deps      []stream.Dep // sorted by member, name, version, dep_kind, source
	Warnings  []Warning    // problems worked around (no lock, a stale lock)
}

// decl is one dependency declaration of a member, inheritance applied.
type decl struct {
	key       string // the TOML key
	name      string // package name
	renamed   bool
	kind      string // normal, dev, build
	target    string // normalised platform key; "" = unconditional
	optional  bool
	req       string // "" when none was written
	path      string // absolute, for path dependencies
	git       string // "git+URL" plus ?branch=/tag=/rev=, for git dependencies
	registry  string // alternative registry name
	inherited bool
	section   int    // index into sections
	targetRaw string // the [target.KEY] key as written
}

// where is the TOML path of the declaration in its member's Cargo.toml.
func (d *decl) where() []string {
	var w []string
	if d.targetRaw != "" {
		w = append(w, "target", d.targetRaw)
	}
	return append(w, sections[d.section].name, d.key)
}

// declaredSource is the source a declaration asks for, in Cargo.lock's
// spelling where it can be known without the lock.
func (d *decl) declaredSource() string {
	switch {
	case d.git != "":
		return d.git
	case d.path != "":
		return ""
	case d.registry != "":
		return "registry:" + d.registry
	}
	return CratesIO
}

// loader holds the state of one Load.
type loader struct {
	manifests map[string]*manifest // by absolute Cargo.toml path
	inputs    map[string]bool
	root      *manifest
	exclude   []string // absolute directories
	warnings  []Warning
	parser    unstable.Parser // reused: its node arena is grown once
	wsDeps    map[string]*depSpec
}

// Root finds the root directory of the workspace opts points into, as Load
// does (package.workspace, the nearest [workspace] above that does not
// exclude the package), reading no member and no lock.
func Root(opts Options) (string, error) {
	l := &loader{manifests: map[string]*manifest{}, inputs: map[string]bool{}}
	start, err := l.startManifest(opts)
	if err != nil {
		return "", err
	}
	if err := l.findRoot(start); err != nil {
		return "", err
	}
	return l.root.dir, nil
}

// Load finds the workspace and lists its members' direct dependencies.
func Load(opts Options) (*Result, error) {
	l := &loader{manifests: map[string]*manifest{}, inputs: map[string]bool{}}
	start, err := l.startManifest(opts)
	if err != nil {
		return nil, err
	}
	if err := l.findRoot(start); err != nil {
		return nil, err
	}
	// The lock is the largest file: parse it while the members are read.
	lockPath := filepath.Join(l.root.dir, "Cargo.lock")
	lockc, lockErr := make(chan *lockFile, 1), make(chan error, 1)
	go func() {
		lf, err := readLock(lockPath)
		lockc <- lf
		lockErr <- err
	}()
	members, err := l.findMembers()
	if err != nil {
		return nil, err
	}
	if start.hasPackage && !slices.ContainsFunc(members, func(m *member) bool { return m.m == start }) {
		return nil, fmt.Errorf("%s: package %q is not a member of the workspace at %s (add it to workspace.members or workspace.exclude)",
			start.path, start.name, l.root.path)
	}
	res := &Result{Workspace: stream.Workspace{
		Kind:     stream.KindWorkspace,
		Root:     l.root.dir,
		Manifest: l.root.path,
		Members:  make([]stream.Member, 0, len(members)),
	}}
	for _, m := range members {
		rel, _ := filepath.Rel(l.root.dir, m.m.path)
		res.Workspace.Members = append(res.Workspace.Members, stream.Member{Name: m.name, Version: m.version, Manifest: filepath.ToSlash(rel)})
	}
	lock, err := <-lockc, <-lockErr
	switch {
	case errors.Is(err, fs.ErrNotExist):
		lock = nil
		l.warnings = append(l.warnings, Warning{File: lockPath, Msg: "no Cargo.lock: versions are unresolved (the lowest match of each requirement), so version predicates may not match"})
	case err != nil:
		return nil, err
	default:
		res.Workspace.Lockfile = lockPath
		l.inputs[lockPath] = true
	}
	res.Deps, err = l.resolve(members, lock)
	if err != nil {
		return nil, err
	}
	res.Workspace.Inputs = slices.Sorted(maps.Keys(l.inputs))
	res.Warnings = l.warnings
	return res, nil
}

// manifestFile is --manifest-path as an absolute Cargo.toml path: a
// directory names the Cargo.toml in it.
func manifestFile(path string) (string, error) {
	p, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(p); err == nil && st.IsDir() {
		p = filepath.Join(p, "Cargo.toml")
	}
	return p, nil
}

func (l *loader) startManifest(opts Options) (*manifest, error) {
	if opts.ManifestPath != "" {
		p, err := manifestFile(opts.ManifestPath)
		if err != nil {
			return nil, err
		}
		return l.read(p)
	}
	dir := opts.Dir
	if dir == "" {
		dir = "."
	}
	p, err := cargofind.Nearest(dir)
	if err != nil {
		return nil, err
	}
	return l.read(p)
}

// read parses a Cargo.toml once and remembers it as an input.
func (l *loader) read(path string) (*manifest, error) {
	path = filepath.Clean(path)
	if m, ok := l.manifests[path]; ok {
		return m, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	l.inputs[path] = true
	m, err := parseManifest(&l.parser, path, data)
	if err != nil {
		return nil, err
	}
	m.dir = filepath.Dir(path)
	l.manifests[path] = m
	return m, nil
}

// prefetch reads and parses manifests in parallel (one parser per worker)
// and caches those that parse; read reports the failures later, in order.
func (l *loader) prefetch(paths []string) {
	paths = slices.DeleteFunc(slices.Clone(paths), func(p string) bool { return l.manifests[filepath.Clean(p)] != nil })
	if len(paths) < 8 {
		return // not worth the goroutines
	}
	got := make([]*manifest, len(paths))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), 4) {
		wg.Go(func() {
			var p unstable.Parser
			for {
				i := int(next.Add(1)) - 1
				if i >= len(paths) {
					return
				}
				path := filepath.Clean(paths[i])
				data, err := os.ReadFile(path)
				if err != nil {
					continue
				}
				if m, err := parseManifest(&p, path, data); err == nil {
					m.dir = filepath.Dir(path)
					got[i] = m
				}
			}
		})
	}
	wg.Wait()
	for _, m := range got {
		if m != nil {
			l.manifests[m.path] = m
			l.inputs[m.path] = true
		}
	}
}

func isDirErr(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "is a directory")
}

// findRoot applies cargo's rule: the manifest itself when it has
// [workspace]; the one package.workspace names; else the nearest ancestor
// with [workspace] whose exclude list does not cover the package; else the
// package is a workspace of its own.
func (l *loader) findRoot(start *manifest) error {
	if start.hasWorkspace {
		return l.setRoot(start)
	}
	if start.hasPackage && start.workspaceField != "" {
		p := filepath.Join(start.dir, start.workspaceField, "Cargo.toml")
		m, err := l.read(p)
		if err != nil {
			line, col := locate(start.data, "package", "workspace")
			return &PosError{File: start.path, Line: line, Col: col, Msg: fmt.Sprintf("package.workspace: %v", err), Err: err}
		}
		if !m.hasWorkspace {
			line, col := locate(start.data, "package", "workspace")
			return &PosError{File: start.path, Line: line, Col: col, Msg: fmt.Sprintf("package.workspace: %s has no [workspace] table", p)}
		}
		return l.setRoot(m)
	}
	for d := filepath.Dir(start.dir); ; d = filepath.Dir(d) {
		p := filepath.Join(d, "Cargo.toml")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			m, err := l.read(p)
			if err != nil {
				return err
			}
			if m.hasWorkspace {
				if err := l.setRoot(m); err != nil {
					return err
				}
				if !l.excluded(start.dir) {
					return nil
				}
			}
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return l.setRoot(start)
}

func (l *loader) setRoot(m *manifest) error {
	l.root = m
	l.exclude = l.exclude[:0]
	for _, e := range m.exclude {
		l.exclude = append(l.exclude, filepath.Join(m.dir, e))
	}
	return nil
}

func (l *loader) excluded(dir string) bool {
	for _, e := range l.exclude {
		if within(dir, e) {
			return true
		}
	}
	return false
}

// within reports whether dir is base or below it.
func within(dir, base string) bool {
	return strings.HasPrefix(dir, base) && (len(dir) == len(base) || dir[len(base)] == filepath.Separator)
}

type member struct {
	m       *manifest
	name    string
	version string
	decls   []decl
}

// findMembers returns the root package, the workspace.members entries (globs
// expanded, exclude applied) and, transitively, every path dependency inside
// the root that is not excluded: root first, then by directory.
func (l *loader) findMembers() ([]*member, error) {
	ms := &memberSet{l: l, byDir: map[string]*member{}}
	root := l.root
	if root.hasPackage {
		if err := ms.add(root); err != nil {
			return nil, err
		}
	}
	if root.hasWorkspace {
		if err := ms.addListed(); err != nil {
			return nil, err
		}
	}
	if err := ms.addPathDeps(); err != nil {
		return nil, err
	}
	out := ms.out
	slices.SortFunc(out, func(a, b *member) int {
		if (a.m == root) != (b.m == root) {
			if a.m == root {
				return -1
			}
			return 1
		}
		return strings.Compare(a.m.dir, b.m.dir)
	})
	return out, nil
}

// memberSet collects findMembers' members, each once, in the order found.
type memberSet struct {
	l     *loader
	out   []*member
	byDir map[string]*member
	queue []*member // members whose path dependencies are not yet visited
}

// add makes m a member unless it is one already.
func (ms *memberSet) add(m *manifest) error {
	if _, ok := ms.byDir[m.dir]; ok {
		return nil
	}
	if !m.hasPackage {
		return &PosError{File: m.path, Msg: "workspace member has no [package] table"}
	}
	mem := &member{m: m, name: m.name, version: ms.l.packageVersion(m)}
	var err error
	if mem.decls, err = ms.l.declarations(m); err != nil {
		return err
	}
	ms.byDir[m.dir] = mem
	ms.out = append(ms.out, mem)
	ms.queue = append(ms.queue, mem)
	return nil
}

// addListed adds the workspace.members entries in order: globs expanded
// (directories with a Cargo.toml only), exclude applied.
func (ms *memberSet) addListed() error {
	l, root := ms.l, ms.l.root
	expanded, err := l.expandMembers()
	if err != nil {
		return err
	}
	for i, pat := range root.members {
		abs := filepath.Join(root.dir, pat)
		if strings.ContainsAny(pat, "*?[") {
			for _, h := range expanded[i] {
				m, err := l.read(filepath.Join(h, "Cargo.toml"))
				if errors.Is(err, fs.ErrNotExist) || isDirErr(err) {
					continue // a glob hit without a Cargo.toml is no member
				}
				if err != nil {
					return err
				}
				if err := ms.add(m); err != nil {
					return err
				}
			}
			continue
		}
		if l.excluded(abs) {
			continue
		}
		m, err := l.read(filepath.Join(abs, "Cargo.toml"))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				line, col := locate(root.data, "workspace", "members", fmt.Sprint(i))
				return &PosError{File: root.path, Line: line, Col: col,
					Msg: fmt.Sprintf("workspace member %q has no Cargo.toml (%s does not exist)", pat, filepath.Join(abs, "Cargo.toml")), Err: err}
			}
			return err
		}
		if err := ms.add(m); err != nil {
			return err
		}
	}
	return nil
}

// expandMembers expands the glob patterns of workspace.members (expanded[i]
// for pattern i, sorted, excluded ones left out) and starts reading every
// manifest they and the plain entries name, so that all of them are
// parsed in parallel before they are added in order.
func (l *loader) expandMembers() ([][]string, error) {
	root := l.root
	expanded := make([][]string, len(root.members))
	var all []string
	for i, pat := range root.members {
		abs := filepath.Join(root.dir, pat)
		if !strings.ContainsAny(pat, "*?[") {
			all = append(all, filepath.Join(abs, "Cargo.toml"))
			continue
		}
		hits, err := filepath.Glob(abs)
		if err != nil {
			line, col := locate(root.data, "workspace", "members", fmt.Sprint(i))
			return nil, &PosError{File: root.path, Line: line, Col: col, Msg: fmt.Sprintf("bad members pattern %q: %v", pat, err), Err: err}
		}
		slices.Sort(hits)
		for _, h := range hits {
			// Like cargo, a glob takes directories only (a README.md
			// beside the crates is no member).
			if fi, err := os.Stat(h); err != nil || !fi.IsDir() {
				continue
			}
			if !l.excluded(h) {
				expanded[i] = append(expanded[i], h)
				all = append(all, filepath.Join(h, "Cargo.toml"))
			}
		}
	}
	l.prefetch(all)
	return expanded, nil
}

// addPathDeps applies cargo's rule: a path dependency inside the workspace
// root is a member, and so, transitively, are its own.
func (ms *memberSet) addPathDeps() error {
	l, root := ms.l, ms.l.root
	for len(ms.queue) > 0 {
		mem := ms.queue[0]
		ms.queue = ms.queue[1:]
		for _, d := range mem.decls {
			if d.path == "" || !within(d.path, root.dir) || l.excluded(d.path) {
				continue
			}
			if _, ok := ms.byDir[d.path]; ok {
				continue
			}
			m, err := l.read(filepath.Join(d.path, "Cargo.toml"))
			if err != nil {
				src, line, col := mem.m, 0, 0
				if d.inherited {
					src = root
					line, col = locate(src.data, "workspace", "dependencies", d.key)
				} else {
					line, col = locate(src.data, d.where()...)
				}
				return &PosError{File: src.path, Line: line, Col: col, Msg: fmt.Sprintf("path dependency %s: %v", d.key, err), Err: err}
			}
			if err := ms.add(m); err != nil {
				return err
			}
		}
	}
	return nil
}

func (l *loader) packageVersion(m *manifest) string {
	switch {
	case m.versionFromWs && l.root.wsVersion != "":
		return l.root.wsVersion
	case m.version != "":
		return m.version
	}
	return "0.0.0" // cargo's default when a package has no version
}

// declarations lists every dependency of m, [target.X] tables included, in
// file order.
func (l *loader) declarations(m *manifest) ([]decl, error) {
	n := 0
	for _, t := range m.deps {
		n += len(t)
	}
	for _, tt := range m.targets {
		for _, t := range tt.depTables {
			n += len(t)
		}
	}
	out := make([]decl, 0, n)
	add := func(target string, t *depTables) error {
		norm, err := normalizeTarget(target)
		if err != nil {
			line, col := locate(m.data, "target", target)
			return &PosError{File: m.path, Line: line, Col: col, Msg: err.Error(), Err: err}
		}
		for i, deps := range t {
			for j := range deps {
				d, err := l.declaration(m, deps[j].name, &deps[j].depSpec, i, target)
				if err != nil {
					return err
				}
				d.target = norm
				out = append(out, d)
			}
		}
		return nil
	}
	if err := add("", &m.deps); err != nil {
		return nil, err
	}
	for i := range m.targets {
		if err := add(m.targets[i].key, &m.targets[i].depTables); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// workspaceDep returns the root's [workspace.dependencies] entry for key.
func (l *loader) workspaceDep(key string) *depSpec {
	if l.wsDeps == nil {
		l.wsDeps = make(map[string]*depSpec, len(l.root.wsDeps))
		for i := range l.root.wsDeps {
			l.wsDeps[l.root.wsDeps[i].name] = &l.root.wsDeps[i].depSpec
		}
	}
	return l.wsDeps[key]
}

// declaration turns one dependency value into a decl, applying workspace
// inheritance: the member may add features and set optional, nothing else.
func (l *loader) declaration(m *manifest, key string, spec *depSpec, section int, target string) (decl, error) {
	d := decl{key: key, name: key, kind: sections[section].kind, section: section, targetRaw: target, optional: spec.optional}
	base := m.dir
	if spec.workspace {
		ws := l.workspaceDep(key)
		if ws == nil {
			line, col := locate(m.data, append(d.where(), "workspace")...)
			if line == 0 {
				line, col = locate(m.data, d.where()...)
			}
			return d, &PosError{File: m.path, Line: line, Col: col,
				Msg: fmt.Sprintf("dependency %s inherits from the workspace (workspace = true), but %s has no [workspace.dependencies] entry %q", key, l.root.path, key)}
		}
		spec = ws
		base = l.root.dir
		d.inherited = true
	}
	d.req, d.registry = spec.version, spec.registry
	if spec.pkg != "" {
		d.name, d.renamed = spec.pkg, true
	}
	if spec.path != "" {
		d.path = filepath.Join(base, spec.path)
	}
	if spec.git != "" {
		d.git = "git+" + spec.git
		switch {
		case spec.branch != "":
			d.git += "?branch=" + spec.branch
		case spec.tag != "":
			d.git += "?tag=" + spec.tag
		case spec.rev != "":
			d.git += "?rev=" + spec.rev
		}
	}
	return d, nil
}
