//go:build windows

package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteHeldOpen: Windows refuses to rename over a file another program
// holds open; the write fails with an error saying so, the file keeps its
// old content whole and no temp file is left beside it.
func TestWriteHeldOpen(t *testing.T) {
	saved := renameWaits
	renameWaits = renameWaits[:2] // the retries themselves are TestRenameRetrying's
	t.Cleanup(func() { renameWaits = saved })
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path) // Go opens without FILE_SHARE_DELETE, as agents do
	if err != nil {
		t.Fatal(err)
	}
	err = Write(path, []byte("new"), 0o644)
	f.Close()
	if err == nil || !strings.Contains(err.Error(), "another program holds it open") {
		t.Fatalf("Write over an open file: err = %v, want the held-open error", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("content = %q, want the old content whole", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d entries, want the file alone", len(entries))
	}
	if err := Write(path, []byte("new"), 0o644); err != nil {
		t.Fatalf("Write once closed: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Errorf("content after close = %q, want new", got)
	}
}
