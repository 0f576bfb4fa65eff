package plugin

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestValidateUndefinedCustom: a call of a custom predicate that nothing
// validated defines is a warning naming the file and the line of the
// predicates entry, at every level a predicate can be written, nested
// calls included; defined names and builtins are not.
func TestValidateUndefinedCustom(t *testing.T) {
	const tail = `, which no plugin here defines: it is false unless a plugin in another of your sources defines [[predicate]] name = `
	const gpu = `"uses_gpu"`
	tests := []struct {
		name  string
		files map[string]string
		path  string // validated, relative to the temp dir ("" = the source)
		want  []string
	}{
		{
			name: "plugin level",
			files: map[string]string{"foo/SYMPOSIUM.toml": `name = "foo"
depends-on = ["serde"]
predicates = [
  "env(CI)",
  "uses_gpu(cuda)",
]
`},
			want: []string{`foo/SYMPOSIUM.toml:5: predicate "uses_gpu(cuda)" calls custom predicate "uses_gpu"` + tail + gpu},
		},
		{
			name: "book's crates, skills group and skill frontmatter",
			files: map[string]string{
				"foo/SYMPOSIUM.toml": `name = "foo"
crates = ["serde"]

[[skills]]
predicates = ["uses_gpu(rocm)"]
source.path = "skills"
`,
				"foo/skills/a/SKILL.md": skillFile("a", "predicates: env(CI), has_docker()\n"),
			},
			want: []string{
				`foo/SYMPOSIUM.toml:5: predicate "uses_gpu(rocm)" calls custom predicate "uses_gpu"` + tail + gpu,
				`foo/skills/a/SKILL.md:4: predicate "has_docker()" calls custom predicate "has_docker"` + tail + `"has_docker"`,
			},
		},
		{
			name: "hooks, servers and chained plugins",
			files: map[string]string{"foo/SYMPOSIUM.toml": `name = "foo"
depends-on = ["serde"]

[[hooks]]
name = "h"
event = "PreToolUse"
command = "true"
predicates = ["in_ci()"]

[[mcp_servers]]
name = "srv"
command = "srv"
predicates = ["has_docker()"]

[[plugins]]
source.cargo = "tokio"
predicates = ["uses_gpu(x)"]
`},
			want: []string{
				`foo/SYMPOSIUM.toml:8: predicate "in_ci()" calls custom predicate "in_ci"` + tail + `"in_ci"`,
				`foo/SYMPOSIUM.toml:13: predicate "has_docker()" calls custom predicate "has_docker"` + tail + `"has_docker"`,
				`foo/SYMPOSIUM.toml:17: predicate "uses_gpu(x)" calls custom predicate "uses_gpu"` + tail + gpu,
			},
		},
		{
			name: "standalone skill",
			files: map[string]string{
				"solo/SKILL.md": skillFile("solo", "depends-on: serde\npredicates: not(uses_gpu(cuda))\n"),
			},
			want: []string{`solo/SKILL.md:5: predicate "not(uses_gpu(cuda))" calls custom predicate "uses_gpu"` + tail + gpu},
		},
		{
			name: "nested in not, any and all, each name once per entry",
			files: map[string]string{"foo/SYMPOSIUM.toml": `name = "foo"
depends-on = ["serde"]
predicates = ["all(env(CI), any(not(uses_gpu(a)), uses_gpu(b), in_ci()))"]
`},
			want: []string{
				`foo/SYMPOSIUM.toml:3: predicate "all(env(CI), any(not(uses_gpu(a)), uses_gpu(b), in_ci()))" calls custom predicate "uses_gpu"` + tail + gpu,
				`foo/SYMPOSIUM.toml:3: predicate "all(env(CI), any(not(uses_gpu(a)), uses_gpu(b), in_ci()))" calls custom predicate "in_ci"` + tail + `"in_ci"`,
			},
		},
		{
			name: "defined in the same plugin",
			files: map[string]string{"foo/SYMPOSIUM.toml": `name = "foo"
depends-on = ["serde"]
predicates = ["not(uses_gpu(cuda))"]

[[hooks]]
name = "h"
event = "PreToolUse"
command = "true"
predicates = ["uses_gpu(x)"]

[[predicate]]
name = "uses_gpu"
command = "true"
`},
		},
		{
			name: "defined in another plugin of the source, called from a skill too",
			files: map[string]string{
				"foo/SYMPOSIUM.toml": "name = \"foo\"\ndepends-on = [\"serde\"]\npredicates = [\"any(uses_gpu(cuda))\"]\n",
				"bar/SYMPOSIUM.toml": "name = \"bar\"\ndepends-on = [\"*\"]\n[[predicate]]\nname = \"uses_gpu\"\ncommand = \"true\"\n",
				"solo/SKILL.md":      skillFile("solo", "depends-on: serde\npredicates: uses_gpu(x)\n"),
			},
		},
		{
			name: "builtins",
			files: map[string]string{"foo/SYMPOSIUM.toml": `name = "foo"
depends-on = ["serde"]
predicates = ["all(depends-on(serde), crate(serde), shell(true), path_exists(.git), env(CI), workspace-member())", "not(any(env(A=b)))"]
`},
		},
		{
			name: "a predicate that does not parse is an error only",
			files: map[string]string{"foo/SYMPOSIUM.toml": `name = "foo"
depends-on = ["serde"]
predicates = ["uses_gpu(cuda"]
`},
		},
		{
			name: "one plugin: only its own definitions count",
			files: map[string]string{
				"foo/SYMPOSIUM.toml": "name = \"foo\"\ndepends-on = [\"serde\"]\npredicates = [\"uses_gpu(cuda)\", \"mine()\"]\n[[predicate]]\nname = \"mine\"\ncommand = \"true\"\n",
				"bar/SYMPOSIUM.toml": "name = \"bar\"\ndepends-on = [\"*\"]\n[[predicate]]\nname = \"uses_gpu\"\ncommand = \"true\"\n",
			},
			path: "foo",
			want: []string{`foo/SYMPOSIUM.toml:3: predicate "uses_gpu(cuda)" calls custom predicate "uses_gpu", which this plugin does not define: it is false unless another plugin in your sources defines [[predicate]] name = "uses_gpu"`},
		},
		{
			name: "one manifest file",
			files: map[string]string{
				"foo/SYMPOSIUM.toml": "name = \"foo\"\ndepends-on = [\"serde\"]\n\n[[skills]]\npredicates = [\"uses_gpu(cuda)\"]\nsource.path = \"s\"\n",
				"foo/s/a/SKILL.md":   skillFile("a", ""),
			},
			path: "foo/SYMPOSIUM.toml",
			want: []string{`foo/SYMPOSIUM.toml:5: predicate "uses_gpu(cuda)" calls custom predicate "uses_gpu", which this plugin does not define: it is false unless another plugin in your sources defines [[predicate]] name = "uses_gpu"`},
		},
		{
			name: "one skill",
			files: map[string]string{
				"solo/SKILL.md": skillFile("solo", "depends-on: serde\npredicates: uses_gpu(x)\n"),
			},
			path: "solo",
			want: []string{`solo/SKILL.md:5: predicate "uses_gpu(x)" calls custom predicate "uses_gpu", which a skill cannot define: it is false unless a plugin in your sources defines [[predicate]] name = "uses_gpu"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, tt.files)
			rep, err := Validate(filepath.Join(root, filepath.FromSlash(tt.path)))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range rep.Warnings {
				if strings.Contains(w, "calls custom predicate") {
					got = append(got, filepath.ToSlash(strings.TrimPrefix(w, root+string(filepath.Separator))))
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("warnings (-want +got)\n%s\nall warnings: %q\nerrors: %q", diff, rep.Warnings, rep.Errors)
			}
			for _, e := range rep.Errors {
				if strings.Contains(e, "calls custom predicate") {
					t.Errorf("reported as an error: %s", e)
				}
			}
			if strings.Contains(tt.name, "does not parse") && len(rep.Errors) != 1 {
				t.Errorf("errors = %q, want the parse error alone", rep.Errors)
			}
		})
	}
}

// TestValidateSyncSkips: whatever sync would leave out is an error of
// validate, naming file:line; a plugin whose parts all load is "ok".
func TestValidateSyncSkips(t *testing.T) {
	const head = "name = \"p\"\ndepends-on = [\"serde\"]\n"
	hook := func(cmd string) string {
		return "[[hooks]]\nname = \"h\"\nevent = \"PreToolUse\"\ncommand = " + cmd + "\n"
	}
	tests := []struct {
		name     string
		manifest string
		files    map[string]string
		want     []string // substrings of the errors, in order; none = ok
		tail     string   // how each error ends
	}{
		{"all loads", head + hook(`{ script = "x.sh" }`), map[string]string{"p/x.sh": "true\n"}, nil, ""},
		{"unknown top-level field", head + "bogus_field = 3\n", nil, []string{`p/SYMPOSIUM.toml:3:1: unknown field "bogus_field" (known: `}, ": ignored (a field of a later symposium version?)"},
		{"unknown hook field", head + hook(`"true"`) + "when = 1\n", nil, []string{`p/SYMPOSIUM.toml:7:1: unknown field "when" in [[hooks]]`}, `skipping [[hooks]] "h", the rest of the plugin loads (a field of a later symposium version?)`},
		{"missing script", head + hook(`{ script = "x.sh" }`), nil, []string{`p/SYMPOSIUM.toml:6: installation "h": ` + filepath.ToSlash(os.TempDir())}, `p/x.sh does not exist: sync skips this hook`},
		{"missing installation", head + hook(`"true"`) + "requirements = [\"rtk\"]\n", nil, []string{`p/SYMPOSIUM.toml:7:1: [[hooks]] "h": no [[installations]] entry named "rtk"`}, ": sync skips this hook"},
		{"missing group", head + "[[skills]]\nsource.path = \"skills\"\n", nil, []string{`p/SYMPOSIUM.toml:3:1: [[skills]] source.path "skills": `}, notExist(t)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"p/SYMPOSIUM.toml": tt.manifest}
			maps.Copy(files, tt.files)
			write(t, dir, files)
			rep, err := Validate(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Errors) != len(tt.want) {
				t.Fatalf("errors:\n%s\nwant %d", strings.Join(rep.Errors, "\n"), len(tt.want))
			}
			for i, w := range tt.want {
				if e := filepath.ToSlash(rep.Errors[i]); !strings.Contains(e, w) || !strings.HasSuffix(e, tt.tail) {
					t.Errorf("error %q lacks %q", rep.Errors[i], w)
				}
			}
		})
	}
}

// notExist is how this system words a file that is not there ("no such
// file or directory" on Unix, "The system cannot find the file
// specified." on Windows).
func notExist(t *testing.T) string {
	_, err := os.Stat(filepath.Join(t.TempDir(), "none"))
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		t.Fatalf("stat of a missing file: %v", err)
	}
	return pe.Err.Error()
}
