package install

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/google/go-cmp/cmp"
	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// fixture is a workspace root, a home and a plugin source holding two
// skills, one of them with an executable script and a references/ dir.
type fixture struct {
	root, home, src string
	skills          []stream.Skill
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	base := t.TempDir()
	f := &fixture{root: filepath.Join(base, "ws"), home: filepath.Join(base, "home"), src: filepath.Join(base, "plugins")}
	files := map[string]struct {
		data string
		mode fs.FileMode
	}{
		"serde-basics/SKILL.md":          {"---\nname: serde-basics\ndescription: d\n---\nbody\n", 0o644},
		"serde-basics/scripts/check.sh":  {"#!/bin/sh\necho ok\n", 0o755},
		"serde-basics/references/api.md": {"# API\n", 0o644},
		"tokio-basics/SKILL.md":          {"---\nname: tokio-basics\ndescription: d\n---\nbody\n", 0o644},
	}
	for rel, f2 := range files {
		p := filepath.Join(f.src, rel)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(f2.data), f2.mode))
		must(t, os.Chmod(p, f2.mode))
	}
	must(t, os.MkdirAll(f.root, 0o755))
	must(t, os.MkdirAll(f.home, 0o755))
	f.skills = []stream.Skill{
		{Kind: stream.KindSkill, Name: "serde-basics", Plugin: "serde-helpers", Source: "local", Dir: filepath.Join(f.src, "serde-basics")},
		{Kind: stream.KindSkill, Name: "tokio-basics", Source: "local", Dir: filepath.Join(f.src, "tokio-basics")},
	}
	return f
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) run(t *testing.T, dry bool, skills []stream.Skill, agents ...string) *Result {
	t.Helper()
	w := fileedit.Real()
	if dry {
		w = fileedit.DryRun()
	}
	res := Run(Input{Workspace: stream.Workspace{Root: f.root}, Skills: skills}, Options{
		Root:    f.root,
		Config:  &config.Config{Agents: agents, HookScope: config.ScopeProject},
		Dirs:    config.Dirs{Home: f.home},
		Command: "sym-hook",
		Writer:  w,
		DryRun:  dry,
	})
	for _, err := range res.Errors {
		t.Errorf("Run: %v", err)
	}
	return res
}

// tree lists every file under dir (relative) with its mode.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		info, _ := d.Info()
		rel, _ := filepath.Rel(dir, p)
		out = append(out, filepath.ToSlash(rel)+" "+info.Mode().Perm().String())
		return nil
	})
	sort.Strings(out)
	return onThisOS(out)
}

// onThisOS is tree lines ("path mode") as this system can have them: on
// Windows, whose files have no Unix permission bits, the paths alone.
func onThisOS(lines []string) []string {
	if runtime.GOOS != "windows" {
		return lines
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i], _, _ = strings.Cut(l, " ")
	}
	return out
}

func readManifestFile(t *testing.T, path string) manifest {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	must(t, toml.Unmarshal(data, &m))
	return m
}

func skillActions(res *Result) []string {
	var out []string
	for _, a := range res.Actions {
		if a.Op == "skill" {
			out = append(out, a.Status+" "+a.Agent+" "+a.Name)
		}
	}
	sort.Strings(out)
	return out
}

