//go:build unix

package rawfile

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadRegular: ReadRegular reads a file whole with its mode, whatever its size,
// and skips what is not a regular file without waiting on it.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		size int
		perm fs.FileMode
	}{
		{"empty", 0, 0o644},
		{"small", 5, 0o644},
		{"script", 100, 0o755},
		{"large", 1 << 20, 0o600},
	}
	for _, tc := range tests {
		p := filepath.Join(dir, tc.name)
		want := bytes.Repeat([]byte("x"), tc.size)
		if err := os.WriteFile(p, want, tc.perm); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, tc.perm); err != nil {
			t.Fatal(err)
		}
		data, perm, ok, err := ReadRegular(p)
		if err != nil || !ok || !bytes.Equal(data, want) || perm != tc.perm {
			t.Errorf("%s: %d bytes, mode %v, ok %v, err %v; want %d bytes, mode %v", tc.name, len(data), perm, ok, err, tc.size, tc.perm)
		}
	}
	if _, _, _, err := ReadRegular(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("missing file: %v, want not-exist", err)
	}
	{
		fifo := filepath.Join(dir, "fifo")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, ok, err := ReadRegular(fifo); ok || err != nil {
			t.Errorf("fifo: ok %v, err %v; want skipped", ok, err)
		}
	}
}
