package install

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// A workspace is often a repository the user just cloned. These are the
// layouts a hostile one can commit; none may make a sync write outside it.

// runAll is Run without failing on the errors the hostile cases expect.
func (f *fixture) runAll(in Input, agents ...string) *Result {
	return Run(in, Options{
		Root:    f.root,
		Config:  &config.Config{Agents: agents, HookScope: config.ScopeProject},
		Dirs:    config.Dirs{Home: f.home},
		Command: agent.HookExecutable,
		Writer:  fileedit.Real(),
	})
}

// victim is a directory outside the workspace holding a file that must keep
// its bytes.
func victim(t *testing.T, f *fixture) (dir, file string) {
	dir = filepath.Join(filepath.Dir(f.root), "victim")
	file = filepath.Join(dir, ".gitignore")
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(file, []byte("the victim's own\n"), 0o644))
	return dir, file
}

func checkVictim(t *testing.T, dir, file string) {
	t.Helper()
	if b, err := os.ReadFile(file); err != nil || string(b) != "the victim's own\n" {
		t.Errorf("%s was changed: %q %v", file, b, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("written into %s: %q", dir, names)
	}
}

func errorsText(res *Result) string {
	var b strings.Builder
	for _, err := range res.Errors {
		b.WriteString(err.Error() + "\n")
	}
	return b.String() + strings.Join(res.Warnings, "\n")
}

// A committed manifest claims serde-basics, and serde-basics is a symlink out.
func TestRunForgedManifestSymlink(t *testing.T) {
	ostest.Symlinks(t)
	f := newFixture(t)
	vdir, vfile := victim(t, f)
	skills := filepath.Join(f.root, ".claude", "skills")
	must(t, os.MkdirAll(filepath.Join(skills, filepath.Dir(ManifestName)), 0o755))
	must(t, os.WriteFile(filepath.Join(skills, ManifestName), []byte("installed = [\"serde-basics\"]\n"), 0o644))
	must(t, os.Symlink(filepath.Join("..", "..", "..", "victim"), filepath.Join(skills, "serde-basics")))

	res := f.runAll(Input{Skills: f.skills}, "claude")
	checkVictim(t, vdir, vfile)
	if msg := errorsText(res); !strings.Contains(msg, "is not a directory symposium made") {
		t.Errorf("no warning about the forged entry:\n%s", msg)
	}
	if fi, err := os.Lstat(filepath.Join(skills, "serde-basics")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the repository's symlink was not left alone: %v", err)
	}
	if m := readManifestFile(t, filepath.Join(skills, ManifestName)); slices.Contains(m.Installed, "serde-basics") {
		t.Errorf("manifest still claims serde-basics: %v", m.Installed)
	}
	// Ours installs beside the link, under a suffixed name; tokio-basics,
	// which nothing forged, installs as usual.
	if _, err := os.Stat(filepath.Join(skills, suffixedName(f.skills[0]), "SKILL.md")); err != nil || f.skills[0].Name != "serde-basics" {
		t.Errorf("serde-basics not installed under its suffixed name: %v", err)
	}
	if _, err := os.Stat(filepath.Join(skills, "tokio-basics", "SKILL.md")); err != nil {
		t.Error(err)
	}
}

// The skills directory itself, or its parent, is a symlink out.
func TestRunSkillsDirLinkedOut(t *testing.T) {
	ostest.Symlinks(t)
	for _, link := range []string{".claude", filepath.Join(".claude", "skills")} {
		t.Run(link, func(t *testing.T) {
			f := newFixture(t)
			vdir, vfile := victim(t, f)
			p := filepath.Join(f.root, link)
			must(t, os.MkdirAll(filepath.Dir(p), 0o755))
			must(t, os.Symlink(vdir, p))
			res := f.runAll(Input{Skills: f.skills}, "claude")
			checkVictim(t, vdir, vfile)
			if msg := errorsText(res); !strings.Contains(msg, "leads out of the workspace") {
				t.Errorf("no error about the link:\n%s", msg)
			}
		})
	}
}

// A settings file the repository committed as a symlink to a user file
// outside the workspace is not edited.
func TestRunSettingsLinkedOut(t *testing.T) {
	ostest.Symlinks(t)
	f := newFixture(t)
	vdir, _ := victim(t, f)
	target := filepath.Join(vdir, "claude.json")
	must(t, os.WriteFile(target, []byte("{\"mcpServers\": {}}\n"), 0o644))
	must(t, os.Symlink(target, filepath.Join(f.root, ".mcp.json")))
	res := f.runAll(Input{Skills: f.skills, MCPServers: []stream.MCPServer{{Kind: stream.KindMCPServer, Plugin: "p", Name: "s", Command: "server"}}}, "claude")
	if b, _ := os.ReadFile(target); string(b) != "{\"mcpServers\": {}}\n" {
		t.Errorf("%s was edited through the workspace's symlink:\n%s", target, b)
	}
	if msg := errorsText(res); !strings.Contains(msg, "leads out of the workspace") {
		t.Errorf("no error about the link:\n%s", msg)
	}
}

// Inside a skill directory of ours, a symlink (planted later, or committed)
// is replaced by the real file and never written through.
func TestRunLinkInsideOwnedSkill(t *testing.T) {
	ostest.Symlinks(t)
	f := newFixture(t)
	vdir, vfile := victim(t, f)
	f.run(t, false, f.skills, "claude")
	refs := filepath.Join(f.root, ".claude", "skills", "serde-basics", "references")
	must(t, os.RemoveAll(refs))
	must(t, os.Symlink(vdir, refs))
	scripts := filepath.Join(f.root, ".claude", "skills", "serde-basics", "scripts", "check.sh")
	must(t, os.Remove(scripts))
	must(t, os.Symlink(vfile, scripts))

	f.run(t, false, f.skills, "claude")
	checkVictim(t, vdir, vfile)
	for _, p := range []string{filepath.Join(refs, "api.md"), scripts} {
		fi, err := os.Lstat(p)
		if err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%s: not restored as a regular file (%v)", p, err)
		}
	}
	if fi, err := os.Lstat(refs); err != nil || !fi.IsDir() {
		t.Errorf("%s: not a real directory again (%v)", refs, err)
	}
}

