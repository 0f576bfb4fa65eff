package install

import (
	"io/fs"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/fileedit"
)

// TestCopySkillFileForFile: copying a skill over an older copy of it
// (whose files the manifest records as ours) leaves exactly the skill's
// files (and our .gitignore), directories included: a file or a whole
// directory gone from the source goes from the copy.
func TestCopySkillFileForFile(t *testing.T) {
	tests := []struct {
		name          string
		before, after []string
	}{
		{"file added in a subdirectory", []string{"SKILL.md"}, []string{"SKILL.md", "references/a.md"}},
		{"file removed", []string{"SKILL.md", "references/a.md", "references/b.md"}, []string{"SKILL.md", "references/a.md"}},
		{"directory removed", []string{"SKILL.md", "references/a.md"}, []string{"SKILL.md"}},
		{"nested directories removed", []string{"SKILL.md", "a/b/c/page.md", "a/keep.md"}, []string{"SKILL.md", "a/keep.md"}},
		{"file moved to another directory", []string{"SKILL.md", "old/page.md"}, []string{"SKILL.md", "new/page.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dst := filepath.Join(t.TempDir(), "skill")
			var ours map[string]string // the manifest's record of the last copy
			for i, rels := range [][]string{tc.before, tc.after} {
				files := skillFiles(rels)
				if _, _, err := copySkillOwned(fileedit.Real(), files, dst, i == 0, false, ours); err != nil {
					t.Fatal(err)
				}
				ours = map[string]string{}
				for _, f := range files {
					ours[filepath.ToSlash(f.rel)] = f.sum
				}
			}
			var got []string
			if err := filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
				if err == nil && p != dst {
					rel, _ := filepath.Rel(dst, p)
					got = append(got, filepath.ToSlash(rel))
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if want := treeOf(tc.after); !reflect.DeepEqual(got, want) {
				t.Errorf("copy holds %q, want %q", got, want)
			}
		})
	}
}

func skillFiles(rels []string) []skillFile {
	var out []skillFile
	for _, r := range rels {
		out = append(out, skillFile{rel: filepath.FromSlash(r), data: []byte(r), perm: 0o644, sum: fileSum([]byte(r))})
	}
	return out
}

// treeOf is every file of rels, each directory above them and .gitignore,
// in WalkDir's order.
func treeOf(rels []string) []string {
	seen := map[string]bool{".gitignore": true}
	for _, r := range rels {
		for p := r; p != "."; p = filepath.ToSlash(filepath.Dir(p)) {
			seen[p] = true
		}
	}
	out := slices.Sorted(maps.Keys(seen))
	return out
}
