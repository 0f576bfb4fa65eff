package install

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkJunction makes link a junction (mount point) to the directory target,
// as `mklink /J` does without any privilege, or skips the test where none
// can be made: junctions are Windows', and Wine 8's mklink reports success
// and makes nothing.
func mkJunction(t *testing.T, target, link string) {
	t.Helper()
	if runtime.GOOS != "windows" {
		t.Skip("junctions are Windows' (runs on Windows; Wine 8 makes none)")
	}
	out, err := exec.Command("cmd", "/c", "mklink", "/J", link, target).CombinedOutput()
	fi, lerr := os.Lstat(link)
	if err != nil || lerr != nil {
		t.Skipf("no junction made (Wine 8's mklink /J makes none): %v %v: %s", err, lerr, out)
	}
	if fi.Mode()&fs.ModeIrregular == 0 {
		t.Skipf("%s: Lstat says %v, not a junction's ModeIrregular (GODEBUG=winsymlink=0?)", link, fi.Mode())
	}
}

// A committed junction is a link like a symlink: a skills directory, or
// its parent, that is a junction out of the workspace is not written
// through (EvalSymlinks alone would take a path ending in one as inside).
func TestRunSkillsDirJunctionOut(t *testing.T) {
	for _, link := range []string{".claude", filepath.Join(".claude", "skills")} {
		t.Run(link, func(t *testing.T) {
			f := newFixture(t)
			vdir, vfile := victim(t, f)
			p := filepath.Join(f.root, link)
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			mkJunction(t, vdir, p)
			res := f.runAll(Input{Skills: f.skills}, "claude")
			checkVictim(t, vdir, vfile)
			if msg := errorsText(res); !strings.Contains(msg, "leads out of the workspace") {
				t.Errorf("no error about the junction:\n%s", msg)
			}
		})
	}
}

// A workspace reached through a junction (a Dev Drive mounted in a
// folder, a redirected profile) is inside itself: its skills install.
func TestRunWorkspaceUnderJunction(t *testing.T) {
	f := newFixture(t)
	mounted := filepath.Join(filepath.Dir(f.root), "mounted")
	mkJunction(t, filepath.Dir(f.root), mounted)
	f.root = filepath.Join(mounted, "ws")
	res := f.runAll(Input{Skills: f.skills}, "claude")
	if len(res.Errors) > 0 {
		t.Fatalf("errors: %s", errorsText(res))
	}
	if _, err := os.Stat(filepath.Join(f.root, ".claude", "skills", "serde-basics", "SKILL.md")); err != nil {
		t.Error(err)
	}
}

// realPath follows junctions on the way and at the end, as it does
// symlinks.
func TestRealPathJunction(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	must(t, os.MkdirAll(filepath.Join(base, "ws"), 0o755))
	must(t, os.MkdirAll(filepath.Join(base, "out", "sub"), 0o755))
	mkJunction(t, filepath.Join(base, "out"), filepath.Join(base, "ws", "j"))
	for _, tc := range []struct{ in, want string }{
		{`ws\j`, `out`},
		{`ws\j\sub`, `out\sub`},
		{`ws\j\new\file`, `out\new\file`},
	} {
		got, err := realPath(filepath.Join(base, tc.in))
		if want := filepath.Join(base, tc.want); err != nil || !strings.EqualFold(got, want) {
			t.Errorf("realPath(%s) = %s, %v; want %s", tc.in, got, err, want)
		}
	}
}

