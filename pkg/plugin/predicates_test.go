package plugin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
}

const predSkillMD = "---\nname: %s\ndescription: d\n%s---\nbody\n"

func skillFile(name, extra string) string {
	return strings.Replace(strings.Replace(predSkillMD, "%s", name, 1), "%s", extra, 1)
}

// TestMatchPredicates evaluates each level's predicates, rejecting what
// does not hold with the predicate named, and leaves a hook's live
// predicates to dispatch.
func TestMatchPredicates(t *testing.T) {
	ostest.Shell(t) // shell() and a custom predicate's command line
	ws := t.TempDir()
	writeTree(t, ws, map[string]string{"marker": ""})
	src := t.TempDir()
	writeTree(t, src, map[string]string{
		"up/SYMPOSIUM.toml": `name = "up"
depends-on = ["serde"]
predicates = ["path_exists(marker)", "battery_pack(ok)"]

[[predicate]]
name = "battery_pack"
command = "./bp.sh"
args = ["status"]

[[skills]]
predicates = ["not(depends-on(tokio))"]
source.path = "skills"

[[skills]]
predicates = ["env(SYMPOSIUM_TEST_UNSET_VAR)"]
source.path = "other"

[[hooks]]
name = "live"
event = "PreToolUse"
command = "true"
predicates = ["all(depends-on(serde), path_exists(jq))", "shell(test -d .)"]

[[hooks]]
name = "never"
event = "PreToolUse"
command = "true"
predicates = ["any(depends-on(tokio), workspace-member())"]

[[hooks]]
name = "plain"
event = "PostToolUse"
command = "true"

[[mcp_servers]]
name = "srv"
command = "srv"
predicates = ["shell(exit 1)"]
`,
		"up/bp.sh":              "#!/bin/sh\n[ \"$1\" = status ] && [ \"$2\" = ok ]\n",
		"up/skills/a/SKILL.md":  skillFile("a", "predicates: shell(echo a, b | grep -q b), path_exists(marker)\n"),
		"up/skills/b/SKILL.md":  skillFile("b", "depends-on: serde\npredicates: not(path_exists(marker))\n"),
		"up/other/c/SKILL.md":   skillFile("c", ""),
		"solo/SKILL.md":         skillFile("solo", "depends-on: serde\npredicates: bad_pred(x)\n"),
		"dup1/SYMPOSIUM.toml":   "name = \"dup1\"\ndepends-on = [\"nothing-here\"]\n[[predicate]]\nname = \"twice\"\ncommand = \"true\"\n",
		"dup2/SYMPOSIUM.toml":   "name = \"dup2\"\ndepends-on = [\"*\"]\npredicates = [\"twice()\"]\n[[predicate]]\nname = \"twice\"\ncommand = \"true\"\n",
		"later/SYMPOSIUM.toml":  "name = \"later\"\ndepends-on = [\"*\"]\n[[installations]]\nname = \"x\"\nplatforms = [\"linux\"]\n",
		"book/SYMPOSIUM.toml":   "name = \"book\"\ncrates = [\"serde=1.0\"]\n[[skills]]\nsource.path = \"s\"\n",
		"book/s/booky/SKILL.md": skillFile("booky", "crates: serde\n"),
	})
	var warnings []string
	r := &Resolver{Workspace: Workspace{Root: ws}, Warn: func(w pos.Warning) { warnings = append(warnings, w.String()) }}
	sc := Discover(&Source{Name: "s", Dir: src})
	set := cratepred.NewSet([]cratepred.Dep{{Name: "serde", Version: "1.0.1"}})
	res := Match([]*Scan{sc}, set, r)

	var skills []string
	for _, s := range res.Skills {
		skills = append(skills, s.Name)
	}
	if diff := cmp.Diff([]string{"booky", "a"}, skills); diff != "" {
		t.Errorf("skills (-want +got)\n%s", diff)
	}
	if len(res.Hooks) != 2 {
		t.Fatalf("hooks = %+v", res.Hooks)
	}
	live := res.Hooks[0]
	wantLive := stream.Hook{Kind: "hook", Plugin: "up", Source: "s", Name: "live", Event: "PreToolUse", Command: "true", Format: "symposium", Dir: filepath.Join(src, "up"),
		Predicates:        []string{"path_exists(marker)", "battery_pack(ok)", "path_exists(jq)", "shell(test -d .)"},
		PredicateCommands: map[string]stream.PredicateCommand{"battery_pack": {Command: "./bp.sh", Args: []string{"status"}, Dir: filepath.Join(src, "up")}}}
	if diff := cmp.Diff(wantLive, live); diff != "" {
		t.Errorf("live hook (-want +got)\n%s", diff)
	}
	if res.Hooks[1].Name != "plain" || len(res.Hooks[1].Predicates) != 2 {
		t.Errorf("plain hook = %+v (it carries the plugin's live predicates)", res.Hooks[1])
	}
	rejected := map[string]string{}
	for _, rj := range res.Rejected {
		rejected[rj.What+" "+rj.Name] = rj.Reason
	}
	for key, want := range map[string]string{
		"skill b":        "predicate not(path_exists(marker)) is false: path_exists(marker) holds",
		"group other":    "predicate env(SYMPOSIUM_TEST_UNSET_VAR) is false: SYMPOSIUM_TEST_UNSET_VAR is not set",
		"hook never":     "predicate any(depends-on(tokio), workspace-member()) is false",
		"mcp_server srv": "predicate shell(exit 1) is false: exit 1",
		"plugin dup2":    `custom predicate "twice" is defined twice`,
		"plugin dup1":    "nothing-here is not a direct dependency",
		"skill solo":     `unknown predicate "bad_pred"`,
		"installation x": `unknown field "platforms"`,
	} {
		if got, ok := rejected[key]; !ok || !strings.Contains(got, want) {
			t.Errorf("rejected %s = %q, want %q", key, got, want)
		}
	}
	if !strings.Contains(strings.Join(warnings, "\n"), `dup2/SYMPOSIUM.toml:4: [[predicate]] "twice" is also defined at `) {
		t.Errorf("no collision warning in %q", warnings)
	}
}

