package plugin

import (
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
)

var corpus = sharedtest.Path("corpus")

// TestBrokenManifests checks each broken SYMPOSIUM.toml of the corpus fails
// at the line ../shared/corpus/broken/README.md names, with a message that
// says what is wrong.
func TestBrokenManifests(t *testing.T) {
	tests := []struct {
		dir, plugin string
		want        string // regexp after "path:"
	}{
		{"symposium-crates-wrong-type", "tokio-helpers", `^2:1: crates = 3: must be a string or an array of strings`},
		{"symposium-both-sources", "widgetlib", `^5:1: \[\[skills\]\] group \(line 3\) sets both source.path and source.git`},
		{"symposium-no-source", "widgetlib", `^3:1: \[\[skills\]\] group has no source`},
		{"symposium-bad-predicate-version", "serde-plugin", `^2:1: .*"serde>=abc"`},
		{"symposium-predicate-no-crate", "any-plugin", `^4:1: .*">=1.0"`},
		{"symposium-missing-name", "nameless", `^ missing required field name`},
		{"symposium-toml-syntax-error", "broken-toml", `^2:1: the array of crates is never closed`},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			path := filepath.Join(corpus, "broken", tt.dir, tt.plugin, ManifestName)
			_, err := LoadManifest(path)
			if err == nil {
				t.Fatal("LoadManifest succeeded")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, path+":") {
				t.Fatalf("error %q does not start with the path", msg)
			}
			if !regexp.MustCompile(tt.want).MatchString(strings.TrimPrefix(msg, path+":")) {
				t.Errorf("error %q does not match %q", msg, tt.want)
			}
		})
	}
}

func TestParseManifest(t *testing.T) {
	const src = `name = "widgetlib"

[[skills]]
crates = "widgetlib=1.0"
source.path = "skills/v1"

[[skills]]
crates = ["widgetlib=2.0"]
source.git = "https://github.com/widgetlib/skills/tree/main/symposium/skills/v2"

[[hooks]]
name = "check"
event = "post_tool_use"
command = "./check.sh"
format = "Claude"

[[mcp_servers]]
name = "a"
command = ["bin", "--stdio"]
args = ["-q"]
env = { K = "v" }
crates = ["widgetlib"]

[[mcp-servers]]
name = "b"
type = "sse"
url = "http://localhost/sse"
headers = [{ name = "X", value = "y" }]
`
	m, err := ParseManifest("p/SYMPOSIUM.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if m.HasCrates {
		t.Error("plugin has no top-level crates but HasCrates is set")
	}
	type group struct {
		Crates, Path, Git string
		Line              int
	}
	var groups []group
	for _, g := range m.Skills {
		groups = append(groups, group{g.Crates.String(), g.SourcePath, g.SourceGit, g.Line})
	}
	wantGroups := []group{
		{"widgetlib=1.0", "skills/v1", "", 3},
		{"widgetlib=2.0", "", "https://github.com/widgetlib/skills/tree/main/symposium/skills/v2", 7},
	}
	if diff := cmp.Diff(wantGroups, groups); diff != "" {
		t.Errorf("groups (-want +got)\n%s", diff)
	}
	wantHook := Hook{Name: "check", Event: "PostToolUse", Command: "./check.sh", Format: "claude", Line: 11}
	if diff := cmp.Diff([]Hook{wantHook}, m.Hooks); diff != "" {
		t.Errorf("hooks (-want +got)\n%s", diff)
	}
	got := []MCPServer{m.MCPServers[0], m.MCPServers[1]}
	for i := range got {
		got[i].Crates = nil
	}
	want := []MCPServer{
		{Name: "a", Type: "stdio", Command: "bin", Args: []string{"--stdio", "-q"}, Env: map[string]string{"K": "v"}, HasCrates: true, CratesLine: 22, Line: 17},
		{Name: "b", Type: "sse", URL: "http://localhost/sse", Headers: map[string]string{"X": "y"}, Line: 24},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("servers (-want +got)\n%s", diff)
	}
}

func TestManifestErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // every one must appear
	}{
		{"several errors at once", "name = \"x\"\ncrates = [\"a b\"]\n[[hooks]]\nname = \"h\"\nevent = \"Sometimes\"\ncommand = \"c\"\nformat = \"vim\"\n",
			[]string{`p:2:1: invalid crate predicate "a b"`, `p:5:1: [[hooks]] "h": unknown event "Sometimes"`, `p:7:1: [[hooks]] "h": unknown format "vim"`}},
		{"bad server", "name = \"x\"\ncrates = \"*\"\n[[mcp_servers]]\nname = \"s\"\ntype = \"http\"\n", []string{`p:3:1: [[mcp_servers]] "s": a http server needs url`}},
		{"env not pairs", "name = \"x\"\ncrates = \"*\"\n[[mcp_servers]]\nname = \"s\"\ncommand = \"c\"\nenv = [1]\n", []string{`p:6:1: [[mcp_servers]] "s": env must be`}},
		{"crates and depends-on", "name = \"x\"\ncrates = \"*\"\ndepends-on = [\"a\"]\n", []string{`p:3:1: both crates and depends-on are set`}},
		{"bad predicate", "name = \"x\"\ndepends-on = \"*\"\npredicates = [\n  \"env(CI)\",\n  \"any(env(A) env(B))\",\n]\n", []string{`p:5:1: invalid predicate "any(env(A) env(B))" at column 12: unexpected`}},
		{"bad atom in predicate", "name = \"x\"\npredicates = [\"depends-on(serde>=abc)\"]\n", []string{`p:2:1: in "depends-on(serde>=abc)": invalid crate predicate "serde>=abc"`}},
		{"predicates wrong type", "name = \"x\"\ndepends-on = \"*\"\npredicates = 3\n", []string{`p:3:1: predicates = 3: must be an array of strings`}},
		{"name wrong type", "name = 3\ndepends-on = \"*\"\n", []string{`p:1:8: name is a TOML integer; it must be a string`}},
		{"custom predicate", "name = \"x\"\ndepends-on = \"*\"\n[[predicate]]\nname = \"shell\"\ncommand = \"c\"\n[[predicate]]\nname = \"ok\"\n", []string{`p:3:1: [[predicate]] name "shell"`, `p:6:1: [[predicate]] "ok" has no command`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseManifest("p", []byte(tt.src))
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestCrateSourcedManifests: the central source's v0.3 crate-sourced
// groups load (they were skipped as "needs a later symposium version").
func TestCrateSourcedManifests(t *testing.T) {
	for name, want := range map[string]string{"dial9": "skills", "error-battery-pack": DefaultCrateSkills} {
		m, err := LoadManifest(filepath.Join(corpus, "recommendations", name, ManifestName))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(m.Skills) != 1 || m.Skills[0].CratePath != want {
			t.Errorf("%s: groups %+v, want one with crate path %q", name, m.Skills, want)
		}
	}
	// A wildcard names no crate whose source could be read.
	_, err := ParseManifest("p", []byte("name = \"w\"\ncrates = [\"*\"]\n[[skills]]\nsource = \"crate\"\n"))
	if err == nil || !strings.Contains(err.Error(), `p:3:1: a crate-sourced [[skills]] group needs a crate predicate that is not "*"`) {
		t.Errorf("wildcard crate group: err = %v", err)
	}
	for _, bad := range []string{"source.crate_path = \"../x\"", "source.crate_path = \"/etc\"", "source = \"crates\""} {
		if _, err := ParseManifest("p", []byte("name = \"w\"\ncrates = [\"a\"]\n[[skills]]\n"+bad+"\n")); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestChainedAndDormant: [[plugins]] entries, [defaults], dormancy, and
// crate-manifest leniency (no name, no depends-on).
func TestChainedAndDormant(t *testing.T) {
	m, err := ParseManifest("p", []byte("name = \"w\"\n[[plugins]]\nsource.cargo = \"serde>=1\"\n[[plugins]]\ndepends-on = \"tokio\"\nsource.cargo = { name = \"tokio-skills\", version = \"^0.3\" }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Dormant || len(m.Plugins) != 2 || m.Plugins[0].Crate != "serde" || m.Plugins[0].Req != ">=1" || m.Plugins[1].Crate != "tokio-skills" || m.Plugins[1].Req != "^0.3" || !m.Plugins[1].HasCrates {
		t.Errorf("got %+v", m.Plugins)
	}
	m, err = ParseManifest("p", []byte("name = \"x\"\n[[skills]]\nsource.path = \"s\"\n"))
	if err != nil || !m.Dormant {
		t.Errorf("no dependency anywhere: %v, dormant %v; want a dormant plugin", err, m != nil && m.Dormant)
	}
	for _, bad := range []string{"source.git = \"https://github.com/a/b\"", "source.path = \"x\"", "source.cargo = \"../etc\"", "source.cargo = \"*\""} {
		if _, err := ParseManifest("p", []byte("name = \"w\"\n[[plugins]]\n"+bad+"\n")); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	m, err = ParseCrateManifest("c", []byte("[defaults]\nskills = false\n[[skills]]\nsource.path = \"guidance\"\n"), "widget")
	if err != nil || m.Name != "widget" || m.DefaultSkills == nil || *m.DefaultSkills || m.Dormant {
		t.Errorf("crate manifest: %v %+v", err, m)
	}
}

func TestParseGitURL(t *testing.T) {
	tests := []struct {
		in   string
		want GitRef
	}{
		{"https://github.com/o/r/tree/main/skills/v1", GitRef{Repo: "https://github.com/o/r", Ref: "main", Subdir: "skills/v1"}},
		{"https://github.com/o/r/tree/v2", GitRef{Repo: "https://github.com/o/r", Ref: "v2"}},
		{"https://github.com/o/r", GitRef{Repo: "https://github.com/o/r"}},
		{"https://github.com/o/r.git", GitRef{Repo: "https://github.com/o/r"}},
		{"file:///srv/plugins.git", GitRef{Repo: "file:///srv/plugins.git"}},
	}
	for _, tt := range tests {
		got, err := ParseGitURL(tt.in)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got)\n%s", tt.in, diff)
		}
	}
	if _, err := ParseGitURL("https://github.com/o/r/blob/main/x"); err == nil {
		t.Error("blob URL accepted")
	}
}

var _ = cratepred.NewSet

// TestUpstreamManifest reads a manifest written as upstream's reference
// pages write them: depends-on and predicates at every level, and a custom
// [[cratepred]].
func TestUpstreamManifest(t *testing.T) {
	const src = `name = "my-plugin"
depends-on = ["*"]
predicates = ["path_exists(rg)", "shell(test -f Cargo.toml)"]

[[predicate]]
name = "battery_pack"
command = "bin/bp status --check"
args = ["--quiet"]

[[skills]]
depends-on = ["serde"]
predicates = ["path_exists(jq)"]
source.path = "skills"

[[hooks]]
name = "h"
event = "PreToolUse"
command = "scripts/x.sh"
predicates = [
  "path_exists(.git)",
  "not(env(CI))",
]

[[mcp_servers]]
name = "tool"
command = "/usr/local/bin/tool"
args = []
env = []
depends-on = "tokio>=1.40"
predicates = ["path_exists(tool)"]
`
	m, err := ParseManifest("p/SYMPOSIUM.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	preds := func(ps []Pred) (out []string) {
		for _, p := range ps {
			out = append(out, fmt.Sprintf("%d %s", p.Line, p.Expr))
		}
		return out
	}
	got := map[string][]string{
		"plugin": append([]string{m.Crates.String()}, preds(m.Predicates)...),
		"group":  append([]string{m.Skills[0].Crates.String()}, preds(m.Skills[0].Predicates)...),
		"hook":   preds(m.Hooks[0].Predicates),
		"server": append([]string{m.MCPServers[0].Crates.String()}, preds(m.MCPServers[0].Predicates)...),
	}
	want := map[string][]string{
		"plugin": {"*", "3 path_exists(rg)", "3 shell(test -f Cargo.toml)"},
		"group":  {"serde", "12 path_exists(jq)"},
		"hook":   {"20 path_exists(.git)", "21 not(env(CI))"},
		"server": {"tokio>=1.40", "30 path_exists(tool)"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("predicates (-want +got)\n%s", diff)
	}
	wantCustom := []CustomPredicate{{Name: "battery_pack", Command: "bin/bp status --check", Args: []string{"--quiet"}, Line: 5}}
	if diff := cmp.Diff(wantCustom, m.Custom); diff != "" {
		t.Errorf("custom (-want +got)\n%s", diff)
	}
	if !m.HasCrates || m.CratesLine != 2 {
		t.Errorf("depends-on: HasCrates %v line %d", m.HasCrates, m.CratesLine)
	}
}

// TestBookManifestWithPredicates: the book's crates and crate(...) keep
// working, and mix with upstream's predicates.
func TestBookManifestWithPredicates(t *testing.T) {
	const src = "name = \"b\"\ncrates = [\"serde\"]\npredicates = [\"crate(tokio)\"]\n[[skills]]\ncrates = \"serde=1.0\"\nsource.path = \"s\"\n"
	m, err := ParseManifest("p", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if m.Crates.String() != "serde" || m.Predicates[0].Expr.String() != "depends-on(tokio)" || m.Skills[0].Crates.String() != "serde=1.0" {
		t.Errorf("got %s / %s / %s", m.Crates, m.Predicates[0].Expr, m.Skills[0].Crates)
	}
	// A plugin whose only dependency is in a predicate is about crates.
	if _, err := ParseManifest("p", []byte("name = \"c\"\n[[skills]]\npredicates = [\"depends-on(serde)\"]\nsource.path = \"s\"\n")); err != nil {
		t.Error(err)
	}
}

// TestUnknownFieldsSkipPart: a field this version does not read (a later
// format's, or a typo) leaves out only the part that holds it, with a
// message naming its line and the known fields; an unknown top-level key
// is ignored; everything else of the plugin loads.
func TestUnknownFieldsSkipPart(t *testing.T) {
	const head = "name = \"r\"\ndepends-on = [\"*\"]\n[[skills]]\nsource.path = \"skills\"\n"
	tests := []struct {
		name, src string
		want      []string // the Skipped messages, in order (substrings)
		kept      string   // what loaded: skills/hooks/installations/servers/plugins/predicates
	}{
		{"top-level field", "bogus_field = 3\n" + head,
			[]string{`p:1:1: unknown field "bogus_field" (known: name, crates, depends-on, `, `): ignored (a field of a later symposium version?)`}, "1/0/0/0/0/0"},
		{"top-level typo", "name = \"x\"\ndepends_on = [\"a\"]\n[[skills]]\nsource.path = \"s\"\n",
			[]string{`p:2:1: unknown field "depends_on" (known: `, `: ignored; did you mean "depends-on"?`}, "1/0/0/0/0/0"},
		{"subcommand", head + "\n[subcommand.check]\ndescription = \"c\"\ncommand = { script = \"c.sh\" }\nshell-completion = true\n",
			[]string{`p:9:1: unknown field "shell-completion" in [subcommand.check] (known: `, `: skipping this subcommand, the rest of the plugin loads (a field of a later symposium version?)`}, "1/0/0/0/0/0"},
		{"later table", head + "\n[someday.check]\ncommand = \"x\"\n",
			[]string{`p:6:1: unknown table [someday] (known: `, `): ignored`}, "1/0/0/0/0/0"},
		{"hook", head + "[[hooks]]\nname = \"h\"\nevent = \"PreToolUse\"\ncommand = \"true\"\nwhen = \"later\"\n[[hooks]]\nname = \"ok\"\nevent = \"PreToolUse\"\ncommand = \"true\"\n",
			[]string{`p:9:1: unknown field "when" in [[hooks]] (known: name, event, matcher, command, `, `): skipping [[hooks]] "h", the rest of the plugin loads (a field of a later symposium version?)`}, "1/1/0/0/0/0"},
		{"skills group typo", "name = \"typo\"\ncrates = [\"serde\"]\n\n[[skills]]\ncrate = [\"serde>=1.0\"]\nsource.path = \"skills\"\n[[skills]]\nsource.path = \"more\"\n",
			[]string{`p:5:1: unknown field "crate" in [[skills]] (known: crates, depends-on, predicates, source): skipping the [[skills]] entry at line 4, the rest of the plugin loads; did you mean "crates"?`}, "1/0/0/0/0/0"},
		{"skills source", head + "[[skills]]\nsource.crate_pth = \"x\"\n",
			[]string{`p:6:1: unknown field "crate_pth" in source (known: path, git, crate_path): skipping the [[skills]] entry at line 5`, `did you mean "crate_path"?`}, "1/0/0/0/0/0"},
		{"installation and the hooks using it", head + "[[installations]]\nname = \"rtk\"\nplatforms = [\"linux\"]\n[[hooks]]\nname = \"h\"\nevent = \"PreToolUse\"\ncommand = \"rtk\"\n[[hooks]]\nname = \"r\"\nevent = \"PreToolUse\"\ncommand = \"true\"\nrequirements = [\"rtk\"]\n",
			[]string{`p:5:1: [[installations]] "rtk": unknown field "platforms" (known: name, source, `, `: skipping [[installations]] "rtk" and the hooks that use it`,
				`p:11:1: [[hooks]] "h": command names installation "rtk", which was skipped`, `p:16:1: [[hooks]] "r" requirements: installation "rtk" was skipped: skipping [[hooks]] "r"`}, "1/0/0/0/0/0"},
		{"inline installation field", head + "[[hooks]]\nname = \"h\"\nevent = \"PreToolUse\"\ncommand = { source = \"binary\", url = \"https://example.com/t\", platforms = [\"linux\"] }\n",
			[]string{`p:8:1: [[hooks]] "h" command: unknown field "platforms"`, `skipping [[hooks]] "h"`}, "1/0/0/0/0/0"},
		{"installation typo", head + "[[installations]]\nname = \"t\"\nscripts = \"x.sh\"\n",
			[]string{`p:5:1: [[installations]] "t": unknown field "scripts"`, `did you mean "script"?`}, "1/0/0/0/0/0"},
		{"server", head + "[[mcp_servers]]\nname = \"s\"\ncommand = \"x\"\ntransport = \"ws\"\n",
			[]string{`p:8:1: unknown field "transport" in [[mcp_servers]]`, `skipping [[mcp_servers]] "s"`}, "1/0/0/0/0/0"},
		{"chained plugin", head + "[[plugins]]\nsource.cargo = \"serde\"\n[[plugins]]\nsource.registry = \"x\"\n",
			[]string{`p:8:1: unknown field "registry" in source (known: cargo, git, path): skipping the [[plugins]] entry at line 7`}, "1/0/0/0/1/0"},
		{"custom predicate", head + "[[predicate]]\nname = \"p\"\ncommand = { script = \"x\", platforms = [\"linux\"] }\n[[predicate]]\nname = \"q\"\ncommand = \"true\"\ncache = true\n",
			[]string{`p:7:1: [[predicate]] "p" command: unknown field "platforms"`, `skipping [[predicate]] "p"`, `p:11:1: unknown field "cache" in [[predicate]]`}, "1/0/0/0/0/0"},
		{"defaults", head + "[defaults]\nskills = false\nhooks = false\n",
			[]string{`p:7:1: unknown field "hooks" in [defaults] (known: skills): skipping [defaults]`}, "1/0/0/0/0/0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseManifest("p", []byte(tt.src))
			if err != nil {
				t.Fatalf("err = %v, want the plugin loaded", err)
			}
			var got []string
			for _, s := range m.Skipped {
				got = append(got, s.Err.Error())
			}
			joined := strings.Join(got, "\n")
			for _, w := range tt.want {
				if !strings.Contains(joined, w) {
					t.Errorf("skipped:\n%s\nlacks %q", joined, w)
				}
			}
			if strings.Contains(joined, "toml:") || strings.Contains(joined, "go value") {
				t.Errorf("skipped %q shows a decode message", joined)
			}
			kept := fmt.Sprintf("%d/%d/%d/%d/%d/%d", len(m.Skills), len(m.Hooks), len(m.Installations), len(m.MCPServers), len(m.Plugins), len(m.Custom))
			if kept != tt.kept {
				t.Errorf("kept %s, want %s", kept, tt.kept)
			}
			if tt.name == "defaults" && m.DefaultSkills != nil {
				t.Errorf("[defaults] with an unknown field was applied")
			}
		})
	}
}

// TestNonPrintingNames: a plugin name that holds a control or formatting
// character (terminal escapes, a right-to-left override) is refused at its
// line, in a plugin source's, the workspace's and a crate's manifest alike.
func TestNonPrintingNames(t *testing.T) {
	parsers := map[string]func(src string) (*Manifest, error){
		"source":    func(src string) (*Manifest, error) { return ParseManifest("p", []byte(src)) },
		"workspace": func(src string) (*Manifest, error) { return ParseWorkspaceManifest("p", []byte(src)) },
		"crate":     func(src string) (*Manifest, error) { return ParseCrateManifest("p", []byte(src), "widget") },
	}
	for _, tc := range []struct{ name, src, want string }{
		{"escape", "name = \"w\\u001b[2J\\u001b]0;pwned\\u0007idget\"\n", `p:1:1: name "w\x1b[2J\x1b]0;pwned\aidget" holds U+001B at byte 1`},
		{"bell", "# c\nname = \"a\\u0007\"\n", `p:2:1: name "a\a" holds U+0007`},
		{"C1 CSI", "name = \"a\\u009b31m\"\n", `holds U+009B`},
		{"right-to-left override", "name = \"rtl\\u202Eexe.txt\"\n", `holds U+202E`},
		{"tab", "name = \"a\\tb\"\n", `holds U+0009`},
	} {
		for kind, parse := range parsers {
			t.Run(tc.name+"/"+kind, func(t *testing.T) {
				_, err := parse(tc.src)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("err = %v; want %s", err, tc.want)
				}
			})
		}
	}
	// Hook and MCP server names are printed and logged as well.
	for _, tc := range []struct{ src, want string }{
		{"name = \"x\"\ncrates = \"*\"\n[[hooks]]\nevent = \"PreToolUse\"\nname = \"h\\u001b]0;t\"\ncommand = \"c\"\n", `p:5:1: [[hooks]] name "h\x1b]0;t" holds U+001B`},
		{"name = \"x\"\ncrates = \"*\"\n[[mcp_servers]]\nname = \"s\\u202e\"\ncommand = \"c\"\n", `p:4:1: [[mcp_servers]] name "s\u202e" holds U+202E`},
	} {
		if _, err := ParseManifest("p", []byte(tc.src)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err = %v; want %s", err, tc.want)
		}
	}
	for _, ok := range []string{"widget", "team tools", "Ünïcode-名前"} {
		if _, err := ParseCrateManifest("p", []byte("name = \""+ok+"\"\n"), "widget"); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}

// TestBrokenCorpusUnknownField: the corpus's unknown-field plugin loads
// without its mistyped group, which is reported at its line.
func TestBrokenCorpusUnknownField(t *testing.T) {
	path := filepath.Join(corpus, "broken", "symposium-unknown-field", "serde-helpers", ManifestName)
	m, err := LoadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Skipped) != 1 || !strings.HasPrefix(m.Skipped[0].Err.Error(), path+`:5:1: unknown field "crate" in [[skills]] (known: crates, depends-on, predicates, source)`) ||
		!strings.HasSuffix(m.Skipped[0].Err.Error(), `did you mean "crates"?`) {
		t.Errorf("skipped = %+v", m.Skipped)
	}
}

// TestWindowsGitURLs: the forms a Windows user names a local repository by
// (a drive path, file:// with a drive, a UNC share, file:// with a host)
// are git's own local and file transports: allowed, a path kept as
// written, a file:// URL in the form git reads as that path on this
// system (fileURL; a host is refused on Unix), and cached under a
// directory name Windows can make (none of <>:"/\|?*) that is one path
// element.
func TestWindowsGitURLs(t *testing.T) {
	windows := runtime.GOOS == "windows"
	for _, tt := range []struct {
		in, cache string
		repo      string // "" = as written; "-" = refused on this system
	}{
		{in: `C:\plugins\repo`, cache: "C__plugins_repo"},
		{in: `c:/plugins/repo.git`, cache: "c__plugins_repo.git"},
		{in: "file:///C:/plugins/repo", cache: "C__plugins_repo", repo: map[bool]string{true: "file://C:/plugins/repo", false: ""}[windows]},
		{in: `\\server\share\plugins`, cache: "server_share_plugins"},
		{in: "file://server/share/plugins", cache: "server_share_plugins", repo: map[bool]string{true: "", false: "-"}[windows]},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if err := checkGitURL(tt.in); err != nil {
				t.Errorf("checkGitURL: %v", err)
			}
			ref, err := ParseGitURL(tt.in)
			want := tt.repo
			if want == "" {
				want = tt.in
			}
			if want == "-" {
				if err == nil {
					t.Errorf("ParseGitURL = %+v, want it refused on %s", ref, runtime.GOOS)
				}
				return
			}
			if err != nil || ref != (GitRef{Repo: want}) {
				t.Errorf("ParseGitURL = %+v, %v; want %q", ref, err, want)
			}
			name := cacheName(RedactURL(ref.Repo), "")
			if name != tt.cache || strings.ContainsAny(name, `<>:"/\|?*`) {
				t.Errorf("cacheName = %q, want %q", name, tt.cache)
			}
		})
	}
}
