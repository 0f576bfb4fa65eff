// Package atomicfile is the one place symposium replaces files and moves
// finished directories into place. A reader (an agent, a hook, another
// sync) sees the old file or the new one, never half of one: data goes to a
// uniquely named temp file beside the target (renameio on Unix, our own
// writer on Windows), is fsync'd, then renamed over it. A write killed
// before the rename leaves its temp file behind; a later write of the same
// target removes such leftovers (Sweep says when).
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
	"sync"
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
//
// A sync writes many files into a few directories, so the directory is
// listed once per process (the first Sweep or write there) and what looked
// like a killed write's leftover then is remembered: later sweeps of that
// directory only match names against that list. A leftover that appears
// after the listing (a write another process has killed since) goes at the
// next process's sweep.
func Sweep(path string) {
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)
	l := listed(dir)
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for name := range l.stale {
		if digits, ok := strings.CutPrefix(name, prefix); ok && allDigits(digits) {
			os.Remove(filepath.Join(dir, name))
			delete(l.stale, name)
		}
	}
}

// leftovers is one directory's listing, kept for the process: the regular
// files whose names could be a temp file's ("." first, a digit last) and
// that were Stale when it was listed.
type leftovers struct {
	mu    sync.Mutex
	stale map[string]bool
}

// listings holds each directory's leftovers, by directory.
var listings sync.Map

// listed returns dir's leftovers, listing it on first use; nil when it
// cannot be listed (it is listed again next time).
func listed(dir string) *leftovers {
	if l, ok := listings.Load(dir); ok {
		return l.(*leftovers)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	l := &leftovers{stale: map[string]bool{}}
	for _, e := range entries {
		name := e.Name()
		if len(name) < 2 || name[0] != '.' || !isDigit(name[len(name)-1]) || !e.Type().IsRegular() {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) >= Stale {
			l.stale[name] = true
		}
	}
	// Two first sweeps at once keep one listing: both saw the same files.
	got, _ := listings.LoadOrStore(dir, l)
	return got.(*leftovers)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func allDigits(s string) bool {
	if s == "" || len(s) > 19 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
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
