package fileedit

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/internal/linktest"
)

// TestWriteFile: created/updated/unchanged, permissions kept, symlinks
// written through, no write when equal, non-regular files refused; DryRun
// reports the same statuses and writes nothing.
func TestWriteFile(t *testing.T) {
	linktest.Require(t)
	type step struct {
		op, path, data, want string // op: write, remove, removeall
		wantErr              bool
	}
	steps := []step{
		{"write", "a/b/new.json", "{}\n", StatusCreated, false},
		{"write", "a/b/new.json", "{}\n", StatusUnchanged, false},
		{"write", "a/b/new.json", "{\"x\":1}\n", StatusUpdated, false},
		{"write", "link.json", "through\n", StatusUpdated, false},
		{"write", "dir", "x", "", true},
		{"write", "fifo", "x", "", true},
		{"remove", "a/b/new.json", "", StatusRemoved, false},
		{"remove", "a/b/new.json", "", StatusUnchanged, false},
		{"removeall", "a", "", StatusRemoved, false},
		{"removeall", "a", "", StatusUnchanged, false},
	}
	setup := func(t *testing.T) string {
		root := t.TempDir()
		mustDo(t, "write", os.WriteFile(filepath.Join(root, "target.json"), []byte("old\n"), 0o600))
		mustDo(t, "symlink", os.Symlink("target.json", filepath.Join(root, "link.json")))
		mustDo(t, "mkdir", os.Mkdir(filepath.Join(root, "dir"), 0o755))
		mustDo(t, "mkfifo", mkSpecial(filepath.Join(root, "fifo")))
		return root
	}
	run := func(t *testing.T, w Writer, root string) []string {
		var got []string
		for _, s := range steps {
			p := filepath.Join(root, s.path)
			var st string
			var err error
			switch s.op {
			case "write":
				st, err = w.WriteFile(p, []byte(s.data), 0o644)
			case "remove":
				st, err = w.Remove(p)
			case "removeall":
				st, err = w.RemoveAll(p)
			}
			if (err != nil) != s.wantErr {
				t.Errorf("%s %s: err = %v, want error %v", s.op, s.path, err, s.wantErr)
			}
			if st != s.want {
				t.Errorf("%s %s: status %q, want %q", s.op, s.path, st, s.want)
			}
			got = append(got, st)
			if s.op == "write" && err == nil {
				if b, err := w.ReadFile(p); err != nil || string(b) != s.data {
					t.Errorf("ReadFile after write = %q, %v", b, err)
				}
			}
		}
		return got
	}
	t.Run("real", func(t *testing.T) {
		root := setup(t)
		run(t, Real(), root)
		fi, err := os.Lstat(filepath.Join(root, "link.json"))
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("symlink replaced: %v %v", fi.Mode(), err)
		}
		fi, err = os.Stat(filepath.Join(root, "target.json"))
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("target perms = %v, %v; want 0600 kept", fi.Mode().Perm(), err)
		}
		if b, _ := os.ReadFile(filepath.Join(root, "target.json")); string(b) != "through\n" {
			t.Errorf("target = %q", b)
		}
	})
	t.Run("dry-run", func(t *testing.T) {
		root := setup(t)
		before := snapshot(t, root)
		run(t, DryRun(), root)
		if diff := cmp.Diff(before, snapshot(t, root)); diff != "" {
			t.Errorf("dry run changed the tree (-before +after):\n%s", diff)
		}
	})
}

func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, _ := d.Info()
		s := fi.Mode().String()
		if fi.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			s += " " + string(b)
		}
		out[p] = s
		return nil
	})
	mustDo(t, "walk", err)
	return out
}

// TestWriteFileUnchangedNoWrite: equal bytes leave the file (and its
// mtime) alone.
func TestWriteFileUnchangedNoWrite(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f.json")
	mustDo(t, "write", os.WriteFile(p, []byte("same\n"), 0o644))
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	mustDo(t, "chtimes", os.Chtimes(p, old, old))
	st, err := Real().WriteFile(p, []byte("same\n"), 0o644)
	if err != nil || st != StatusUnchanged {
		t.Fatalf("WriteFile = %q, %v", st, err)
	}
	fi, _ := os.Stat(p)
	if !fi.ModTime().Equal(old) {
		t.Errorf("mtime changed: %v, want %v", fi.ModTime(), old)
	}
}

// TestDryRunReadsOwnWrites: later reads see pending writes and removals.
func TestDryRunReadsOwnWrites(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, "d", "f.json")
	w := DryRun()
	if _, err := w.ReadFile(p); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("ReadFile of a missing file: %v", err)
	}
	mustDo(t, "WriteFile", func() error { _, err := w.WriteFile(p, []byte("x"), 0o644); return err }())
	if b, err := w.ReadFile(p); err != nil || string(b) != "x" {
		t.Errorf("ReadFile = %q, %v", b, err)
	}
	if st, _ := w.RemoveAll(filepath.Join(root, "d")); st != StatusRemoved {
		t.Errorf("RemoveAll = %q", st)
	}
	if _, err := w.ReadFile(p); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile after RemoveAll: %v", err)
	}
}