// A plugin's skill may hold symlinks: those inside the skill are copied as
// what they name; those leading out are refused with a warning naming them.
func TestReadSkillSymlinks(t *testing.T) {
	ostest.Symlinks(t)
	base := t.TempDir()
	secret := filepath.Join(base, "home", ".ssh", "id_ed25519")
	must(t, os.MkdirAll(filepath.Dir(secret), 0o755))
	must(t, os.WriteFile(secret, []byte("PRIVATE KEY"), 0o600))
	src := filepath.Join(base, "plugin", "skills", "s")
	must(t, os.MkdirAll(filepath.Join(src, "references"), 0o755))
	must(t, os.WriteFile(filepath.Join(src, "SKILL.md"), []byte("skill"), 0o644))
	must(t, os.WriteFile(filepath.Join(src, "references", "api.md"), []byte("api"), 0o644))
	for link, to := range map[string]string{
		"key":        secret,
		"passwd":     "/etc/passwd",
		"up":         filepath.Join("..", "..", "..", "home", ".ssh", "id_ed25519"),
		"alias.md":   "SKILL.md",
		"docs":       "references",
		"loop":       ".",
		"dangling":   "nowhere",
		"plugin-dir": "..",
	} {
		must(t, os.Symlink(to, filepath.Join(src, link)))
	}
	files, warnings, err := readSkill(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.rel+"="+string(f.data))
	}
	want := "SKILL.md=skill alias.md=skill docs/api.md=api references/api.md=api"
	if strings.Join(got, " ") != want {
		t.Errorf("files:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	w := strings.Join(warnings, "\n")
	for _, name := range []string{"key", "passwd", "up", "plugin-dir", "dangling"} {
		if !strings.Contains(w, filepath.Join(src, name)) {
			t.Errorf("no warning names %s:\n%s", name, w)
		}
	}
	if strings.Contains(w, "PRIVATE") {
		t.Error("a warning shows the secret")
	}
}

// A sync killed while copying leaves a half-copied directory that its
// manifest already lists (the intent is recorded first): the next sync
// completes it instead of calling it the user's.
func TestRunRepairsInterruptedInstall(t *testing.T) {
	f := newFixture(t)
	skills := filepath.Join(f.root, ".claude", "skills")
	half := filepath.Join(skills, "serde-basics")
	must(t, os.MkdirAll(filepath.Join(half, "scripts"), 0o755))
	must(t, os.WriteFile(filepath.Join(half, "SKILL.md"), []byte("---\nname: serde-b"), 0o644))
	must(t, os.WriteFile(filepath.Join(half, "scripts", ".check.sh123"), []byte("a killed writeReplace"), 0o644))
	must(t, recordIntent(fileedit.Real(), filepath.Join(skills, ManifestName), manifest{}, map[string]bool{}, []copyJob{{name: "serde-basics"}}))

	f.run(t, false, f.skills, "claude")
	want := onThisOS([]string{".gitignore -rw-r--r--", "SKILL.md -rw-r--r--", "references/api.md -rw-r--r--", "scripts/check.sh -rwxr-xr-x"})
	if got := tree(t, half); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("after the next sync:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A skill an older version installed under a name the Agent Skills rule now
// refuses is still ours: it is removed, not orphaned.
func TestRunRemovesSkillWithOldStyleName(t *testing.T) {
	f := newFixture(t)
	skills := filepath.Join(f.root, ".claude", "skills")
	must(t, os.MkdirAll(filepath.Join(skills, "Old_Name"), 0o755))
	must(t, os.WriteFile(filepath.Join(skills, "Old_Name", "SKILL.md"), []byte("old"), 0o644))
	must(t, os.WriteFile(filepath.Join(skills, LegacyManifestName), []byte("installed = [\"Old_Name\"]\n"), 0o644))
	f.run(t, false, f.skills, "claude")
	if _, err := os.Stat(filepath.Join(skills, "Old_Name")); err == nil {
		t.Error("Old_Name was left behind")
	}
}

// A link whose target does not exist yet is followed by a write as well,
// creating the target: each of an agent's workspace files, committed as a
// dangling link out of the workspace, must be refused like a link to an
// existing file (a cloned repository's .codex/config.toml ->
// ../../../.codex/config.toml would otherwise create the user's global one).
func TestRunDanglingLinksOut(t *testing.T) {
	ostest.Symlinks(t)
	for _, tc := range []struct {
		name string
		// links makes the links in root, pointing into out, and says how
		// many refusals to expect.
		links func(t *testing.T, root, out string) int
	}{
		{"agent files", linkAgentFiles},
		{"skills dir", func(t *testing.T, root, out string) int {
			must(t, os.MkdirAll(filepath.Join(root, ".agents"), 0o755))
			must(t, os.Symlink(filepath.Join(out, "skills"), filepath.Join(root, ".agents", "skills")))
			return 1
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			out := filepath.Join(filepath.Dir(f.root), "outside")
			must(t, os.MkdirAll(out, 0o755))
			want := tc.links(t, f.root, out)
			var names []string
			for _, a := range agent.All() {
				names = append(names, a.Name)
			}
			mcp := []stream.MCPServer{{Kind: stream.KindMCPServer, Plugin: "p", Name: "repo-mcp", Command: "server"}}
			res := f.runAll(Input{Skills: f.skills, MCPServers: mcp}, names...)
			if entries, _ := os.ReadDir(out); len(entries) > 0 {
				var got []string
				for _, e := range entries {
					got = append(got, e.Name())
				}
				t.Errorf("written outside the workspace through dangling links: %q", got)
			}
			if msg := errorsText(res); strings.Count(msg, "leads out of the workspace") != want {
				t.Errorf("want %d refusals:\n%s", want, msg)
			}
		})
	}
}

// linkAgentFiles makes every agent's project hook and MCP file outside
// .agents/ a dangling link into out (files under .agents/ are refused with
// their skills directory in the other case).
func linkAgentFiles(t *testing.T, root, out string) int {
	target := agent.Target{Workspace: root, Home: filepath.Join(out, "home")}
	files, uses := map[string]bool{}, 0
	for _, a := range agent.All() {
		for _, p := range []string{a.HookFile(target, config.ScopeProject), a.MCPFile(target)} {
			if p != "" && within(root, p) {
				files[p] = true
				uses++ // Gemini's hooks and servers share one file: two refusals
			}
		}
	}
	for p := range files {
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		rel, err := filepath.Rel(filepath.Dir(p), filepath.Join(out, strings.ReplaceAll(p[len(root)+1:], string(filepath.Separator), "_")))
		must(t, err)
		must(t, os.Symlink(rel, p))
	}
	return uses
}

// realPath resolves links on the way, dangling ones too, and keeps the part
// that does not exist.
func TestRealPath(t *testing.T) {
	ostest.Symlinks(t)
	base, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	must(t, os.MkdirAll(filepath.Join(base, "ws", "dir"), 0o755))
	links := map[string]string{
		"ws/in":        "dir",
		"ws/dangle":    "../nowhere/x.json",
		"ws/dangleabs": filepath.Join(base, "abs.json"),
		"ws/chain":     "dangle",
		"ws/indangle":  "dir/later.json",
		"ws/loop":      "loop",
		"ws/dir/up":    "../../elsewhere",
	}
	for l, to := range links {
		must(t, os.Symlink(to, filepath.Join(base, l)))
	}
	for _, tc := range []struct{ in, want string }{
		{"ws/new/file", "ws/new/file"},
		{"ws/in/file", "ws/dir/file"},
		{"ws/dangle", "nowhere/x.json"},
		{"ws/dangleabs", "abs.json"},
		{"ws/chain", "nowhere/x.json"},
		{"ws/indangle", "ws/dir/later.json"},
		{"ws/dir/up/a/b", "elsewhere/a/b"},
		{"ws/in/up/c", "elsewhere/c"},
	} {
		got, err := realPath(filepath.Join(base, tc.in))
		if want := filepath.Join(base, tc.want); err != nil || got != want {
			t.Errorf("realPath(%s) = %s, %v; want %s", tc.in, got, err, want)
		}
	}
	if got, err := realPath(filepath.Join(base, "ws", "loop")); err == nil {
		t.Errorf("realPath(a link to itself) = %s, want an error", got)
	}
}

// A repository commits the manifest's directory as a symlink out of the
// workspace: neither the manifest nor its .gitignore is written through it.
func TestRunManifestDirSymlink(t *testing.T) {
	ostest.Symlinks(t)
	f := newFixture(t)
	vdir, vfile := victim(t, f)
	skills := filepath.Join(f.root, ".claude", "skills")
	must(t, os.MkdirAll(skills, 0o755))
	must(t, os.Symlink(filepath.Join("..", "..", "..", "victim"), filepath.Join(skills, filepath.Dir(ManifestName))))
	res := f.runAll(Input{Skills: f.skills}, "claude")
	checkVictim(t, vdir, vfile)
	if len(res.Errors) == 0 {
		t.Errorf("no error for a manifest directory that leads out of the workspace")
	}
}
