package install

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/fileedit"
)

// A copy of ours that is still being written (or was cut short) already
// carries our mark: a sync scanning the workspace's .agents/skills at that
// moment (the workspace's own skills live there too) must never take it
// for the user's skill. The robustness suite's parallel syncs found the
// copy with SKILL.md but no .gitignore yet, rediscovered as a workspace
// skill.
func TestNewCopyIsMarkedBeforeItsFiles(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "skill")
	files := []skillFile{
		{rel: "SKILL.md", data: []byte("---\nname: skill\n---\n"), perm: 0o644},
		{rel: "x", data: []byte("a file"), perm: 0o644},
		{rel: "x/y", data: []byte("cannot be written: x is a file"), perm: 0o644},
	}
	if _, err := copySkill(fileedit.Real(), files, dst, true, false); err == nil {
		t.Fatal("copySkill succeeded; the test needs it to stop half-way")
	}
	if _, err := os.Stat(filepath.Join(dst, "SKILL.md")); err != nil {
		t.Fatalf("SKILL.md not written before the failure: %v", err)
	}
	got, err := os.ReadFile(filepath.Join(dst, ".gitignore"))
	if err != nil || string(got) != gitignore {
		t.Errorf("half-made copy has SKILL.md but not our .gitignore (%q, %v): a concurrent scan would take it for the user's", got, err)
	}
}
