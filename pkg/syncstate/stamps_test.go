package syncstate

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
)

// TestStampTrees: the stamps of a skill's tree show every change sym-install
// would copy (an edit, even of the same size, a file added or removed at
// any depth, through a symlink that stays inside), and not a change in
// .git, which it does not copy.
func TestStampTrees(t *testing.T) {
	tests := []struct {
		name    string
		change  func(skill string) error
		noticed bool
		link    bool // needs the skill's symlink shared -> assets/shared
	}{
		{"SKILL.md edited, same size", func(s string) error { return os.WriteFile(filepath.Join(s, "SKILL.md"), []byte("skill v2"), 0o644) }, true, false},
		{"nested page edited", func(s string) error {
			return os.WriteFile(filepath.Join(s, "references", "deep", "page.md"), []byte("page v2"), 0o644)
		}, true, false},
		{"nested page added", func(s string) error {
			return os.WriteFile(filepath.Join(s, "references", "deep", "new.md"), nil, 0o644)
		}, true, false},
		{"page removed", func(s string) error { return os.Remove(filepath.Join(s, "references", "guide.md")) }, true, false},
		{"file edited through a link to a directory inside", func(s string) error {
			return os.WriteFile(filepath.Join(s, "shared", "common.md"), []byte("common v2"), 0o644)
		}, true, true},
		{"skill directory removed", func(s string) error { return os.RemoveAll(s) }, true, false},
		{"file in .git edited", func(s string) error {
			return os.WriteFile(filepath.Join(s, ".git", "HEAD"), []byte("ref: other"), 0o644)
		}, false, false},
	}
	old := time.Now().Add(-time.Hour)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			skill := filepath.Join(t.TempDir(), "skill")
			files := map[string]string{
				"SKILL.md":                "skill v1",
				"references/guide.md":     "guide",
				"references/deep/page.md": "page v1",
				"assets/shared/common.md": "common v1",
				".git/HEAD":               "ref: main",
			}
			for rel, body := range files {
				p := filepath.Join(skill, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tc.link {
				ostest.Symlinks(t)
			}
			// The other cases walk the tree with the link in it where
			// the system makes links, and without it where it cannot.
			if err := os.Symlink(filepath.Join("assets", "shared"), filepath.Join(skill, "shared")); err != nil && tc.link {
				t.Fatal(err)
			}
			// Old stamps, so that an edit within the file system's time
			// granularity still shows.
			if err := filepath.Walk(skill, func(p string, _ os.FileInfo, err error) error {
				if err != nil {
					return err
				}
				return os.Chtimes(p, old, old)
			}); err != nil {
				t.Fatal(err)
			}
			stamps := StampTrees([]string{skill})
			if !hookrecord.StampsFresh(stamps) {
				t.Fatal("StampsFresh = false right after StampTrees")
			}
			if err := tc.change(skill); err != nil {
				t.Fatal(err)
			}
			if got := !hookrecord.StampsFresh(stamps); got != tc.noticed {
				t.Errorf("noticed = %v, want %v", got, tc.noticed)
			}
		})
	}
}
