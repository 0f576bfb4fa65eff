package syncstate

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
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

// TestFindOtherCase: Find walks up from a cwd spelled in another case to
// the state stored for the workspace, where the system ignores case, and
// only there.
func TestFindOtherCase(t *testing.T) {
	cache, root := t.TempDir(), filepath.Join(t.TempDir(), "Proj")
	st := &State{WorkspaceRoot: root, Trusted: true, Extra: "x"}
	data, err := Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(Path(cache, root), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cwd := filepath.Join(strings.ToLower(root), "src")
	found, err := Find(cache, cwd)
	if err != nil {
		t.Fatal(err)
	}
	defer found.Close()
	switch ignores := runtime.GOOS == "windows" || runtime.GOOS == "darwin"; {
	case ignores && found == nil:
		t.Errorf("%s ignores case: no state found from %q, want %q's", runtime.GOOS, cwd, root)
	case ignores && found.WorkspaceRoot != root:
		t.Errorf("found %q, want %q", found.WorkspaceRoot, root)
	case !ignores && found != nil:
		t.Errorf("%s keeps case: found %q from %q, want none", runtime.GOOS, found.WorkspaceRoot, cwd)
	}
}
