package install

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/rawfile"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// skillFile is one file of a skill directory, read once and copied into
// every skill directory that needs it.
type skillFile struct {
	rel  string
	data []byte
	perm fs.FileMode
	sum  string // fileSum(data), what the manifest records
}

// readSkill reads every file of the skill directory src, except .git and
// .gitignore. A plugin source is someone else's repository, so a symlink
// is followed only when it stays inside the skill's own directory (a file
// is copied as the file it names, a directory as its files); one that
// leads elsewhere (~/.ssh/id_ed25519, /etc/passwd) is not copied, and a
// warning names it.
//
// It runs once per matched skill on every sync, so it costs what reading
// the files needs: src is resolved only when the skill holds a symlink
// (most hold none), and each file is opened once, its mode and size taken
// from the open file (rawfile.ReadRegular).
func readSkill(src string) (files []skillFile, warnings []string, err error) {
	r := &skillReader{src: src}
	return r.files, r.warnings, r.walk(src, "")
}

// skillReader is one readSkill.
type skillReader struct {
	src      string
	root     string          // src with symlinks resolved, once one is met
	visited  map[string]bool // directories walked through a symlink (a link back up would loop)
	files    []skillFile
	warnings []string
}

func (r *skillReader) walk(dir, rel string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p, rp := filepath.Join(dir, e.Name()), filepath.Join(rel, e.Name())
		switch {
		case e.IsDir():
			if e.Name() != ".git" {
				if err := r.walk(p, rp); err != nil {
					return err
				}
			}
			continue
		case rp == ".gitignore":
			continue // ours replaces it
		case e.Type()&fs.ModeSymlink != 0:
			target, isDir, err := r.follow(p)
			if err != nil {
				return err
			}
			if target == "" {
				continue // broken, or leads out: warned
			}
			if isDir {
				if !r.visited[target] {
					r.visited[target] = true
					if err := r.walk(target, rp); err != nil {
						return err
					}
				}
				continue
			}
			p = target
		case !e.Type().IsRegular():
			continue // fifos, sockets, devices: not skill content
		}
		data, perm, ok, err := rawfile.ReadRegular(p)
		if err != nil {
			return err
		}
		if ok {
			r.files = append(r.files, skillFile{rel: rp, data: data, perm: perm, sum: fileSum(data)})
		}
	}
	return nil
}

// follow resolves the symlink p: its target when that stays inside the
// skill, and whether it is a directory; "" (with a warning) when it is
// broken or leads out.
func (r *skillReader) follow(p string) (target string, isDir bool, err error) {
	if r.root == "" {
		if r.root, err = filepath.EvalSymlinks(r.src); err != nil {
			return "", false, err
		}
		r.visited = map[string]bool{r.root: true}
	}
	target, err = filepath.EvalSymlinks(p)
	if err != nil {
		r.warnings = append(r.warnings, fmt.Sprintf("%s: a broken symlink; not copied", p))
		return "", false, nil
	}
	if !within(r.root, target) {
		r.warnings = append(r.warnings, fmt.Sprintf("%s links outside its skill (to %s); not copied", p, target))
		return "", false, nil
	}
	fi, err := os.Stat(target)
	if err != nil {
		return "", false, err
	}
	return target, fi.IsDir(), nil
}

// copySkill is copySkillOwned for a skill with no record of ours.
func copySkill(w fileedit.Writer, files []skillFile, dst string, absent, dry bool) (string, error) {
	st, _, err := copySkillOwned(w, files, dst, absent, dry, nil)
	return st, err
}

// copySkillOwned makes dst a copy of a skill's files (their modes too, plus
// our .gitignore), writing only files whose bytes or mode differ and
// removing the files of ours that are no longer in the skill. The user's
// files in dst are kept and returned, with the files of ours they changed
// (ours is the skill's record in the manifest; see userFiles). It reports
// created when dst did not exist, updated when anything changed, else
// unchanged. absent says the caller already saw that dst does not exist
// (saving a stat per skill on a first sync).
func copySkillOwned(w fileedit.Writer, files []skillFile, dst string, absent, dry bool, ours map[string]string) (string, userFiles, error) {
	var user userFiles
	st, err := copyInto(w, files, dst, absent, dry, ours, &user)
	return st, user, err
}

// copyInto is copySkillOwned's work, reporting the user's files into
// user: a fresh copy when dst is not there yet, else an update in place.
func copyInto(w fileedit.Writer, files []skillFile, dst string, absent, dry bool, ours map[string]string, user *userFiles) (string, error) {
	existed, err := existingCopy(dst, absent)
	if err != nil {
		return "", err
	}
	if !existed && !dry {
		if err := freshCopy(files, dst, absent); err != nil {
			return "", err
		}
		return stream.StatusCreated, nil
	}
	changed := false
	have := map[string]bool{}
	var haveDirs []string
	if existed && !dry {
		if haveDirs, changed, err = scanCopy(dst, have); err != nil {
			return "", err
		}
	}
	want, wrote, err := updateFiles(w, files, dst, dry, ours, have, user)
	if err != nil {
		return "", err
	}
	changed = changed || wrote
	if existed {
		removed, err := removeStale(w, files, dst, dry, ours, have, want, haveDirs, user)
		if err != nil {
			return "", err
		}
		changed = changed || removed
	}
	switch {
	case !existed:
		return stream.StatusCreated, nil
	case changed:
		return stream.StatusUpdated, nil
	}
	return stream.StatusUnchanged, nil
}

