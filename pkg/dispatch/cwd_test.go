package dispatch

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
	"github.com/symposium-dev/symposium-go/pkg/syncstate/write"
)

// TestPayloadCwdForms: the hook finds the workspace from the payload's
// cwd in each form an agent may send on its system: on Windows a drive
// letter with either separator, the \\?\ long-path form, a UNC share
// (\\server\share\proj, here the administrative share of the temp
// directory's drive); a subdirectory of the workspace in each. A cwd that
// names no directory here falls back to the process's directory. The
// Windows cases run under Wine (make test-windows) and on Windows.
func TestPayloadCwdForms(t *testing.T) {
	home := t.TempDir()
	ws := filepath.Join(home, "proj")
	if err := os.MkdirAll(filepath.Join(ws, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	unc := ""
	if vol := filepath.VolumeName(ws); len(vol) == 2 && vol[1] == ':' {
		unc = `\\localhost\` + vol[:1] + `$` + ws[2:]
	}
	process := filepath.Join(home, "elsewhere")
	for _, tc := range []struct {
		name, goos string // goos: "" every system, else only that one
		root, cwd  string // the workspace root the sync stored, the payload's cwd
		want       string // the directory the hook works in
	}{
		{"workspace", "", ws, ws, ws},
		{"subdirectory", "", ws, filepath.Join(ws, "src"), filepath.Join(ws, "src")},
		{"trailing separator", "", ws, ws + string(filepath.Separator), ws},
		{"not a directory here: the process's", "", ws, filepath.Join(ws, "gone"), process},
		{"relative: the process's", "", ws, "proj", process},
		{"a Windows path on unix: the process's", "unix", ws, `C:\Users\me\proj`, process},
		{"a UNC path on unix: the process's", "unix", ws, `\\server\share\proj`, process},
		{"drive letter, forward slashes", "windows", ws, filepath.ToSlash(ws) + "/src", filepath.Join(ws, "src")},
		{"long-path prefix", "windows", `\\?\` + ws, `\\?\` + filepath.Join(ws, "src"), `\\?\` + filepath.Join(ws, "src")},
		{"UNC share", "windows", unc, unc + `\src`, unc + `\src`},
		{"UNC share, forward slashes", "windows", unc, filepath.ToSlash(unc) + "/src", unc + `\src`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if goos := map[bool]string{true: "windows", false: "unix"}[runtime.GOOS == "windows"]; tc.goos != "" && tc.goos != goos {
				t.Skipf("a %s path: runs on %s (Wine: make test-windows)", tc.goos, tc.goos)
			}
			if tc.root == "" {
				t.Skip("the temp directory has no drive letter")
			}
			if _, err := os.Stat(tc.cwd); tc.want != process && err != nil {
				t.Skipf("this system cannot reach %s: %v", tc.cwd, err)
			}
			cache := filepath.Join(t.TempDir(), "cache")
			st := &syncstate.State{Header: hookrecord.Header{WorkspaceRoot: filepath.Clean(tc.root), Trusted: true, Extra: hookrecord.Extra(nil, config.ScopeGlobal, "test")}}
			if _, err := write.State(cache, st); err != nil {
				t.Fatal(err)
			}
			dir := hookrecord.CallDir(tc.cwd, func() string { return process })
			if dir != tc.want {
				t.Fatalf("CallDir(%q) = %q, want %q", tc.cwd, dir, tc.want)
			}
			if dir == process {
				return
			}
			found, err := syncstate.Find(cache, dir)
			if err != nil || found == nil {
				t.Fatalf("no sync state found from %q (stored for %q): %v", dir, tc.root, err)
			}
			defer found.Close()
			if !strings.EqualFold(found.WorkspaceRoot, filepath.Clean(tc.root)) {
				t.Errorf("found the state of %q, want %q", found.WorkspaceRoot, tc.root)
			}
		})
	}
}

// TestStateFromWindowsCwd: from a Windows cwd the hook walks up to the
// stored workspace by the path's text alone (no share is reached), and
// stops at the drive or share root when none is stored: a UNC share's
// root is \\server\share\, never \\server\ or \\.
func TestStateFromWindowsCwd(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("Windows paths: runs on Windows and under Wine (make test-windows)")
	}
	for _, tc := range []struct {
		name, root, cwd string // root: "" stores none
	}{
		{"UNC share", `\\server\share\proj`, `\\server\share\proj\src\deep`},
		// A workspace at a share's root: Windows names that directory
		// \\server\share\ (with the separator), which is what the walk up
		// reaches; stored without it, as from a payload cwd of
		// \\server\share, it is the same directory.
		{"UNC share root", `\\server\share\`, `\\server\share\proj`},
		{"UNC share root without separator", `\\server\share`, `\\server\share\proj\src`},
		// Windows file systems ignore case: another spelling of the
		// stored root is the same workspace.
		{"drive letter in other case", `C:\Users\me\proj`, `c:\Users\me\proj\src`},
		{"components in other case", `C:\Users\me\Proj`, `C:\USERS\me\proj`},
		{"UNC share in other case", `\\Server\Share\proj`, `\\server\SHARE\proj\src`},
		{"drive letter", `C:\Users\me\proj`, `C:\Users\me\proj\src`},
		{"forward slashes", `C:\Users\me\proj`, `C:/Users/me/proj/src`},
		{"none stored on a share", "", `\\server\share\proj\src`},
		{"none stored on a drive", "", `C:\Users\me\proj`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cache := filepath.Join(t.TempDir(), "cache")
			if tc.root != "" {
				st := &syncstate.State{Header: hookrecord.Header{WorkspaceRoot: tc.root, Trusted: true}}
				if _, err := write.State(cache, st); err != nil {
					t.Fatal(err)
				}
			}
			found, err := syncstate.Find(cache, tc.cwd)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.root == "" && found != nil:
				t.Errorf("found %q, want none", found.WorkspaceRoot)
			case tc.root != "" && found == nil:
				t.Errorf("no state found from %q, want %q's", tc.cwd, tc.root)
			case found != nil && found.WorkspaceRoot != filepath.Clean(tc.root):
				t.Errorf("found %q, want %q", found.WorkspaceRoot, tc.root)
			}
			found.Close()
		})
	}
}
