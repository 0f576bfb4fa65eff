package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"testing"
	"time"
)

// long ago enough for any leftover to be Stale.
var old = time.Now().Add(-time.Hour)

func mustWrite(t *testing.T, path, data string, mtime time.Time) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// TestWrite: Write and WriteKeepMode make the parent directory and replace
// the file, giving a new file mode perm and keeping an existing file's
// (renameio.WriteFile keeps it for Write too).
func TestWrite(t *testing.T) {
	tests := []struct {
		name     string
		keepMode bool
		existing fs.FileMode // 0: no file before
		perm     fs.FileMode
		want     fs.FileMode
	}{
		{"new file", false, 0, 0o644, 0o644},
		{"new file keep mode", true, 0, 0o600, 0o600},
		{"replace", false, 0o600, 0o644, 0o600},
		{"replace keep mode", true, 0o600, 0o644, 0o600},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "a", "b", "f.json")
			if tc.existing != 0 {
				mustWrite(t, path, "old", old)
				if err := os.Chmod(path, tc.existing); err != nil {
					t.Fatal(err)
				}
			}
			write := Write
			if tc.keepMode {
				write = WriteKeepMode
			}
			if err := write(path, []byte("new"), tc.perm); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil || string(got) != "new" {
				t.Fatalf("read back %q, %v", got, err)
			}
			if got := names(t, filepath.Dir(path)); len(got) != 1 {
				t.Errorf("directory holds %v, want the file alone", got)
			}
			if runtime.GOOS == "windows" {
				return // no Unix permission bits
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			// The umask may take bits away from a new file, never add.
			if m := fi.Mode().Perm(); m&^tc.want != 0 || (tc.existing != 0 && m != tc.want) {
				t.Errorf("mode %v, want %v", m, tc.want)
			}
		})
	}
}

// TestSweep: a write of a file removes the temp files killed writes of that
// file left ("." + name + digits, Stale), and nothing else: not a live
// writer's, not another file's, not the user's files that look similar.
func TestSweep(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	files := []struct {
		name  string
		mtime time.Time
		swept bool
	}{
		{".settings.json2274338230646603733", old, true},
		{".settings.json42", old, true},
		{".settings.json99", time.Now(), false}, // a live write's
		{".settings.json.bak", old, false},
		{".settings.jsonx1", old, false},
		{".settings.json12345678901234567890", old, false}, // more digits than an int64
		{"settings.json1", old, false},
		{".other.json123", old, false}, // another file's
	}
	for _, f := range files {
		mustWrite(t, filepath.Join(dir, f.name), "x", f.mtime)
	}
	if err := os.Mkdir(filepath.Join(dir, ".settings.json7"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(target, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		_, err := os.Lstat(filepath.Join(dir, f.name))
		if gone := errors.Is(err, fs.ErrNotExist); gone != f.swept {
			t.Errorf("%s: removed = %v, want %v", f.name, gone, f.swept)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, ".settings.json7")); err != nil {
		t.Errorf("a directory was removed: %v", err)
	}
}

// TestSweepListsOnce: the directory is listed at its first sweep; a later
// sweep of another file there still finds that file's leftovers from the
// listing, and a leftover that appears after it is left for the next
// process.
func TestSweepListsOnce(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml")
	mustWrite(t, filepath.Join(dir, ".b.toml123"), "x", old)
	if err := Write(a, []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(dir, ".a.toml456"), "x", old) // after the listing
	Sweep(a)
	Sweep(b)
	want := []string{".a.toml456", "a.toml"}
	if got := names(t, dir); !equal(got, want) {
		t.Errorf("after the sweeps: %v, want %v", got, want)
	}
}

// TestTempDir: a directory built beside its destination moves into place;
// SweepDirs removes only TempDir leftovers older than the age given.
func TestTempDir(t *testing.T) {
	root := t.TempDir()
	dst := filepath.Join(root, "sub", "skill")
	tmp, err := TempDir(dst)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(tmp) != filepath.Dir(dst) {
		t.Fatalf("TempDir %s is not beside %s", tmp, dst)
	}
	mustWrite(t, filepath.Join(tmp, "SKILL.md"), "x", time.Now())
	if err := ReplaceDir(tmp, dst); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dst, "SKILL.md")); err != nil {
		t.Fatal(err)
	}
	stale, err := TempDir(dst)
	if err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(stale, "half"), "x", old)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	live, err := TempDir(dst)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(root, "sub", ".other.tmp-1")
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(other, old, old); err != nil {
		t.Fatal(err)
	}
	SweepDirs(dst, time.Minute)
	want := []string{filepath.Base(other), filepath.Base(live), "skill"}
	sort.Strings(want)
	if got := names(t, filepath.Join(root, "sub")); !equal(got, want) {
		t.Errorf("after SweepDirs: %v, want %v", got, want)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