// existingCopy reports whether dst exists (without a stat when absent
// says the caller saw it missing), failing when it is not a directory.
func existingCopy(dst string, absent bool) (bool, error) {
	if absent {
		return false, nil
	}
	fi, statErr := os.Lstat(dst)
	existed := statErr == nil
	if existed && !fi.IsDir() {
		return false, fmt.Errorf("%s is not a directory symposium made; leaving it alone", dst)
	}
	return existed, nil
}

// scanCopy records in have the regular files now in the existing copy
// dst and returns its subdirectories. A symlink inside a skill directory
// of ours was not put there by us: it goes (changed says one did), so
// that no write after this follows one.
func scanCopy(dst string, have map[string]bool) (haveDirs []string, changed bool, err error) {
	var links []string
	filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
		case d.IsDir():
			if p != dst {
				haveDirs = append(haveDirs, p)
			}
		case d.Type().IsRegular():
			have[p] = true
		default:
			links = append(links, p)
		}
		return nil
	})
	for _, p := range links {
		if err := os.Remove(p); err != nil {
			return nil, false, err
		}
		changed = true
	}
	return haveDirs, changed, nil
}

// freshCopy makes the new directory dst and writes the skill's files into
// it: nothing to compare with, nothing to stat.
func freshCopy(files []skillFile, dst string, absent bool) error {
	created, err := mkdir(dst)
	if err != nil {
		return err
	}
	if !created && absent {
		// Not there a moment ago (or there under another case, on a
		// case-insensitive file system): not ours to write into.
		return fmt.Errorf("%s exists and was not installed by symposium; leaving it alone", dst)
	}
	// Paths are joined by hand: dst is cleaned once, and each f.rel is
	// clean and relative (readSkill joins directory entries' names), so
	// filepath.Join's Clean of every path (a few thousand a sync) would
	// change nothing.
	dst = filepath.Clean(dst)
	sep := string(filepath.Separator)
	// Our mark goes in first: a sync scanning the workspace at the
	// same moment (the workspace's own .agents/skills are skills too)
	// must never see our half-made copy as the user's skill.
	if err := writeNew(dst+sep+".gitignore", []byte(gitignore), 0o644); err != nil {
		return err
	}
	madeDirs := map[string]bool{dst: true}
	for _, f := range files {
		out, dir := dst+sep+f.rel, dst
		if i := strings.LastIndexByte(f.rel, filepath.Separator); i >= 0 {
			dir = out[:len(dst)+1+i]
		}
		if !madeDirs[dir] {
			if _, err := mkdir(dir); err != nil {
				return err
			}
			madeDirs[dir] = true
		}
		if err := writeNew(out, f.data, f.perm); err != nil {
			return err
		}
	}
	return nil
}

// updateFiles writes the skill's files and our .gitignore into dst where
// their bytes or mode differ (or says it would, when dry), noting in user
// the files of ours the user edited. It returns the paths the copy should
// hold and whether any write changed something.
func updateFiles(w fileedit.Writer, files []skillFile, dst string, dry bool, ours map[string]string, have map[string]bool, user *userFiles) (want map[string]bool, changed bool, err error) {
	want = map[string]bool{}
	// Our mark first, as in freshCopy: a copy that lost it (a first copy
	// killed while it wrote it) is marked again before any SKILL.md is
	// written, so neither a sync reading the directory meanwhile nor one
	// after a kill here takes the copy for the user's skill.
	ign := filepath.Join(dst, ".gitignore")
	want[ign] = true
	st, err := writeWithMode(w, ign, []byte(gitignore), 0o644, dry)
	if err != nil {
		return nil, false, err
	}
	changed = st != stream.StatusUnchanged
	for _, f := range files {
		out := filepath.Join(dst, f.rel)
		want[out] = true
		if sum, wrote := ours[filepath.ToSlash(f.rel)]; wrote && (have[out] || dry) {
			if old, err := os.ReadFile(out); err == nil && fileSum(old) != sum && fileSum(old) != f.sum {
				user.edited = append(user.edited, filepath.ToSlash(f.rel))
			}
		}
		st, err := writeWithMode(w, out, f.data, f.perm, dry)
		if err != nil {
			return nil, false, err
		}
		if st != stream.StatusUnchanged {
			changed = true
		}
	}
	return want, changed, nil
}

