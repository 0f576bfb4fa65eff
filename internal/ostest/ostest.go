// Package ostest lets a test say what it needs of the system it runs on
// (Unix permission bits, symlinks, an sh) and skip, saying why, where that
// is missing: on Windows, and under Wine (make test-windows), some of it is
// absent or only pretends to work.
package ostest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/proc"
)

// UnixModes skips t on Windows, whose files have no Unix permission bits:
// Go reports 0666, or 0444 for the read-only attribute, whatever a chmod
// asked for.
func UnixModes(t testing.TB) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have no Unix permission bits (only the read-only attribute)")
	}
}

// Symlinks skips t where a symlink cannot be made: Windows without the
// symlink privilege (nor developer mode), and Wine 8, whose
// CreateSymbolicLink reports success and creates nothing.
func Symlinks(t testing.TB) {
	t.Helper()
	symlinksOnce.Do(func() { symlinksErr = trySymlink() })
	if symlinksErr != "" {
		t.Skip(symlinksErr)
	}
}

var (
	symlinksOnce sync.Once
	symlinksErr  string
)

// trySymlink makes one symlink and reads it back, returning why not.
func trySymlink() string {
	dir, err := os.MkdirTemp("", "ostest")
	if err != nil {
		return "no temp directory to try a symlink in: " + err.Error()
	}
	defer os.RemoveAll(dir)
	link := filepath.Join(dir, "link")
	if err := os.Symlink("target", link); err != nil {
		return "this system cannot make symlinks: " + err.Error()
	}
	if got, err := os.Readlink(link); err != nil || got != "target" {
		return "this system's symlinks do not hold (Wine 8 reports success and makes none)"
	}
	return ""
}

// Shell skips t where the sh that runs hook commands, predicates and
// install scripts (proc.Shell) is not there: Windows without Git for
// Windows, and Wine.
func Shell(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath(proc.Shell()); err != nil {
		t.Skip("no sh to run the test's scripts (on Windows proc.Shell looks for Git for Windows' sh.exe; Wine has none): " + err.Error())
	}
}
