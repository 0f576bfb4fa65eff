package cargows

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/symposium-dev/symposium-go/pkg/semver"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// lockFile is the part of Cargo.lock sym-deps reads. Versions 1 to 4 share
// it: v1 writes every dependency as "name version (source)", later versions
// only as much of that as is needed to be unambiguous.
type lockFile struct {
	Version int
	Package []lockPkg

	path   string
	data   []byte
	byName []int32 // indexes into Package, sorted by name (Cargo.lock's own order, usually)
}

type lockPkg struct {
	Name         string
	Version      string
	Source       string
	Checksum     string // sha256 of the .crate (registry packages, lock v2+)
	Dependencies []string
}

func readLock(path string) (*lockFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lf := &lockFile{path: path, data: data}
	lf.Package = make([]lockPkg, 0, bytes.Count(data, []byte("[[package]]")))
	var cur *lockPkg
	var p unstable.Parser
	err = walkTOML(&p, path, data, func(key [][]byte, v *unstable.Node) error {
		switch v.Kind {
		case unstable.ArrayTable:
			cur = nil
			if len(key) == 1 && string(key[0]) == "package" {
				lf.Package = append(lf.Package, lockPkg{})
				cur = &lf.Package[len(lf.Package)-1]
			}
			return nil
		case unstable.Table:
			cur = nil
			if len(key) == 1 && string(key[0]) == "root" {
				// Very old lockfiles kept the root package here.
				lf.Package = append(lf.Package, lockPkg{})
				cur = &lf.Package[len(lf.Package)-1]
			}
			return nil
		}
		if len(key) == 1 && string(key[0]) == "version" && v.Kind == unstable.Integer {
			fmt.Sscan(string(v.Data), &lf.Version)
			return nil
		}
		if cur == nil || len(key) != 2 {
			return nil
		}
		var err error
		switch string(key[1]) {
		case "name":
			cur.Name, err = tomlString(key, v)
		case "version":
			cur.Version, err = tomlString(key, v)
		case "source":
			cur.Source, err = tomlString(key, v)
		case "checksum":
			cur.Checksum, err = tomlString(key, v)
		case "dependencies":
			cur.Dependencies, err = tomlStrings(key, v)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	lf.byName = make([]int32, len(lf.Package))
	for i := range lf.byName {
		lf.byName[i] = int32(i)
	}
	slices.SortStableFunc(lf.byName, func(a, b int32) int { return strings.Compare(lf.Package[a].Name, lf.Package[b].Name) })
	return lf, nil
}

// named returns the indexes of the packages called name.
func (lf *lockFile) named(name string) []int32 {
	i, _ := slices.BinarySearchFunc(lf.byName, name, func(x int32, n string) int { return strings.Compare(lf.Package[x].Name, n) })
	j := i
	for j < len(lf.byName) && lf.Package[lf.byName[j]].Name == name {
		j++
	}
	return lf.byName[i:j]
}

// splitLockDep splits a dependencies entry: "name", "name version" or
// "name version (source)".
func splitLockDep(s string) (name, version, source string) {
	if strings.HasSuffix(s, ")") {
		if i := strings.Index(s, " ("); i >= 0 {
			s, source = s[:i], s[i+2:len(s)-1]
		}
	}
	name, version, _ = strings.Cut(s, " ")
	return name, version, source
}

// find returns the [[package]] a dependencies entry names, or -1.
func (lf *lockFile) find(name, version, source string) int {
	found, pathPkg, n := -1, -1, 0
	for _, i := range lf.named(name) {
		i := int(i)
		p := &lf.Package[i]
		if version != "" && p.Version != version || source != "" && p.Source != source {
			continue
		}
		n++
		found = i
		if p.Source == "" {
			pathPkg = i
		}
	}
	switch {
	case n == 1:
		return found
	case n > 1 && source == "" && pathPkg >= 0:
		// cargo writes "(source)" only to tell registry entries apart, so a
		// bare "name version" among several means the path package.
		return pathPkg
	}
	return -1
}

// memberEntry is the member's own [[package]] (no source), or -1.
func (lf *lockFile) memberEntry(name, version string) int {
	for _, i := range lf.named(name) {
		if p := &lf.Package[i]; p.Version == version && p.Source == "" {
			return int(i)
		}
	}
	return -1
}

// locked is one dependencies entry of a member's [[package]].
type locked struct {
	pkg   int // index into Package, -1 when the entry names no package
	index int // position in the dependencies array
	name  string
	text  string
}

// resolve turns every member's declarations into dep records.
func (l *loader) resolve(members []*member, lock *lockFile) ([]stream.Dep, error) {
	memberDirs := make(map[string]bool, len(members))
	for _, m := range members {
		memberDirs[m.m.dir] = true
	}
	n := 0
	for _, mem := range members {
		n += len(mem.decls)
	}
	agg := newAggregator(n)
	for _, mem := range members {
		var entries []locked
		entry := -1
		if lock != nil {
			if entry = lock.memberEntry(mem.name, mem.version); entry >= 0 {
				deps := lock.Package[entry].Dependencies
				entries = make([]locked, len(deps))
				for j, s := range deps {
					n, v, src := splitLockDep(s)
					entries[j] = locked{pkg: lock.find(n, v, src), index: j, name: n, text: s}
				}
			} else {
				l.warnings = append(l.warnings, Warning{File: lock.path,
					Msg: fmt.Sprintf("no [[package]] entry for workspace member %s %s: its dependencies' versions are unresolved (run cargo to update the lock)", mem.name, mem.version)})
			}
		}
		for i := range mem.decls {
			d := &mem.decls[i]
			if d.path != "" && memberDirs[d.path] {
				continue // another member: not a direct dependency
			}
			rec := stream.Dep{Kind: stream.KindDep, Name: d.name, DepKind: d.kind, Member: mem.name, Req: d.req}
			if rec.Req == "" {
				rec.Req = "*"
			}
			if d.path != "" {
				rel, err := filepath.Rel(l.root.dir, d.path)
				if err != nil {
					rel = d.path
				}
				rec.Path = filepath.ToSlash(rel)
			}
			if err := l.pick(&rec, d, lock, entry, entries); err != nil {
				return nil, err
			}
			agg.add(&rec, rename(d), d.target, d.optional)
		}
	}
	return agg.finish(), nil
}

func rename(d *decl) string {
	if d.renamed {
		return d.key
	}
	return ""
}

// aggregator merges declarations into one record per (member, name,
// version, source, dep_kind): renames and targets are collected (a
// declaration for every platform clears targets), requirements joined with
// ", " (one version satisfies them all), optional only when every
// declaration is.
//
// It sorts and merges neighbours rather than indexing by a map: the records
// have to be sorted anyway, and a map over thousands of five-string keys was
// one of the larger costs of a run.
type aggregator struct {
	recs []stream.Dep
	aux  []declInfo
}

type declInfo struct {
	rename, target string
	optional       bool
}

func newAggregator(n int) *aggregator {
	return &aggregator{recs: make([]stream.Dep, 0, n), aux: make([]declInfo, 0, n)}
}

// add records one declaration's record (Renames, Targets and Optional
// unset); rename is the TOML key when it renamed the package, target ""
// means every platform.
func (g *aggregator) add(rec *stream.Dep, rename, target string, optional bool) {
	g.recs = append(g.recs, *rec)
	g.aux = append(g.aux, declInfo{rename, target, optional})
}

// finish returns the merged records, sorted.
func (g *aggregator) finish() []stream.Dep {
	perm := make([]int32, len(g.recs))
	for i := range perm {
		perm[i] = int32(i)
	}
	// Stable, so that requirements join in declaration order.
	slices.SortStableFunc(perm, func(a, b int32) int { return compareDeps(&g.recs[a], &g.recs[b]) })
	out := make([]stream.Dep, 0, len(perm))
	for k := 0; k < len(perm); {
		first := perm[k]
		rec := g.recs[first]
		rec.Optional = true // until a declaration is not
		uncond := false
		for ; k < len(perm) && compareDeps(&g.recs[perm[k]], &g.recs[first]) == 0; k++ {
			r, x := &g.recs[perm[k]], g.aux[perm[k]]
			if perm[k] != first && !slices.Contains(strings.Split(rec.Req, ", "), r.Req) {
				rec.Req += ", " + r.Req
			}
			if x.rename != "" && !slices.Contains(rec.Renames, x.rename) {
				rec.Renames = append(rec.Renames, x.rename)
			}
			if x.target == "" {
				uncond = true
			} else if !slices.Contains(rec.Targets, x.target) {
				rec.Targets = append(rec.Targets, x.target)
			}
			rec.Optional = rec.Optional && x.optional
			rec.Unresolved = rec.Unresolved || r.Unresolved
		}
		if uncond {
			rec.Targets = nil // declared for every platform somewhere
		}
		slices.Sort(rec.Targets)
		slices.Sort(rec.Renames)
		out = append(out, rec)
	}
	return out
}

// SortDeps sorts records by member, name, version, dep_kind and source.
func SortDeps(deps []stream.Dep) {
	slices.SortFunc(deps, func(a, b stream.Dep) int { return compareDeps(&a, &b) })
}

func compareDeps(a, b *stream.Dep) int {
	if c := strings.Compare(a.Member, b.Member); c != 0 {
		return c
	}
	if c := strings.Compare(a.Name, b.Name); c != 0 {
		return c
	}
	if c := semver.Compare(a.Version, b.Version); c != 0 {
		return c
	}
	if c := strings.Compare(a.DepKind, b.DepKind); c != 0 {
		return c
	}
	return strings.Compare(a.Source, b.Source)
}

// pick sets rec's version and source from the member's lock entries, or
// marks it unresolved (with a warning) when the lock cannot say.
func (l *loader) pick(rec *stream.Dep, d *decl, lock *lockFile, entry int, entries []locked) error {
	if lock != nil && entry >= 0 {
		var cands []locked
		for _, e := range entries {
			if e.name == d.name {
				cands = append(cands, e)
			}
		}
		if c, ok := choose(d, lock, cands); ok {
			if c.pkg < 0 {
				line, col := locate(lock.data, "package", fmt.Sprint(entry), "dependencies", fmt.Sprint(c.index))
				l.warnings = append(l.warnings, Warning{File: lock.path, Line: line, Col: col,
					Msg: fmt.Sprintf("%s lists dependency %q but there is no [[package]] entry for it: %s is unresolved (run cargo to update the lock)", rec.Member, c.text, d.name)})
			} else {
				p := &lock.Package[c.pkg]
				rec.Version, rec.Source, rec.Checksum = p.Version, p.Source, p.Checksum
				return nil
			}
		} else {
			line, col := locate(lock.data, "package", fmt.Sprint(entry))
			l.warnings = append(l.warnings, Warning{File: lock.path, Line: line, Col: col,
				Msg: fmt.Sprintf("%s has no locked dependency %s matching %q: its version is unresolved (run cargo to update the lock)", rec.Member, d.name, rec.Req)})
		}
	}
	// No usable lock entry: a path dependency says its own version; anything
	// else gets the lowest version its requirement allows.
	rec.Source = d.declaredSource()
	if d.path != "" {
		if m, err := l.read(filepath.Join(d.path, "Cargo.toml")); err == nil && m.hasPackage {
			rec.Version = l.packageVersion(m)
			return nil
		}
	}
	v, err := lowestMatch(rec.Req)
	if err != nil {
		return l.declError(d, rec.Member, err)
	}
	rec.Version, rec.Unresolved = v, true
	return nil
}

// declError positions err at the declaration d of member.
func (l *loader) declError(d *decl, member string, err error) error {
	for _, m := range l.manifests {
		if m.hasPackage && m.name == member {
			line, col := locate(m.data, d.where()...)
			return &PosError{File: m.path, Line: line, Col: col, Msg: fmt.Sprintf("dependency %s: %v", d.key, err), Err: err}
		}
	}
	return err
}

// choose picks the lock entry a declaration resolved to among the member's
// entries with the same name: the only one; else the one whose source kind
// and version fit; else the one whose version fits (a [patch] may have
// changed the source).
func choose(d *decl, lock *lockFile, cands []locked) (locked, bool) {
	switch len(cands) {
	case 0:
		return locked{}, false
	case 1:
		return cands[0], true
	}
	reqOK := func(c locked) bool {
		if c.pkg < 0 {
			return false
		}
		ok, err := reqMatches(cmp.Or(d.req, "*"), lock.Package[c.pkg].Version)
		return ok || err != nil
	}
	srcOK := func(c locked) bool {
		if c.pkg < 0 {
			return false
		}
		s := lock.Package[c.pkg].Source
		switch {
		case d.path != "":
			return s == ""
		case d.git != "":
			base, _, _ := strings.Cut(d.git, "?")
			return strings.HasPrefix(s, base)
		case d.registry != "":
			return strings.HasPrefix(s, "registry+") || strings.HasPrefix(s, "sparse+")
		}
		return s == CratesIO
	}
	for _, keep := range []func(locked) bool{
		func(c locked) bool { return srcOK(c) && reqOK(c) },
		reqOK,
		srcOK,
	} {
		var hit []locked
		for _, c := range cands {
			if keep(c) {
				hit = append(hit, c)
			}
		}
		if len(hit) == 1 {
			return hit[0], true
		}
	}
	return locked{}, false
}
