package hookrecord

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestFoldPath: a workspace root is keyed and compared without case where
// the system's file systems ignore it (Windows; macOS's default APFS), so a
// payload cwd spelled C:\users\ME\proj finds the state stored for
// C:\Users\me\proj; on Linux case is part of the name.
func TestFoldPath(t *testing.T) {
	for _, tc := range []struct {
		goos, a, b string
		same       bool
	}{
		{"windows", `C:\Users\me\proj`, `c:\users\ME\proj`, true},
		{"windows", `\\Server\Share\Proj`, `\\server\share\proj`, true},
		{"windows", `C:\Users\me\proj`, `C:\Users\me\proj2`, false},
		{"darwin", "/Users/me/Proj", "/users/me/proj", true},
		{"darwin", "/Users/me/proj", "/Users/me/proj2", false},
		{"linux", "/home/me/Proj", "/home/me/proj", false},
		{"linux", "/home/me/proj", "/home/me/proj", true},
		{"freebsd", "/home/me/Proj", "/home/me/proj", false},
	} {
		if got := foldPath(tc.goos, tc.a) == foldPath(tc.goos, tc.b); got != tc.same {
			t.Errorf("%s: same(%q, %q) = %v, want %v", tc.goos, tc.a, tc.b, got, tc.same)
		}
	}
}

// TestStampsFresh covers the parallel check on more stamps than one chunk:
// a change anywhere (first, middle, last, a file gone, a file appeared) is
// seen.
func TestStampsFresh(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := 0; i < 1000; i++ {
		p := filepath.Join(dir, fmt.Sprintf("f%04d", i))
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	absent := filepath.Join(dir, "absent")
	paths = append(paths, absent)
	stamps := Stamp(paths)
	if !StampsFresh(stamps) {
		t.Fatal("StampsFresh = false right after Stamp")
	}
	tests := []struct {
		name   string
		change func() error
		undo   func() error
	}{
		{"first edited", func() error { return os.WriteFile(paths[0], []byte("yy"), 0o644) }, func() error { return os.WriteFile(paths[0], []byte("x"), 0o644) }},
		{"middle removed", func() error { return os.Remove(paths[500]) }, func() error { return os.WriteFile(paths[500], []byte("x"), 0o644) }},
		{"last edited", func() error { return os.WriteFile(paths[999], []byte("zz"), 0o644) }, func() error { return os.WriteFile(paths[999], []byte("x"), 0o644) }},
		{"absent appeared", func() error { return os.WriteFile(absent, nil, 0o644) }, func() error { return os.Remove(absent) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.change(); err != nil {
				t.Fatal(err)
			}
			if StampsFresh(stamps) {
				t.Error("StampsFresh = true after a change")
			}
			if err := tc.undo(); err != nil {
				t.Fatal(err)
			}
			// Restore the recorded mtimes so the next case starts fresh.
			stamps = Stamp(paths)
		})
	}
}
