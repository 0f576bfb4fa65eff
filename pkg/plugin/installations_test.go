package plugin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestResolveRTK: the central source's rtk/rtk.toml shape (a named cargo
// installation as a requirement, an inline github command with a script)
// becomes a record that runs sh on the downloaded script, with the cargo
// binary on PATH and both installations to acquire.
func TestResolveRTK(t *testing.T) {
	src := `name = "rtk"
crates = ["*"]

[[installations]]
name = "rtk"
source = "cargo"
crate = "rtk"
git = "https://github.com/rtk-ai/rtk"
executable = "rtk"

[[hooks]]
name = "rewrite"
event = "PreToolUse"
matcher = "Bash"
agent = "claude"
requirements = ["rtk"]
command = { source = "github", url = "https://github.com/rtk-ai/rtk", sha256 = "` + strings.Repeat("a", 64) + `", script = "hooks/claude/rtk-rewrite.sh" }
`
	dir := t.TempDir()
	m, err := ParseManifest(filepath.Join(dir, ManifestName), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	h := m.Hooks[0]
	rec := stream.Hook{Name: h.Name, Agent: h.Agent}
	if err := withInstallations(&rec, m, &h, "/cache"); err != nil {
		t.Fatal(err)
	}
	if rec.Agent != "claude" || len(rec.Installations) != 2 {
		t.Fatalf("record = %+v", rec)
	}
	gh, cargo := rec.Installations[0], rec.Installations[1]
	if gh.Source != "github" || cargo.Source != "cargo" || cargo.Git != "https://github.com/rtk-ai/rtk" {
		t.Fatalf("installations = %+v", rec.Installations)
	}
	script := filepath.Join(gh.Dir, "hooks/claude/rtk-rewrite.sh")
	if diff := cmp.Diff([]string{"sh", script}, rec.Exec); diff != "" {
		t.Errorf("exec (-want +got)\n%s", diff)
	}
	if diff := cmp.Diff([]string{filepath.Dir(script), filepath.Join(cargo.Dir, "bin")}, rec.Path); diff != "" {
		t.Errorf("path (-want +got)\n%s", diff)
	}
	if rec.Env["SYMPOSIUM_rtk"] != filepath.Join(cargo.Dir, "bin", "rtk") || rec.Env["SYMPOSIUM_DIR_rewrite"] != gh.Dir {
		t.Errorf("env = %v", rec.Env)
	}
	if !strings.HasPrefix(gh.Dir, "/cache/installations/") || !strings.HasPrefix(cargo.Dir, "/cache/installations/cargo-rtk-") {
		t.Errorf("dirs %s, %s are not in the cache", gh.Dir, cargo.Dir)
	}
}

// TestHostileInstallations: values from a manifest that could reach cargo,
// a URL or a path outside the plugin are refused with the line to fix.
func TestHostileInstallations(t *testing.T) {
	head := "name = \"p\"\ndepends-on = [\"*\"]\n[[installations]]\nname = \"x\"\n"
	for _, tt := range []struct{ name, body, want string }{
		{"option crate", "source = \"cargo\"\ncrate = \"--config=x\"\n", `crate "--config=x"`},
		{"option version", "source = \"cargo\"\ncrate = \"a\"\nversion = \"--locked\"\n", `version "--locked"`},
		{"ext git", "source = \"cargo\"\ncrate = \"a\"\ngit = \"ext::sh -c id\"\n", "transport helpers"},
		{"path escape", "source = \"cargo\"\npath = \"../../x\"\n", "inside the plugin"},
		{"exe with slash", "source = \"cargo\"\ncrate = \"a\"\nexecutable = \"../../bin/sh\"\n", "binaries"},
		{"gh host", "source = \"github\"\nurl = \"https://evil.example/o/r\"\nsha256 = \"" + strings.Repeat("0", 64) + "\"\n", "must be https://github.com"},
		{"gh dots", "source = \"github\"\nurl = \"https://github.com/o/r/tree/../x\"\n", `segment ".."`},
		{"gh script escape", "source = \"github\"\nurl = \"https://github.com/o/r\"\nscript = \"../x.sh\"\n", "inside what is installed"},
		{"bad sha", "source = \"github\"\nurl = \"https://github.com/o/r\"\nsha256 = \"abc\"\n", "64 lower-case hex"},
		{"plain escape", "script = \"../../etc/x.sh\"\n", "inside the plugin"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseManifest("p", []byte(head+tt.body))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "p:3:1:") {
				t.Errorf("err = %v, want p:3:1: … %s", err, tt.want)
			}
		})
	}
	// A script that is a symlink out of the plugin directory is refused
	// when the hook is resolved.
	dir := t.TempDir()
	plug := filepath.Join(dir, "plug")
	os.MkdirAll(plug, 0o755)
	os.WriteFile(filepath.Join(dir, "outside.sh"), []byte("echo hi\n"), 0o755)
	os.Symlink("../outside.sh", filepath.Join(plug, "x.sh"))
	m, err := ParseManifest(filepath.Join(plug, ManifestName), []byte("name = \"p\"\ndepends-on = [\"*\"]\n[[hooks]]\nname = \"h\"\nevent = \"PreToolUse\"\ncommand = { script = \"x.sh\" }\n"))
	if err != nil {
		t.Fatal(err)
	}
	rec := stream.Hook{}
	if err := withInstallations(&rec, m, &m.Hooks[0], dir); err == nil || !strings.Contains(err.Error(), "leads out of the plugin directory") {
		t.Errorf("err = %v, want a symlink refusal", err)
	}
}
