package install

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/skillowner"
)

// errKilled is what killingWriter returns once its budget is spent.
var errKilled = errors.New("killed")

// killingWriter is the real writer of a sync that is killed after budget
// unlinks. RemoveAll unlinks a tree one entry at a time, as os.RemoveAll
// does (in sorted order, which puts our .gitignore first: the worst case
// for a directory's mark), so a kill can land inside it.
type killingWriter struct {
	fileedit.Writer
	budget int
}

func (k *killingWriter) unlink(p string) error {
	if k.budget == 0 {
		return errKilled
	}
	k.budget--
	return os.Remove(p)
}

func (k *killingWriter) Remove(p string) (string, error) {
	if _, err := os.Lstat(p); err != nil {
		return k.Writer.Remove(p)
	}
	return fileedit.StatusRemoved, k.unlink(p)
}

func (k *killingWriter) RemoveAll(dir string) (string, error) {
	fi, err := os.Lstat(dir)
	if err != nil {
		return k.Writer.RemoveAll(dir)
	}
	if fi.IsDir() {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return "", err
		}
		for _, e := range entries {
			if _, err := k.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return "", err
			}
		}
	}
	return fileedit.StatusRemoved, k.unlink(dir)
}

// TestRemoveSkillKilledKeepsMark kills the removal of an installed skill
// after every possible number of unlinks: whatever is left must still
// carry our mark (pkg/skillmark), or be gone. A SKILL.md left without it
// is read back by sym-match as the user's own workspace skill (in
// .agents/skills/), which no later sync removes.
func TestRemoveSkillKilledKeepsMark(t *testing.T) {
	rels := []string{"SKILL.md", "reference/big.md", "scripts/run.sh"}
	files := skillFiles(rels)
	record := map[string]string{}
	for _, f := range files {
		record[filepath.ToSlash(f.rel)] = f.sum
	}
	for _, tc := range []struct {
		name string
		ours map[string]string // the manifest's record of the skill
		user string            // a file of the user's in the copy, if any
	}{
		{"recorded", record, ""},
		{"recorded by an older symposium", nil, ""},
		{"with a file of the user's", record, "notes.md"},
	} {
		for budget := 0; ; budget++ {
			dst := filepath.Join(t.TempDir(), "skill")
			if _, err := copySkill(fileedit.Real(), files, dst, true, false); err != nil {
				t.Fatal(err)
			}
			if tc.user != "" {
				if err := os.WriteFile(filepath.Join(dst, tc.user), []byte("mine"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, _, _, err := removeSkill(&killingWriter{Writer: fileedit.Real(), budget: budget}, dst, tc.ours)
			if err != nil && !errors.Is(err, errKilled) {
				t.Fatalf("%s, killed after %d unlinks: %v", tc.name, budget, err)
			}
			if left := ourFilesLeft(t, dst, tc.user); len(left) > 0 && !skillowner.Ours(dst) {
				t.Errorf("%s, killed after %d unlinks: %s left without our mark", tc.name, budget, left)
			}
			if err == nil {
				break // the removal finished within the budget
			}
		}
	}
}

// ourFilesLeft lists the files of ours left in dst, other than the mark.
func ourFilesLeft(t *testing.T, dst, user string) []string {
	t.Helper()
	var left []string
	err := filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dst, p)
		if rel := filepath.ToSlash(rel); rel != ".gitignore" && rel != user {
			left = append(left, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(left)
	return left
}

// TestUpdateStoppedKeepsMark stops the update of a copy that lost its
// mark (a first copy killed while it wrote the .gitignore) at each of the
// skill's files in turn (a directory in that file's place fails the
// write, as a kill would stop it): the files written before the stop must
// already be marked as ours. sym-match reads the skills directory while
// another sync's sym-install writes it, and a SKILL.md without the mark in
// .agents/skills/ is the user's workspace skill to it.
func TestUpdateStoppedKeepsMark(t *testing.T) {
	rels := []string{"SKILL.md", "reference/big.md", "scripts/run.sh"}
	files := skillFiles(rels)
	for stop := range rels {
		dst := filepath.Join(t.TempDir(), "skill")
		blocked := filepath.Join(dst, filepath.FromSlash(rels[stop]))
		if err := os.MkdirAll(blocked, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, ".gitignore"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := copySkillOwned(fileedit.Real(), files, dst, false, false, map[string]string{})
		if err == nil {
			t.Fatalf("stopped at %s: the copy did not fail", rels[stop])
		}
		if !skillowner.Ours(dst) {
			t.Errorf("stopped at %s: the copy is not marked as ours", rels[stop])
		}
	}
}