// removeStale removes from the existing copy dst the files left from an
// older version of the skill, or by an interrupted write (writeReplace's
// temp files), and the directories left empty; the user's files among
// them are kept and noted in user. It reports whether anything went.
func removeStale(w fileedit.Writer, files []skillFile, dst string, dry bool, ours map[string]string, have, want map[string]bool, haveDirs []string, user *userFiles) (bool, error) {
	sourceRels := make([]string, len(files))
	for i, f := range files {
		sourceRels[i] = filepath.ToSlash(f.rel)
	}
	var stale []string
	for p := range have {
		if !want[p] {
			stale = append(stale, p)
		}
	}
	if dry {
		filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !want[p] {
				stale = append(stale, p)
			}
			return nil
		})
	}
	sort.Strings(stale)
	changed := false
	for _, p := range stale {
		rel, _ := filepath.Rel(dst, p)
		remove, edited := stray(dst, rel, ours, sourceRels)
		if !remove {
			user.kept = append(user.kept, filepath.ToSlash(rel))
			continue // the user's: kept, and reported
		}
		if edited {
			user.edited = append(user.edited, filepath.ToSlash(rel))
		}
		if _, err := w.Remove(p); err != nil {
			return false, err
		}
		changed = true
	}
	if removeEmptyDirs(haveDirs, dst, want) {
		changed = true
	}
	return changed, nil
}

// removeEmptyDirs removes the directories of an installed skill that hold
// none of its files now (a directory of pages the source no longer has),
// deepest first, so the copy equals the source directory for directory
// too. One that cannot be removed (not empty: something not ours was put
// there) stays, whatever the system's error for it: it holds none of the
// skill's files, so the copy is right either way.
func removeEmptyDirs(dirs []string, dst string, want map[string]bool) bool {
	keep := map[string]bool{}
	for p := range want {
		for d := filepath.Dir(p); d != dst && !keep[d] && len(d) > len(dst); d = filepath.Dir(d) {
			keep[d] = true
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(dirs))) // children before parents
	removed := false
	for _, d := range dirs {
		if keep[d] {
			continue
		}
		if os.Remove(d) == nil {
			removed = true
		}
	}
	return removed
}

// mkdir makes dir, whose parent usually exists (thousands of skill
// directories: os.MkdirAll would stat each one and its parent first), and
// reports whether it created it.
func mkdir(dir string) (created bool, err error) {
	err = os.Mkdir(dir, 0o755)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrExist):
		return false, nil
	}
	return true, os.MkdirAll(dir, 0o755)
}

// writeWithMode writes one file of an installed skill with mode perm. These
// files are ours, not the user's: a torn write is repaired by the next sync
// (it compares bytes), so they skip the fsync'd atomic replace that user
// settings files get, which would cost a disk flush per file.
func writeWithMode(w fileedit.Writer, path string, data []byte, perm fs.FileMode, dry bool) (string, error) {
	if dry {
		return w.WriteFile(path, data, perm)
	}
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
		if err := writeNew(path, data, perm); err != nil {
			return "", err
		}
		return stream.StatusCreated, nil
	case err != nil:
		return "", err
	case !info.Mode().IsRegular():
		return "", fmt.Errorf("%s: not a regular file; remove it and sync again", path)
	}
	if info.Size() == int64(len(data)) {
		old, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		if bytes.Equal(old, data) {
			if samePerm(info.Mode().Perm(), perm) {
				return stream.StatusUnchanged, nil
			}
			if err := os.Chmod(path, perm); err != nil {
				return "", err
			}
			return stream.StatusUpdated, nil
		}
	}
	if err := writeReplace(path, data, perm); err != nil {
		return "", err
	}
	return stream.StatusUpdated, nil
}

// samePerm reports whether a file with permission bits have already has
// want. Windows keeps one bit, read-only, and reports every writable file
// as 0666: comparing all nine bits there would chmod our 0644 .gitignore
// on every sync and report each skill updated.
func samePerm(have, want fs.FileMode) bool {
	if runtime.GOOS == "windows" {
		return have&0o200 == want&0o200
	}
	return have == want
}

// writeNew creates path, which did not exist: no reader can be looking at a
// half-written version of it, so it needs no temp file.
func writeNew(path string, data []byte, perm fs.FileMode) error {
	// Plain system calls: os.OpenFile would also register the file with the
	// runtime poller (two more calls per file, and thousands of files).
	fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, uint32(perm))
	if err == syscall.EEXIST {
		return writeReplace(path, data, perm) // lost a race: replace it
	}
	if err != nil {
		return &fs.PathError{Op: "create", Path: path, Err: err}
	}
	for rest := data; len(rest) > 0 && err == nil; {
		var n int
		n, err = syscall.Write(fd, rest)
		rest = rest[n:]
	}
	// The usual umask clears the group and other write bits. Windows has
	// no such bits (a file is writable by all but read-only) and no
	// fchmod: syscall.Open already made it read-only if perm said so.
	if err == nil && perm&0o022 != 0 && runtime.GOOS != "windows" {
		err = syscall.Fchmod(fd, uint32(perm))
	}
	if cerr := syscall.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return &fs.PathError{Op: "write", Path: path, Err: err}
	}
	return nil
}

// writeReplace replaces path atomically, so a reader never sees half a file.
func writeReplace(path string, data []byte, perm fs.FileMode) error {
	return atomicfile.Write(path, data, perm)
}