// TestRunSharedSkillDir: codex and gemini share .agents/skills (one copy,
// one manifest); dropping one agent keeps what the other needs.
func TestRunSharedSkillDir(t *testing.T) {
	f := newFixture(t)
	res := f.run(t, false, f.skills, "claude", "codex", "gemini")
	if diff := cmp.Diff([]string{
		"created claude serde-basics", "created claude tokio-basics",
		"created codex,gemini serde-basics", "created codex,gemini tokio-basics",
	}, skillActions(res)); diff != "" {
		t.Errorf("first run skill actions (-want +got):\n%s", diff)
	}
	wantTree := onThisOS([]string{
		".gitignore -rw-r--r--",
		"SKILL.md -rw-r--r--",
		"references/api.md -rw-r--r--",
		"scripts/check.sh -rwxr-xr-x",
	})
	for _, dir := range []string{".claude/skills", ".agents/skills"} {
		if diff := cmp.Diff(wantTree, tree(t, filepath.Join(f.root, dir, "serde-basics"))); diff != "" {
			t.Errorf("%s/serde-basics (-want +got):\n%s", dir, diff)
		}
	}
	m := readManifestFile(t, filepath.Join(f.root, ".agents/skills", ManifestName))
	both := []string{"serde-basics", "tokio-basics"}
	if diff := cmp.Diff(both, m.Installed); diff != "" {
		t.Errorf("installed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"codex", "gemini"}, m.InstalledFor); diff != "" {
		t.Errorf("installed_for (-want +got):\n%s", diff)
	}
	if _, ok := m.Agents["claude"]; ok {
		t.Errorf(".agents/skills manifest has a claude table: %+v", m.Agents)
	}

	// Gemini goes: codex still needs the shared copies.
	f.run(t, false, f.skills, "claude", "codex")
	if _, err := os.Stat(filepath.Join(f.root, ".agents/skills/serde-basics/SKILL.md")); err != nil {
		t.Errorf("codex's skill went with gemini: %v", err)
	}
	m = readManifestFile(t, filepath.Join(f.root, ".agents/skills", ManifestName))
	if diff := cmp.Diff([]string{"codex"}, m.InstalledFor); diff != "" {
		t.Errorf("installed_for after gemini went (-want +got):\n%s", diff)
	}

	// Codex goes too: nobody uses .agents/skills, so our copies and the
	// manifest go; claude's are untouched.
	res = f.run(t, false, f.skills, "claude")
	for _, p := range []string{".agents/skills/serde-basics", ".agents/skills/tokio-basics", ".agents/skills/" + ManifestName} {
		if _, err := os.Lstat(filepath.Join(f.root, p)); err == nil {
			t.Errorf("%s survived removing every agent that used it", p)
		}
	}
	if diff := cmp.Diff(wantTree, tree(t, filepath.Join(f.root, ".claude/skills/serde-basics"))); diff != "" {
		t.Errorf("claude's copy changed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{
		"removed codex serde-basics", "removed codex tokio-basics",
		"unchanged claude serde-basics", "unchanged claude tokio-basics",
	}, skillActions(res)); diff != "" {
		t.Errorf("removal actions (-want +got):\n%s", diff)
	}
}

// TestRunNoChangeWritesNothing: a second run with the same input reports
// every path unchanged and leaves every file's mtime alone.
func TestRunNoChangeWritesNothing(t *testing.T) {
	f := newFixture(t)
	f.run(t, false, f.skills, "claude", "codex", "kiro")
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	var paths []string
	filepath.WalkDir(f.root, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			paths = append(paths, p)
			os.Chtimes(p, old, old)
		}
		return nil
	})
	res := f.run(t, false, f.skills, "claude", "codex", "kiro")
	for _, a := range res.Actions {
		if a.Status != stream.StatusUnchanged {
			t.Errorf("second run: %s %s %s", a.Status, a.Op, a.Path)
		}
	}
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if !info.ModTime().Equal(old) {
			t.Errorf("%s was written (mtime %v)", p, info.ModTime())
		}
	}

	// A changed mode in the source is carried over.
	ostest.UnixModes(t)
	script := filepath.Join(f.src, "serde-basics/scripts/check.sh")
	must(t, os.Chmod(script, 0o700))
	res = f.run(t, false, f.skills, "claude", "codex", "kiro")
	if diff := cmp.Diff([]string{
		"unchanged claude tokio-basics", "unchanged codex tokio-basics", "unchanged kiro tokio-basics",
		"updated claude serde-basics", "updated codex serde-basics", "updated kiro serde-basics",
	}, skillActions(res)); diff != "" {
		t.Errorf("after chmod (-want +got):\n%s", diff)
	}
	info, err := os.Stat(filepath.Join(f.root, ".claude/skills/serde-basics/scripts/check.sh"))
	must(t, err)
	if info.Mode().Perm() != 0o700 {
		t.Errorf("installed script mode %v, want -rwx------", info.Mode().Perm())
	}
}

