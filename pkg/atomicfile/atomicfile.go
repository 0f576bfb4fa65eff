// Package atomicfile is the one place symposium replaces files and moves
// finished directories into place. A reader (an agent, a hook, another
// sync) sees the old file or the new one, never half of one: data goes to a
// uniquely named temp file beside the target (renameio on Unix, our own
// writer on Windows), is fsync'd, then renamed over it. A write killed
// before the rename leaves its temp file behind; the next write of the same
// target removes such leftovers.
//
// Windows refuses to rename over a file another program holds open without
// delete sharing (an agent reading its settings): the rename is retried for
// a while, then the write fails with an error saying so, and the target
// keeps its old content whole.
//
// It links nothing but renameio (Unix), golang.org/x/sys/windows (Windows)
// and the standard library, so the hook path (which saves sync state) can
// use it.
package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Stale is how old a temp file must be before it is taken for a killed
// write's leftover rather than a live writer's.
const Stale = time.Second

// Write replaces path with data (mode perm for a new file), creating the
// parent directory.
func Write(path string, data []byte, perm fs.FileMode) error {
	return write(path, data, perm, false)
}

// WriteKeepMode is Write that keeps an existing file's permissions.
func WriteKeepMode(path string, data []byte, perm fs.FileMode) error {
	return write(path, data, perm, true)
}

func write(path string, data []byte, perm fs.FileMode, keepMode bool) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	Sweep(path)
	return replace(path, data, perm, keepMode)
}

// Sweep removes what killed writes of path left beside it: renameio's temp
// files, "." + base name + a decimal number, once they are Stale.
func Sweep(path string) {
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		digits, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() || !allDigits(digits) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) >= Stale {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

func allDigits(s string) bool {
	if s == "" || len(s) > 19 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// TempDir makes a directory beside dst to build dst's new content in, named
// so that SweepDirs recognises it: "." + base + ".tmp-" + random.
func TempDir(dst string) (string, error) {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return "", err
	}
	return os.MkdirTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-")
}

// ReplaceDir moves the finished directory tmp (from TempDir) to dst, which
// must not exist.
func ReplaceDir(tmp, dst string) error {
	return os.Rename(tmp, dst)
}

// SweepDirs removes the TempDir leftovers of dst that are older than age.
func SweepDirs(dst string, age time.Duration) {
	dir, prefix := filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-"
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) >= age {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}
