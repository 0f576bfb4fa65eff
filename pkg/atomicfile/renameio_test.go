//go:build !windows

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/renameio/v2"
)

// TestSweepRenameioTemp pins what Sweep assumes of renameio's temp names:
// a write killed after renameio made its temp file (never committed, never
// cleaned up) leaves a file that the next write of the target removes. If
// renameio names its temp files otherwise, this fails.
func TestSweepRenameioTemp(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "config.toml")
	pf, err := renameio.NewPendingFile(target, renameio.WithTempDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pf.WriteString("half"); err != nil {
		t.Fatal(err)
	}
	temp := pf.Name()
	if err := pf.File.Close(); err != nil { // killed: no rename, no cleanup
		t.Fatal(err)
	}
	if filepath.Dir(temp) != dir {
		t.Fatalf("renameio's temp file %s is not beside %s", temp, target)
	}
	if err := os.Chtimes(temp, old, old); err != nil {
		t.Fatal(err)
	}
	if err := Write(target, []byte("whole"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(temp); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("renameio's leftover %s was not swept (%v): has its temp naming changed?", filepath.Base(temp), err)
	}
	if got := names(t, dir); len(got) != 1 || got[0] != "config.toml" {
		t.Errorf("directory holds %v, want config.toml alone", got)
	}
}
