package install

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Files a user puts into an installed skill directory (notes beside
// SKILL.md, an edit to it) are theirs: the directory's .gitignore is "*",
// so git never saw them and nothing could bring them back. The manifest
// records, per installed skill, each file symposium wrote and a digest of
// what it wrote (manifest.Files), which tells three kinds apart:
//
//   - a file symposium wrote, unchanged since: ours, replaced or removed
//     as the source says;
//   - a file symposium wrote that the user changed: theirs now. An update
//     restores the source's version and names the file in a warning; a
//     removal keeps it;
//   - any other file: the user's, always kept, and named in a warning and
//     in a "skipped" action (so --dry-run and uninstall --dry-run list it).
//
// A skill recorded by an older symposium (no file list) is updated
// keeping every file not in its source, and removed as before, whole.

// fileSum is the digest a manifest records for a file symposium wrote.
func fileSum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:8])
}

// userFiles is what one skill directory held that symposium must not
// silently overwrite or delete.
type userFiles struct {
	kept   []string // relative paths kept: the user's files (and edited ones of ours, on removal)
	edited []string // relative paths of ours the user changed, restored from the source
}

// stray classifies rel, a file in an installed skill directory that the
// source does not have: ours to remove (a file of an older version of the
// skill, our .gitignore, a killed write's temp file) or the user's to keep.
// ours is the skill's record (nil: none, from an older symposium); source
// the skill's files now (their killed writes' temp files are ours too). A
// file the record names is ours whatever it holds now: a sync killed while
// it updated the skill leaves the new version's bytes under the recorded
// name, and only ours by name keeps such a directory ours (edited says the
// bytes differ from the record, which the caller reports).
func stray(dst, rel string, ours map[string]string, source []string) (remove, edited bool) {
	slash := filepath.ToSlash(rel)
	if slash == ".gitignore" || isTempOf(slash, append(slices.Collect(maps.Keys(ours)), source...)) {
		return true, false
	}
	sum, wrote := ours[slash]
	if !wrote {
		return false, false
	}
	data, err := os.ReadFile(filepath.Join(dst, rel))
	return true, err != nil || fileSum(data) != sum
}

// isTempOf reports whether rel is a leftover temp file of an atomic write
// (atomicfile: "." + base + digits) of .gitignore or one of names.
func isTempOf(rel string, names []string) bool {
	dir, base := pathSplit(rel)
	for _, name := range append([]string{".gitignore"}, names...) {
		d, b := pathSplit(name)
		if d != dir {
			continue
		}
		if digits, ok := strings.CutPrefix(base, "."+b); ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			return true
		}
	}
	return false
}

func pathSplit(slash string) (dir, base string) {
	i := strings.LastIndexByte(slash, '/')
	return slash[:i+1], slash[i+1:]
}

// removeSkill removes the installed skill directory dst, except the files
// in it that are the user's (see userFiles): with none, the whole
// directory goes; else only our files go, and the directory stays with
// theirs, which are returned. ours nil (a record of an older symposium)
// removes the directory whole, as before.
func removeSkill(w fileedit.Writer, dst string, ours map[string]string) (status string, kept, edited []string, err error) {
	if ours == nil {
		st, err := removeMarkedLast(w, dst)
		return st, nil, nil, err
	}
	var mine []string
	filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dst, p)
		remove, changed := stray(dst, rel, ours, nil)
		switch {
		case !remove:
			kept = append(kept, filepath.ToSlash(rel))
		case changed:
			edited = append(edited, filepath.ToSlash(rel))
			fallthrough
		default:
			mine = append(mine, p)
		}
		return nil
	})
	sort.Strings(edited)
	if len(kept) == 0 {
		st, err := removeMarkedLast(w, dst)
		return st, nil, edited, err
	}
	// Our .gitignore goes last, as in removeMarkedLast.
	sort.Slice(mine, func(i, j int) bool {
		if gi, gj := isMark(dst, mine[i]), isMark(dst, mine[j]); gi != gj {
			return gj
		}
		return mine[i] < mine[j]
	})
	sort.Strings(kept)
	for _, p := range mine {
		if _, err := w.Remove(p); err != nil {
			return "", kept, edited, err
		}
	}
	return stream.StatusUpdated, kept, edited, nil
}

// removeMarkedLast removes the installed skill directory dst whole, our
// .gitignore (the mark that says the directory is ours, pkg/skillmark)
// last. A sync killed part-way through then leaves a directory that is
// still marked, which the next sync finishes removing; removed in any
// order, it could leave a SKILL.md without the mark, which sym-match reads
// as the user's own workspace skill (in .agents/skills/) and every later
// sync keeps, copies to the other agents and installs ours beside under
// another name.
func removeMarkedLast(w fileedit.Writer, dst string) (string, error) {
	entries, err := os.ReadDir(dst)
	if err != nil {
		return w.RemoveAll(dst) // absent ("unchanged"), or not a directory to list
	}
	for _, e := range entries {
		p := filepath.Join(dst, e.Name())
		if isMark(dst, p) && !e.IsDir() {
			continue
		}
		if e.IsDir() {
			_, err = w.RemoveAll(p)
		} else {
			_, err = w.Remove(p)
		}
		if err != nil {
			return "", err
		}
	}
	if _, err := w.Remove(filepath.Join(dst, ".gitignore")); err != nil {
		return "", err
	}
	return w.RemoveAll(dst)
}

// isMark reports whether p is the .gitignore at the top of the installed
// skill directory dst.
func isMark(dst, p string) bool {
	return p == filepath.Join(dst, ".gitignore")
}

// reportUserFiles warns about, and lists as skipped actions, what one
// skill directory held of the user's. removed says the skill itself was
// removed around them.
func (r *Result) reportUserFiles(agents, dst, name string, u userFiles, removed bool) {
	if len(u.edited) > 0 {
		r.warnf("skill %s: replaced your change to %s with the skill's source (an installed skill follows its source; copy it under another name to keep a change)", name, joinIn(dst, u.edited))
	}
	if len(u.kept) == 0 {
		return
	}
	if removed {
		r.warnf("skill %s no longer applies: removed symposium's files from %s but kept the directory with yours, which symposium did not write: %s", name, dst, strings.Join(native(u.kept), ", "))
	} else {
		r.warnf("skill %s: kept %s: not in the skill's source, so not symposium's", name, joinIn(dst, u.kept))
	}
	for _, k := range u.kept {
		r.add("skill", agents, filepath.Join(dst, filepath.FromSlash(k)), stream.StatusSkipped, name, "not symposium's: kept")
	}
}

// native returns the "/"-separated relative paths rels (as the skill
// manifest records them) in this system's form, for messages.
func native(rels []string) []string {
	out := make([]string, len(rels))
	for i, r := range rels {
		out[i] = filepath.FromSlash(r)
	}
	return out
}

func joinIn(dst string, rels []string) string {
	paths := make([]string, len(rels))
	for i, r := range rels {
		paths[i] = filepath.Join(dst, filepath.FromSlash(r))
	}
	return strings.Join(paths, ", ")
}