// A junction inside a skill is not copied (a symlink would be followed
// when it stays inside the skill; a junction is skipped like a fifo).
func TestReadSkillJunction(t *testing.T) {
	base := t.TempDir()
	skill, out := filepath.Join(base, "skill"), filepath.Join(base, "out")
	must(t, os.MkdirAll(skill, 0o755))
	must(t, os.MkdirAll(out, 0o755))
	must(t, os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte("---\nname: s\n---\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(out, "secret"), []byte("secret"), 0o644))
	mkJunction(t, out, filepath.Join(skill, "j"))
	files, _, err := readSkill(skill)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.rel != "SKILL.md" {
			t.Errorf("copied %s", f.rel)
		}
	}
}

// fakeJunctions gives realPath's file system calls, on any system, the
// behaviour Go's have on Windows for junctions (link -> target, both
// absolute and clean, over a real tree): Lstat reports a junction as
// ModeIrregular, Readlink reads it, and EvalSymlinks fails with ENOTDIR on
// a path through one and returns a path ending in one as it is.
type fakeJunctions map[string]string

func (j fakeJunctions) install(t *testing.T) {
	old := [...]any{evalSymlinks, lstat, readlink, irregularIsLink}
	evalSymlinks, lstat, readlink, irregularIsLink = j.eval, j.lstat, j.readlink, true
	t.Cleanup(func() {
		evalSymlinks, lstat, readlink = old[0].(func(string) (string, error)), old[1].(func(string) (fs.FileInfo, error)), old[2].(func(string) (string, error))
		irregularIsLink = old[3].(bool)
	})
}

// through is p with each junction on it replaced by its target, as the
// system resolves a path.
func (j fakeJunctions) through(p string) string {
	for changed := true; changed; {
		changed = false
		for link, target := range j {
			if strings.HasPrefix(p, link+string(filepath.Separator)) {
				p, changed = target+p[len(link):], true
			}
		}
	}
	return p
}

func (j fakeJunctions) eval(p string) (string, error) {
	p = filepath.Clean(p)
	if _, ok := j[p]; ok {
		return p, nil
	}
	if j.through(p) != p {
		return "", syscall.ENOTDIR
	}
	return filepath.EvalSymlinks(p)
}

func (j fakeJunctions) lstat(p string) (fs.FileInfo, error) {
	if _, ok := j[filepath.Clean(p)]; ok {
		return irregular{filepath.Base(p)}, nil
	}
	return os.Lstat(j.through(filepath.Clean(p)))
}

func (j fakeJunctions) readlink(p string) (string, error) {
	if target, ok := j[filepath.Clean(p)]; ok {
		return target, nil
	}
	return os.Readlink(j.through(filepath.Clean(p)))
}

type irregular struct{ name string }

func (i irregular) Name() string       { return i.name }
func (i irregular) Size() int64        { return 0 }
func (i irregular) Mode() fs.FileMode  { return fs.ModeIrregular | 0o666 }
func (i irregular) ModTime() time.Time { return time.Time{} }
func (i irregular) IsDir() bool        { return false }
func (i irregular) Sys() any           { return nil }

// TestRealPathFakeJunction: realPath follows a junction at the end of a
// path (where EvalSymlinks stops at it) and on the way (where EvalSymlinks
// fails), so confined sees where a write would land.
func TestRealPathFakeJunction(t *testing.T) {
	base, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	ws, out := filepath.Join(base, "ws"), filepath.Join(base, "out")
	must(t, os.MkdirAll(filepath.Join(ws, "dir"), 0o755))
	must(t, os.MkdirAll(filepath.Join(out, "sub"), 0o755))
	fakeJunctions{
		filepath.Join(ws, "j"):        out,
		filepath.Join(ws, "dir", "k"): filepath.Join(ws, "j", "sub"), // a junction to a path through another
	}.install(t)
	for _, tc := range []struct{ in, want string }{
		{"ws/j", "out"},
		{"ws/j/sub", "out/sub"},
		{"ws/j/new/file", "out/new/file"},
		{"ws/dir/k", "out/sub"},
		{"ws/dir/k/x", "out/sub/x"},
		{"ws/dir/new", "ws/dir/new"},
	} {
		got, err := realPath(filepath.Join(base, filepath.FromSlash(tc.in)))
		if want := filepath.Join(base, filepath.FromSlash(tc.want)); err != nil || got != want {
			t.Errorf("realPath(%s) = %s, %v; want %s", tc.in, got, err, want)
		}
	}
	for _, dir := range []string{"j", filepath.Join("dir", "k"), filepath.Join("j", "sub", "skills")} {
		if err := confined(ws, filepath.Join(ws, dir)); err == nil || !strings.Contains(err.Error(), "leads out of the workspace") {
			t.Errorf("confined(%s) = %v, want it to lead out", dir, err)
		}
	}
	if err := confined(ws, filepath.Join(ws, "dir", "skills")); err != nil {
		t.Errorf("confined(dir/skills) = %v", err)
	}
}
