package syncstate

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestOpen: open gives a file that reads what was written, whatever the
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
			f, err := open(p)
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
	if _, err := open(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("open(missing) error = %v, want fs.ErrNotExist", err)
	}
}
