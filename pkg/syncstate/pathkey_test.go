package syncstate

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
)

// TestFindOtherCase: Find walks up from a cwd spelled in another case to
// the state stored for the workspace, where the system ignores case, and
// only there.
func TestFindOtherCase(t *testing.T) {
	cache, root := t.TempDir(), filepath.Join(t.TempDir(), "Proj")
	st := &State{Header: hookrecord.Header{WorkspaceRoot: root, Trusted: true, Extra: "x"}}
	data, err := Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(hookrecord.Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hookrecord.Path(cache, root), data, 0o644); err != nil {
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
