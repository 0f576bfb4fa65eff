package install

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// copySkill makes dst an exact copy of the skill directory src (every file,
// its mode, plus our .gitignore), writing only files whose bytes or mode
// differ and removing files that are no longer in src. It reports created
// when dst did not exist, updated when anything changed, else unchanged.
func copySkill(w fileedit.Writer, src, dst string, dry bool) (string, error) {
	_, statErr := os.Lstat(dst)
	existed := statErr == nil
	want := map[string]bool{}
	changed := false
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if rel == ".gitignore" {
			return nil // ours replaces it
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			// Symlinks inside a skill are followed only when they stay regular files.
			target, err := os.Stat(p)
			if err != nil || !target.Mode().IsRegular() {
				return nil
			}
			info = target
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		want[out] = true
		st, err := writeWithMode(w, out, data, info.Mode().Perm(), dry)
		if err != nil {
			return err
		}
		if st != stream.StatusUnchanged {
			changed = true
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	ign := filepath.Join(dst, ".gitignore")
	want[ign] = true
	st, err := writeWithMode(w, ign, []byte(gitignore), 0o644, dry)
	if err != nil {
		return "", err
	}
	if st != stream.StatusUnchanged {
		changed = true
	}
	// Files left from an older version of the skill.
	if existed {
		var stale []string
		filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !want[p] {
				stale = append(stale, p)
			}
			return nil
		})
		sort.Strings(stale)
		for _, p := range stale {
			if _, err := w.Remove(p); err != nil {
				return "", err
			}
			changed = true
		}
	}
	switch {
	case !existed:
		return stream.StatusCreated, nil
	case changed:
		return stream.StatusUpdated, nil
	}
	return stream.StatusUnchanged, nil
}

// writeWithMode writes data and makes sure the file has mode perm (the
// writer keeps an existing file's permissions, so a changed mode in the
// source needs a chmod).
func writeWithMode(w fileedit.Writer, path string, data []byte, perm fs.FileMode, dry bool) (string, error) {
	st, err := w.WriteFile(path, data, perm)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil // not written yet (dry run)
	}
	if err != nil {
		return "", err
	}
	if info.Mode().Perm() != perm {
		if dry {
			if st == stream.StatusUnchanged {
				st = stream.StatusUpdated
			}
			return st, nil
		}
		if err := os.Chmod(path, perm); err != nil {
			return "", err
		}
		if st == stream.StatusUnchanged {
			st = stream.StatusUpdated
		}
	}
	return st, nil
}