// TestRunUserFilesUntouched: a directory the manifest does not list is the
// user's, even when one of our skills has its name (ours installs beside it
// under a suffixed name); a skill we installed that no longer matches is
// removed.
func TestRunUserFilesUntouched(t *testing.T) {
	f := newFixture(t)
	mine := filepath.Join(f.root, ".claude/skills/tokio-basics/SKILL.md")
	must(t, os.MkdirAll(filepath.Dir(mine), 0o755))
	must(t, os.WriteFile(mine, []byte("mine\n"), 0o644))
	other := filepath.Join(f.root, ".claude/skills/my-skill/SKILL.md")
	must(t, os.MkdirAll(filepath.Dir(other), 0o755))
	must(t, os.WriteFile(other, []byte("mine too\n"), 0o644))

	res := f.run(t, false, f.skills, "claude")
	alt := suffixedName(f.skills[1])
	if diff := cmp.Diff([]string{"created claude serde-basics", "created claude " + alt}, skillActions(res)); diff != "" {
		t.Errorf("skill actions (-want +got):\n%s", diff)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "tokio-basics exists and was not installed by symposium") {
		t.Errorf("warnings = %q, want one about tokio-basics", res.Warnings)
	}
	if b, err := os.ReadFile(mine); err != nil || string(b) != "mine\n" {
		t.Errorf("the user's tokio-basics changed: %q %v", b, err)
	}
	m := readManifestFile(t, filepath.Join(f.root, ".claude/skills", ManifestName))
	if diff := cmp.Diff([]string{"serde-basics", alt}, m.Installed); diff != "" {
		t.Errorf("installed (-want +got):\n%s", diff)
	}

	// serde no longer matches: ours goes, the user's stay.
	f.run(t, false, nil, "claude")
	if _, err := os.Stat(filepath.Join(f.root, ".claude/skills/serde-basics")); err == nil {
		t.Error("stale serde-basics was not removed")
	}
	for _, p := range []string{mine, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("user file %s: %v", p, err)
		}
	}
}

// TestRunUnsafeNames: a skill name that is not one path segment is
// reported and never written anywhere.
func TestRunUnsafeNames(t *testing.T) {
	for _, name := range []string{"../escaped", "a/b", `a\b`, ".hidden", "", "..", "/abs", "-rf", "Serde-Basics", "serde\u2010basics"} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			s := f.skills[0]
			s.Name = name
			res := f.run(t, false, []stream.Skill{s}, "claude")
			if diff := cmp.Diff([]string{"skipped  " + name}, skillActions(res)); diff != "" {
				t.Errorf("actions (-want +got):\n%s", diff)
			}
			if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "the Agent Skills rule") {
				t.Errorf("warnings = %q", res.Warnings)
			}
			if got := tree(t, filepath.Join(f.root, ".claude", "skills")); len(got) != 0 {
				t.Errorf("files written in the skill directory: %q", got)
			}
			for _, p := range []string{filepath.Join(f.root, "..", "escaped"), filepath.Join(f.root, ".claude", "escaped"), "/abs"} {
				if _, err := os.Lstat(p); err == nil {
					t.Errorf("%s was written", p)
				}
			}
		})
	}
}

// TestChooseSkillsDuplicates: one skill per name installs under the name,
// whatever order the duplicates come in; each other under a suffixed name
// of its own, with a warning naming both.
func TestChooseSkillsDuplicates(t *testing.T) {
	a := stream.Skill{Name: "x", Source: "s1", Plugin: "alpha", Dir: "/p/alpha/x"}
	b := stream.Skill{Name: "x", Source: "s1", Plugin: "beta", Dir: "/p/beta/x"}
	c := stream.Skill{Name: "x", Source: "s2", Plugin: "aaa", Dir: "/q/aaa/x"}
	d := stream.Skill{Name: "x", Source: "s1", Plugin: "alpha", Dir: "/p/alpha/x2"}
	tests := []struct {
		name string
		in   []stream.Skill
		want stream.Skill
	}{
		{"plugin order", []stream.Skill{b, a}, a},
		{"plugin order reversed", []stream.Skill{a, b}, a},
		{"source order wins over plugin name", []stream.Skill{b, c}, b},
		{"then dir", []stream.Skill{d, a}, a},
		{"first source as emitted", []stream.Skill{c, b, a}, c},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := &Result{}
			got := chooseSkills(tc.in, res)
			if diff := cmp.Diff(tc.want, firstOf(got, "x").Skill); diff != "" {
				t.Errorf("winner (-want +got):\n%s", diff)
			}
			names := map[string]bool{}
			for _, p := range got {
				if p.suffixed != (p.as != "x") || names[p.as] {
					t.Errorf("placed %+v: want one plain name and distinct suffixed ones", p)
				}
				names[p.as] = true
				if p.suffixed && p.as != suffixedName(p.Skill) {
					t.Errorf("%s installs as %q, want %q", p.Dir, p.as, suffixedName(p.Skill))
				}
			}
			if len(got) != len(tc.in) {
				t.Errorf("placed %d skills, want %d", len(got), len(tc.in))
			}
			if len(res.Warnings) != len(tc.in)-1 {
				t.Fatalf("warnings = %q", res.Warnings)
			}
			for _, w := range res.Warnings {
				if !strings.Contains(w, tc.want.Dir) {
					t.Errorf("warning %q does not name the winner %s", w, tc.want.Dir)
				}
			}
		})
	}
}

