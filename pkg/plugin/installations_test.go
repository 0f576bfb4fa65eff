package plugin

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/acquire"
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
	cache := filepath.FromSlash("/cache")
	if err := withInstallations(&rec, m, &h, cache); err != nil {
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
	if !strings.HasPrefix(gh.Dir, filepath.Join(cache, "installations")+string(filepath.Separator)) || !strings.HasPrefix(cargo.Dir, filepath.Join(cache, "installations", "cargo-rtk-")) {
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
		{"plain backslash", "script = 'scripts\\check.sh'\n", `write it with "/"`},
		{"gh backslash", "source = \"github\"\nurl = \"https://github.com/o/r\"\nexecutable = 'bin\\rg.exe'\n", `write it with "/"`},
		{"bin http", "source = \"binary\"\nurl = \"http://example.com/t\"\n", "must be an https:// URL"},
		{"bin creds", "source = \"binary\"\nurl = \"https://u:p@example.com/t\"\n", "no credentials"},
		{"bin crate", "source = \"binary\"\nurl = \"https://example.com/t\"\ncrate = \"a\"\n", "are for source = \"cargo\""},
		{"bin escape", "source = \"binary\"\nurl = \"https://example.com/t.tgz\"\nexecutable = \"../t\"\n", "inside what is installed"},
		{"global github", "source = \"github\"\nurl = \"https://github.com/o/r\"\nglobal = true\n", "global = true is for source = \"cargo\""},
		{"global no exe", "source = \"cargo\"\ncrate = \"a\"\nglobal = true\n", "global = true needs executable"},
		{"global string", "source = \"cargo\"\ncrate = \"a\"\nexecutable = \"a\"\nglobal = \"yes\"\n", "global must be true or false"},
		{"commands string", "install_commands = \"ln -s a b\"\n", "install_commands must be an array"},
		{"commands empty", "install_commands = [\" \"]\n", "install_commands must be an array of non-empty"},
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
	ostest.Symlinks(t)
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

// TestInstallationShapes: upstream's global cargo, binary and
// install_commands installations become records: a global binary runs by
// name with no variable or PATH entry of its own, a binary download runs
// from its cache directory, and install_commands travel with the
// installation (one with nothing but commands gets a directory that marks
// them done).
func TestInstallationShapes(t *testing.T) {
	sum := strings.Repeat("b", 64)
	abs := "/bin/true" // an absolute executable
	if runtime.GOOS == "windows" {
		abs = `C:\Windows\System32\where.exe`
	}
	head := "name = \"p\"\ndepends-on = [\"*\"]\n[[hooks]]\nname = \"h\"\nevent = \"PreToolUse\"\n"
	for _, tt := range []struct {
		name, body string
		exec       func(dir string) []string
		want       stream.Installation // Dir and File not compared
		env        bool                // SYMPOSIUM_<name> is set
	}{
		{"global", "command = { name = \"rg\", source = \"cargo\", crate = \"ripgrep\", executable = \"rg\", global = true }\n",
			func(string) []string { return []string{"rg"} },
			stream.Installation{Name: "rg", Source: "cargo", Crate: "ripgrep", Global: true}, false},
		{"binary", "command = { source = \"binary\", url = \"https://example.com/t.tar.gz\", sha256 = \"" + sum + "\", executable = \"bin/t\" }\n",
			func(dir string) []string { return []string{filepath.Join(dir, "bin/t")} },
			stream.Installation{Name: "h", Source: "binary", URL: "https://example.com/t.tar.gz", SHA256: sum, Files: []string{"bin/t"}}, true},
		{"binary tofu", "command = { source = \"binary\", url = \"https://example.com/t\", executable = \"t\", install_commands = [\"./t --init\"] }\n",
			func(dir string) []string { return []string{filepath.Join(dir, "t")} },
			stream.Installation{Name: "h", Source: "binary", URL: "https://example.com/t", Files: []string{"t"}, InstallCommands: []string{"./t --init"}}, true},
		{"commands only", "command = { executable = '" + abs + "', install_commands = [\"mkdir -p x\", \"touch x/y\"] }\n",
			func(string) []string { return []string{abs} },
			stream.Installation{Name: "h", InstallCommands: []string{"mkdir -p x", "touch x/y"}}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseManifest(filepath.Join(t.TempDir(), ManifestName), []byte(head+tt.body))
			if err != nil {
				t.Fatal(err)
			}
			rec := stream.Hook{Name: "h"}
			cache := filepath.FromSlash("/cache")
			if err := withInstallations(&rec, m, &m.Hooks[0], cache); err != nil {
				t.Fatal(err)
			}
			if len(rec.Installations) != 1 {
				t.Fatalf("installations = %+v", rec.Installations)
			}
			got := rec.Installations[0]
			if !strings.HasPrefix(got.Dir, filepath.Join(cache, "installations", acquire.InstallKind(tt.want.Source)+"-")) {
				t.Errorf("dir %s is not the cache's", got.Dir)
			}
			if diff := cmp.Diff(tt.exec(got.Dir), rec.Exec); diff != "" {
				t.Errorf("exec (-want +got)\n%s", diff)
			}
			got.Dir, got.File = "", ""
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("installation (-want +got)\n%s", diff)
			}
			if _, ok := rec.Env["SYMPOSIUM_"+envName(tt.want.Name)]; ok != tt.env || (!tt.env && len(rec.Path) > 0) {
				t.Errorf("env = %v, path = %v; want a variable: %v", rec.Env, rec.Path, tt.env)
			}
		})
	}
}