// TestCustomCommand: a [[cratepred]] command naming an [[installations]]
// entry or written as a table runs that installation (argv with the
// predicate's args, its environment, what must be acquired); a string
// naming none is the book's command line; a broken reference is an error
// naming the line.
func TestCustomCommand(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "bin"), 0o755)
	os.WriteFile(filepath.Join(dir, "bin", "check.sh"), []byte("exit 0\n"), 0o644)
	head := "name = \"p\"\ndepends-on = [\"*\"]\n[[installations]]\nname = \"chk\"\nscript = \"bin/check.sh\"\n" +
		"[[installations]]\nname = \"dl\"\nsource = \"binary\"\nurl = \"https://example.com/t\"\nexecutable = \"t\"\n[[predicate]]\nname = \"x\"\n"
	for _, tt := range []struct {
		name, body string
		exec       func(cache string) []string
		command    string // when exec is nil
		installs   int
		want       string // in the error
	}{
		{name: "by name", body: "command = \"chk\"\nargs = [\"--a\"]\n",
			exec: func(string) []string { return []string{"sh", filepath.Join(dir, "bin", "check.sh"), "--a"} }},
		{name: "inline", body: "command = { script = \"bin/check.sh\" }\nargs = [\"--a\"]\n",
			exec: func(string) []string { return []string{"sh", filepath.Join(dir, "bin", "check.sh"), "--a"} }},
		{name: "download", body: "command = \"dl\"\n", installs: 1,
			exec: func(cache string) []string { return nil }},
		{name: "command line", body: "command = \"bin/check.sh --a\"\n", command: "bin/check.sh --a"},
		{name: "args twice", body: "command = { script = \"bin/check.sh\", args = [\"-1\"] }\nargs = [\"-2\"]\n", want: `[[predicate]] "x": args is set on both`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseManifest(filepath.Join(dir, ManifestName), []byte(head+tt.body))
			if err != nil {
				t.Fatal(err)
			}
			cmd, err := customCommand(m, m.Custom[0], "/cache")
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), ManifestName+":") {
					t.Fatalf("err = %v, want file:line … %s", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cmd.Installations) != tt.installs {
				t.Errorf("installations = %+v, want %d", cmd.Installations, tt.installs)
			}
			switch {
			case tt.command != "":
				if cmd.Command != tt.command || cmd.Exec != nil {
					t.Errorf("command = %+v, want the line %q", cmd, tt.command)
				}
			case tt.installs > 0:
				if len(cmd.Exec) != 1 || cmd.Exec[0] != filepath.Join(cmd.Installations[0].Dir, "t") {
					t.Errorf("exec = %v", cmd.Exec)
				}
			default:
				if diff := cmp.Diff(tt.exec("/cache"), cmd.Exec); diff != "" {
					t.Errorf("exec (-want +got)\n%s", diff)
				}
			}
		})
	}
}