// TestRunDryRun writes nothing and reports what a real run would.
func TestRunDryRun(t *testing.T) {
	f := newFixture(t)
	res := f.run(t, true, f.skills, "claude", "codex")
	if got := tree(t, f.root); len(got) != 0 {
		t.Errorf("dry run wrote %q", got)
	}
	if diff := cmp.Diff([]string{
		"created claude serde-basics", "created claude tokio-basics",
		"created codex serde-basics", "created codex tokio-basics",
	}, skillActions(res)); diff != "" {
		t.Errorf("dry-run actions (-want +got):\n%s", diff)
	}
}

// TestRunGitStatus: installed skills do not show up as untracked files.
func TestRunGitStatus(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	f := newFixture(t)
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(f.home, ".gitconfig"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = f.root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	f.run(t, false, f.skills, "claude", "codex", "kiro")
	for _, line := range strings.Split(strings.TrimSpace(git("status", "--porcelain", "--untracked-files=all")), "\n") {
		if line == "" {
			continue
		}
		p := strings.TrimPrefix(line, "?? ")
		if strings.Contains(p, "/skills/") && !strings.HasSuffix(p, ManifestName) {
			t.Errorf("installed skill file is untracked in git status: %s", line)
		}
	}
}

// TestCopySkillRefusesAnUnexpectedDirectory: a skill directory seen absent
// that exists when we create it (made meanwhile, or the same name in
// another case on a case-insensitive file system) is not written into.
func TestCopySkillRefusesAnUnexpectedDirectory(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "serde-basics")
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(dst, "SKILL.md")
	if err := os.WriteFile(mine, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []skillFile{{rel: "SKILL.md", data: []byte("ours\n"), perm: 0o644}}
	if _, err := copySkill(fileedit.Real(), files, dst, true, false); err == nil || !strings.Contains(err.Error(), "not installed by symposium") {
		t.Fatalf("copySkill into an unexpected directory: err = %v", err)
	}
	if data, _ := os.ReadFile(mine); string(data) != "mine\n" {
		t.Errorf("the user's file was overwritten: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dst, ".gitignore")); err == nil {
		t.Error("our .gitignore was written into the user's directory")
	}
}

// TestRunReadsOlderManifests: a manifest that lists each agent's skills
// (before installed_for) still says what is ours and who used it, and is
// rewritten in the current form.
func TestRunReadsOlderManifests(t *testing.T) {
	f := newFixture(t)
	dir := filepath.Join(f.root, ".agents", "skills")
	if err := os.MkdirAll(filepath.Join(dir, "old-skill"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "old-skill", "SKILL.md"), []byte("---\nname: old-skill\n---\n"), 0o644)
	os.WriteFile(filepath.Join(dir, LegacyManifestName), []byte("installed = ['old-skill']\n\n[agents.codex]\nskills = ['old-skill']\n\n[agents.gemini]\nskills = ['old-skill']\n"), 0o644)
	res := f.run(t, false, f.skills, "codex")
	var got []string
	for _, a := range res.Actions {
		if a.Name == "old-skill" {
			got = append(got, a.Status+" "+a.Agent)
		}
	}
	if diff := cmp.Diff([]string{"removed codex,gemini"}, got); diff != "" {
		t.Errorf("old-skill actions (-want +got):\n%s", diff)
	}
	m := readManifestFile(t, filepath.Join(dir, ManifestName))
	if diff := cmp.Diff([]string{"codex"}, m.InstalledFor); diff != "" {
		t.Errorf("installed_for (-want +got):\n%s", diff)
	}
	if len(m.Agents) != 0 {
		t.Errorf("per-agent skill lists written again: %+v", m.Agents)
	}
}

// TestRunMovesLegacyManifest: a manifest at the place older versions wrote
// it (.symposium.toml beside the skills, which git status showed) still
// says what is ours, and moves to the ignored .symposium/ directory; it is
// never lost, in a dry run or a real one.
func TestRunMovesLegacyManifest(t *testing.T) {
	for _, dry := range []bool{true, false} {
		f := newFixture(t)
		dir := filepath.Join(f.root, ".agents", "skills")
		must(t, os.MkdirAll(filepath.Join(dir, "old-skill"), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "old-skill", "SKILL.md"), []byte("---\nname: old-skill\n---\n"), 0o644))
		legacy := filepath.Join(dir, LegacyManifestName)
		must(t, os.WriteFile(legacy, []byte("installed = ['old-skill']\ninstalled_for = ['codex']\n"), 0o644))
		res := f.run(t, dry, f.skills, "codex")
		var got []string
		for _, a := range res.Actions {
			if a.Name == "old-skill" {
				got = append(got, a.Status)
			}
		}
		if diff := cmp.Diff([]string{stream.StatusRemoved}, got); diff != "" {
			t.Errorf("dry %v: old-skill actions (-want +got):\n%s", dry, diff)
		}
		if dry {
			if _, err := os.Stat(legacy); err != nil {
				t.Errorf("dry run: legacy manifest gone: %v", err)
			}
			continue
		}
		if _, err := os.Stat(legacy); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("legacy manifest still there (err %v)", err)
		}
		m := readManifestFile(t, filepath.Join(dir, ManifestName))
		if diff := cmp.Diff([]string{"serde-basics", "tokio-basics"}, m.Installed); diff != "" {
			t.Errorf("moved manifest (-want +got):\n%s", diff)
		}
		ign, err := os.ReadFile(filepath.Join(dir, filepath.Dir(ManifestName), ".gitignore"))
		if err != nil || !strings.Contains(string(ign), "*") {
			t.Errorf("manifest directory .gitignore: %q, %v", ign, err)
		}
	}
}

