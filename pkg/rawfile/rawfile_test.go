package rawfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadAsOS: Read gives what os.ReadFile gives, errors included,
// which callers show (pkg/skill's Load).
func TestReadAsOS(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"SKILL.md": "---\nname: a\ndescription: d\n---\nbody\n",
		"empty":    "",
		"big":      strings.Repeat("0123456789abcdef", 10000),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"SKILL.md", "empty", "big", "missing", "."} {
		p := filepath.Join(dir, name)
		got, gotErr := Read(p)
		want, wantErr := os.ReadFile(p)
		if string(got) != string(want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Errorf("%s: Read = %d bytes, %v; os.ReadFile = %d bytes, %v", name, len(got), gotErr, len(want), wantErr)
		}
	}
}

// TestOpen: Open gives a file that reads what was written, whatever the
// size, and fails as os.Open does on a missing file.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		size int
	}{
		{"empty", 0},
		{"small", 17},
		{"large", 3<<20 + 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := bytes.Repeat([]byte("0123456789abcdef\n"), tc.size/17+1)[:tc.size]
			p := filepath.Join(dir, tc.name)
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := Open(p)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := io.ReadAll(f)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("read %d bytes, %v; want %d bytes", len(got), err, len(want))
			}
		})
	}
	if _, err := Open(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(missing) error = %v, want fs.ErrNotExist", err)
	}
}

// TestSizeMTime: what the hook record stamps is what os.Stat says, for a
// file, a directory, a symlink (followed) and a missing path.
func TestSizeMTime(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("twelve bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{file, dir, filepath.Join(dir, "missing")}
	if os.Symlink(file, filepath.Join(dir, "link")) == nil {
		paths = append(paths, filepath.Join(dir, "link"))
	}
	for _, p := range paths {
		size, mtime, err := SizeMTime(p)
		fi, serr := os.Stat(p)
		if (err == nil) != (serr == nil) {
			t.Fatalf("%s: SizeMTime error %v, os.Stat error %v", p, err, serr)
		}
		if serr == nil && (size != fi.Size() || mtime != fi.ModTime().UnixNano()) {
			t.Errorf("%s: SizeMTime = %d %d, os.Stat %d %d", p, size, mtime, fi.Size(), fi.ModTime().UnixNano())
		}
	}
}
