package install

import (
	"os"
	"path/filepath"
	"strings"
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

// TestPrintedPathsNative: the paths in sync's warnings and action details
// are paths of this system (.claude\skills, notes\todo.md on Windows),
// though the agents' tables and the skill records keep them
// "/"-separated.
func TestPrintedPathsNative(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "serde-basics")
	skills := []placed{{as: "serde-basics"}}
	tests := []struct {
		name string
		got  func() []string
		want []string // "/"-separated: each must appear in native form
	}{
		{"moved to", func() []string {
			return []string{removedWhy("serde-basics", nil, []string{".agents/skills", ".claude/skills"}, skills)}
		}, []string{"moved to .agents/skills, .claude/skills"}},
		{"kept files of a removed skill", func() []string {
			var r Result
			r.reportUserFiles("claude", dst, "serde-basics", userFiles{kept: []string{"MY-NOTES.md", "notes/todo.md"}}, true)
			return r.Warnings
		}, []string{"which symposium did not write: MY-NOTES.md, notes/todo.md"}},
		{"kept files of a skill", func() []string {
			var r Result
			r.reportUserFiles("claude", dst, "serde-basics", userFiles{kept: []string{"notes/todo.md"}}, false)
			return append(r.Warnings, r.Actions[0].Path)
		}, []string{"serde-basics/notes/todo.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(tt.got(), "\n")
			for _, w := range tt.want {
				if !strings.Contains(got, filepath.FromSlash(w)) {
					t.Errorf("%q does not say %q", got, filepath.FromSlash(w))
				}
			}
		})
	}
}