// TestRunRootInOtherCase: on Windows a workspace named in another letter
// case (a shell's cwd may be c:\users\x\ws for C:\Users\X\ws) is the same
// directory: the confinement checks, which compare resolved paths, let the
// sync write into it.
func TestRunRootInOtherCase(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("paths are case-sensitive here: another case is another directory")
	}
	f := newFixture(t)
	f.root = strings.ToUpper(f.root)
	f.run(t, false, f.skills, "claude")
	if _, err := os.Stat(filepath.Join(f.root, ".claude", "skills", "serde-basics", "SKILL.md")); err != nil {
		t.Errorf("skill not installed: %v", err)
	}
}

// TestInSlotAsSamePlace: the per-skill precomputed check that planSkills
// makes for each skills directory answers as samePlace, for source paths
// given clean or not, the slot itself, a link to it and other directories.
func TestInSlotAsSamePlace(t *testing.T) {
	base := t.TempDir()
	skills := filepath.Join(base, "ws", ".agents", "skills")
	other := filepath.Join(base, "elsewhere", ".agents", "skills")
	for _, d := range []string{filepath.Join(skills, "a"), filepath.Join(other, "a"), filepath.Join(base, "plugins", "a")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	linked := filepath.Join(base, "linked", "skills")
	must(t, os.MkdirAll(filepath.Dir(linked), 0o755))
	if err := os.Symlink(skills, linked); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	dst := filepath.Join(skills, "a")
	sep := string(filepath.Separator)
	for _, src := range []string{
		dst,
		dst + sep,
		skills + sep + "." + sep + "a",
		skills + sep + "b" + sep + ".." + sep + "a",
		filepath.Join(linked, "a"),
		filepath.Join(other, "a"),
		filepath.Join(base, "plugins", "a"),
		filepath.Join(base, "missing", "skills", "a"),
	} {
		p := place(stream.Skill{Name: "a", Dir: src}, "a", false)
		if got, want := p.inSlot(dst, filepath.Base(skills)), samePlace(src, dst); got != want {
			t.Errorf("%s: inSlot %v, samePlace %v", src, got, want)
		}
	}
}
