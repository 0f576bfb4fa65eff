package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"
)

// TestReadSkillThroughLink: a skill reached through a symlinked directory
// (a source kept behind a link) keeps the links inside it, and still
// refuses the ones out of it.
func TestReadSkillThroughLink(t *testing.T) {
	ostest.Symlinks(t)
	base := t.TempDir()
	real := filepath.Join(base, "real", "s")
	must(t, os.MkdirAll(filepath.Join(real, "refs"), 0o755))
	must(t, os.WriteFile(filepath.Join(real, "SKILL.md"), []byte("skill"), 0o644))
	must(t, os.WriteFile(filepath.Join(real, "refs", "a.md"), []byte("a"), 0o644))
	must(t, os.WriteFile(filepath.Join(base, "secret"), []byte("secret"), 0o644))
	must(t, os.Symlink("refs/a.md", filepath.Join(real, "alias.md")))
	must(t, os.Symlink("../../secret", filepath.Join(real, "out")))
	must(t, os.Symlink("real", filepath.Join(base, "link")))
	files, warnings, err := readSkill(filepath.Join(base, "link", "s"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.rel+"="+string(f.data))
	}
	if want := "SKILL.md=skill alias.md=a refs/a.md=a"; strings.Join(got, " ") != want {
		t.Errorf("files: %s, want %s", strings.Join(got, " "), want)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "out links outside its skill") {
		t.Errorf("warnings: %q", warnings)
	}
}
