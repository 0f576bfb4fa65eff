// Package linktest tells tests whether this system makes symbolic links
// that work: Windows makes them only with Developer Mode or the symlink
// privilege, and Wine 8 answers success and leaves nothing usable, so a
// test that plants a link asks first. Linux and macOS always make them.
package linktest

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var (
	once  sync.Once
	works bool
	why   error
)

// Works reports whether a relative symlink to a file can be made, is seen
// as a link, and reads through to the file.
func Works() bool {
	once.Do(func() { why = probe(); works = why == nil })
	return works
}

// Require skips t unless Works, saying why.
func Require(t testing.TB) {
	t.Helper()
	if !Works() {
		t.Skipf("this system makes no working symlinks (%v); the test plants one", why)
	}
}

func probe() error {
	dir, err := os.MkdirTemp("", "symlink-probe")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	if err := os.WriteFile(target, []byte("x"), 0o644); err != nil {
		return err
	}
	if err := os.Symlink("target", link); err != nil {
		return err
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return os.ErrInvalid
	}
	if b, err := os.ReadFile(link); err != nil || string(b) != "x" {
		return os.ErrInvalid
	}
	return nil
}
