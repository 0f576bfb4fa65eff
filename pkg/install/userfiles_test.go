package install

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStray: which files of an installed skill directory that its source
// does not have are symposium's to remove, and which are the user's
// (round 3, D2).
func TestStray(t *testing.T) {
	dst := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(dst, filepath.FromSlash(rel))
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(body), 0o644))
	}
	write("old.md", "as we wrote it")
	write("edited.md", "changed by the user")
	write("MY-NOTES.md", "mine")
	write("scripts/.check.sh123", "a killed write")
	write("scripts/.check.shx1", "not a temp name")
	write(".gitignore", "*")
	ours := map[string]string{"old.md": fileSum([]byte("as we wrote it")), "edited.md": fileSum([]byte("as we wrote it"))}
	source := []string{"SKILL.md", "scripts/check.sh"}
	for _, tc := range []struct {
		rel    string
		ours   map[string]string
		remove bool
	}{
		{"old.md", ours, true},
		{"edited.md", ours, true}, // ours by name: an interrupted update leaves new bytes under it
		{"MY-NOTES.md", ours, false},
		{"scripts/.check.sh123", ours, true},
		{"scripts/.check.shx1", ours, false},
		{".gitignore", ours, true},
		{"old.md", nil, false}, // no record (an older symposium's): kept
		{".gitignore", nil, true},
		{"scripts/.check.sh123", nil, true},
	} {
		if got, _ := stray(dst, filepath.FromSlash(tc.rel), tc.ours, source); got != tc.remove {
			t.Errorf("stray(%s, record %v) = %v, want %v", tc.rel, tc.ours != nil, got, tc.remove)
		}
	}
}