// bump is one locked read-modify-write of a counter file.
func bump(lockDir, p string) error {
	unlock, err := Lock(lockDir, "counter")
	if err != nil {
		return err
	}
	defer unlock()
	w := Real()
	b, err := w.ReadFile(p)
	n := 0
	if err == nil {
		n, _ = strconv.Atoi(string(b))
	}
	_, err = w.WriteFile(p, []byte(strconv.Itoa(n+1)), 0o644)
	return err
}

// TestLockHelperProcess is the child side of TestLock.
func TestLockHelperProcess(t *testing.T) {
	dir := os.Getenv("FILEEDIT_LOCK_DIR")
	if dir == "" {
		t.Skip("helper for TestLock")
	}
	for range 50 {
		if err := bump(dir, filepath.Join(dir, "counter")); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLock: concurrent read-modify-writes from goroutines and from a
// second process lose no update.
func TestLock(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "counter")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHelperProcess$")
	cmd.Env = append(os.Environ(), "FILEEDIT_LOCK_DIR="+dir)
	mustDo(t, "start helper", cmd.Start())
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 25 {
				if err := bump(dir, p); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	mustDo(t, "helper", cmd.Wait())
	b, _ := os.ReadFile(p)
	if string(b) != strconv.Itoa(8*25+50) {
		t.Errorf("counter = %s, want %d", b, 8*25+50)
	}
}

// TestLockNames: a path used as the lock name is hashed into one file in
// lockDir (two spellings of one path share it); a plain name is kept.
func TestLockNames(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "home", ".claude", "settings.json")
	for _, name := range []string{"install", target, filepath.Join(dir, "home", ".claude", "..", ".claude", "settings.json")} {
		unlock, err := Lock(filepath.Join(dir, "cache"), name)
		mustDo(t, "Lock("+name+")", err)
		unlock()
	}
	ents, err := os.ReadDir(filepath.Join(dir, "cache", "locks"))
	mustDo(t, "ReadDir", err)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if len(got) != 2 || !slices.Contains(got, "install.lock") {
		t.Errorf("lock files = %v, want install.lock and one hashed name", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "home")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Lock created something outside lockDir: %v", err)
	}
}

// TestWriteFileSweepsKilledWrites: a write killed between creating its temp
// file and renaming it leaves ".settings.json<digits>" beside the file; the
// next write of that file removes it once it is old enough not to be a live
// writer's, and never a user's file that only looks similar.
func TestWriteFileSweepsKilledWrites(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	old := time.Now().Add(-time.Minute)
	files := map[string]bool{ // name → swept
		".settings.json2274338230646603733": true,
		".settings.json42":                  true,
		".settings.json.bak":                false, // the user's
		".settings.jsonx1":                  false,
		"settings.json1":                    false,
		".other.json123":                    false, // another file's: swept when that one is written
	}
	for name := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(filepath.Join(dir, name), old, old)
	}
	fresh := filepath.Join(dir, ".settings.json99") // a live write's, just created
	if err := os.WriteFile(fresh, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Even a write that changes nothing sweeps.
	if st, err := Real().WriteFile(target, []byte("{}\n"), 0o644); err != nil || st != StatusUnchanged {
		t.Fatalf("WriteFile = %q, %v", st, err)
	}
	for name, swept := range files {
		_, err := os.Lstat(filepath.Join(dir, name))
		if gone := errors.Is(err, fs.ErrNotExist); gone != swept {
			t.Errorf("%s: removed = %v, want %v", name, gone, swept)
		}
	}
	if _, err := os.Lstat(fresh); err != nil {
		t.Errorf("a live writer's temp file was removed: %v", err)
	}
}

// TestWriteFileReadOnly: a file its owner made read-only (0444) is not
// replaced (a rename needs only the directory's permission); the error says
// so and how to allow it. The same bytes are still "unchanged".
func TestWriteFileReadOnly(t *testing.T) {
	p := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(p, []byte("{}\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	if st, err := Real().WriteFile(p, []byte("{}\n"), 0o644); err != nil || st != StatusUnchanged {
		t.Errorf("same bytes: %q, %v", st, err)
	}
	_, err := Real().WriteFile(p, []byte("{\"x\":1}\n"), 0o644)
	if err == nil || !strings.Contains(err.Error(), "read-only; not changed") || !strings.Contains(err.Error(), makeWritable(p)) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "{}\n" {
		t.Errorf("file changed: %q", b)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode changed: %v", fi.Mode())
	}
}
