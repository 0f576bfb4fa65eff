package fileedit

import (
	"os"
	"path/filepath"
	"testing"
)

// requireSymlinks skips a test that writes through a symlink where this
// system makes none that work: Wine 8 reports success and leaves nothing
// usable, and Windows without Developer Mode or the symlink privilege
// refuses. Linux and macOS always run it.
func requireSymlinks(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	if err := os.WriteFile(target, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := os.Symlink("target", link)
	if err == nil {
		var b []byte
		if b, err = os.ReadFile(link); err == nil && string(b) != "x" {
			err = os.ErrInvalid
		}
	}
	if err != nil {
		t.Skipf("this system makes no working symlinks (%v); the test writes through one", err)
	}
}
