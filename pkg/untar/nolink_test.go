package untar

import (
	"archive/tar"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestNoSymlinkPrivilege: where the system makes no symlink (Windows
// without Developer Mode or the privilege; a file system without links),
// a crate still unpacks: a link to a file of the archive becomes a copy
// of it, any other is left out with a warning.
func TestNoSymlinkPrivilege(t *testing.T) {
	old := symlink
	symlink = func(*os.Root, string, string) error {
		return &os.LinkError{Op: "symlink", Err: syscall.EPERM}
	}
	t.Cleanup(func() { symlink = old })
	const p = "demo-1.0.0/"
	var warnings []string
	o := crate
	o.Warn = func(msg string) { warnings = append(warnings, msg) }
	dir, err := unpack(t, archive(t,
		entry{Name: p + "Cargo.toml", Body: "[package]\n"},
		entry{Name: p + "docs/guide.md", Body: "guide", Mode: 0o755},
		entry{Name: p + "README.md", Type: tar.TypeSymlink, Link: "docs/guide.md"},
		entry{Name: p + "skills/readme.md", Type: tar.TypeSymlink, Link: "../README.md"},
		entry{Name: p + "guide", Type: tar.TypeSymlink, Link: "docs"},
		entry{Name: p + "gone", Type: tar.TypeSymlink, Link: "nowhere.md"},
	), o)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(filepath.Join(dir, "README.md"))
	if err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("README.md: %v %v, want a regular file", fi, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "README.md")); string(b) != "guide" {
		t.Errorf("README.md = %q, want the target's bytes", b)
	}
	for _, name := range []string{"guide", "gone"} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s made, want it left out", name)
		}
	}
	got := strings.Join(warnings, "\n")
	for _, want := range []string{"left out symlink guide -> docs", "left out symlink gone -> nowhere.md"} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings %q lack %q", got, want)
		}
	}
}
