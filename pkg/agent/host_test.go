package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The hosts the path tests look at: this system as on Linux and macOS,
// Windows (as data: GOOS), and each variable that moves an agent's files.
var testHosts = []struct {
	name string
	host Host
}{
	{"unix", Host{GOOS: "linux"}},
	{"unix agent variables", Host{GOOS: "linux", Env: allAgentVars}},
	{"windows", Host{GOOS: "windows", Env: map[string]string{"APPDATA": "/appdata"}}},
	{"windows agent variables", Host{GOOS: "windows", Env: withVar(allAgentVars, "APPDATA", "/appdata")}},
	{"windows no APPDATA", Host{GOOS: "windows"}},
}

// allAgentVars sets every variable an agent follows (but %APPDATA%).
var allAgentVars = map[string]string{
	"CODEX_HOME":          "/codexhome",
	"CLAUDE_CONFIG_DIR":   "/claudeconfig",
	"COPILOT_HOME":        "/copilothome",
	"GEMINI_CLI_HOME":     "/geminihome",
	"QWEN_HOME":           "/qwenhome",
	"PI_CODING_AGENT_DIR": "/piagent",
	"CLINE_DIR":           "/clinedir",
	"XDG_CONFIG_HOME":     "/xdgconfig",
}

func withVar(env map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for k, v := range env {
		out[k] = v
	}
	return out
}

// TestHostVarsDeclared: every variable the tests set is one an agent
// declares, so pkg/cli reads it.
func TestHostVarsDeclared(t *testing.T) {
	for k := range withVar(allAgentVars, "APPDATA", "") {
		if !slices.Contains(HostVars(), k) {
			t.Errorf("%s is not in HostVars() %v", k, HostVars())
		}
	}
	for _, k := range []string{"CLINE_DATA_DIR", "CLINE_MCP_SETTINGS_PATH"} {
		if !slices.Contains(HostVars(), k) {
			t.Errorf("%s is not in HostVars() %v", k, HostVars())
		}
	}
}

// TestHostFiles checks the files whose place the host decides.
func TestHostFiles(t *testing.T) {
	hooks := func(name string) func(tg Target) string {
		a, _ := Lookup(name)
		return func(tg Target) string { return a.HookFile(tg, ScopeGlobal) }
	}
	mcp := func(name string) func(tg Target) string { // the user-wide MCP file
		a, _ := Lookup(name)
		return func(tg Target) string { return tg.homeFile(a.reg().mcp.global) }
	}
	file := func(rel string) func(tg Target) string {
		return func(tg Target) string { return tg.homeFile(rel) }
	}
	env := func(kv ...string) Host {
		h := Host{Env: map[string]string{}}
		for i := 0; i < len(kv); i += 2 {
			h.Env[kv[i]] = kv[i+1]
		}
		return h
	}
	win := func(h Host) Host { h.GOOS = "windows"; return h }
	const home = "/home/me"
	tests := []struct {
		name string
		host Host
		got  func(tg Target) string
		want string
	}{
		{"codex hooks", Host{}, hooks("codex"), "/home/me/.codex/hooks.json"},
		{"codex hooks CODEX_HOME", env("CODEX_HOME", "/ch"), hooks("codex"), "/ch/hooks.json"},
		{"codex project hooks ignore CODEX_HOME", env("CODEX_HOME", "/ch"), func(tg Target) string { c, _ := Lookup("codex"); return c.HookFile(tg, ScopeProject) }, "/ws/.codex/hooks.json"},
		{"codex config CODEX_HOME", env("CODEX_HOME", "/ch"), file(".codex/config.toml"), "/ch/config.toml"},
		{"codex relative CODEX_HOME not followed", env("CODEX_HOME", "rel/ch"), hooks("codex"), "/home/me/.codex/hooks.json"},
		{"not a prefix of another directory", env("CODEX_HOME", "/ch"), file(".codexfoo/x"), "/home/me/.codexfoo/x"},
		{"goose unix", Host{GOOS: "linux", Env: map[string]string{"APPDATA": "/appdata"}}, mcp("goose"), "/home/me/.config/goose/config.yaml"},
		{"goose windows", win(env("APPDATA", "/appdata")), mcp("goose"), "/appdata/Block/goose/config/config.yaml"},
		{"goose windows without APPDATA", Host{GOOS: "windows"}, mcp("goose"), "/home/me/.config/goose/config.yaml"},
		{"claude windows", win(env("APPDATA", "/appdata")), hooks("claude"), "/home/me/.claude/settings.json"},
		{"claude settings CLAUDE_CONFIG_DIR", env("CLAUDE_CONFIG_DIR", "/cc"), hooks("claude"), "/cc/settings.json"},
		{"claude MCP CLAUDE_CONFIG_DIR", env("CLAUDE_CONFIG_DIR", "/cc"), mcp("claude"), "/cc/.claude.json"},
		{"claude MCP windows CLAUDE_CONFIG_DIR", win(env("CLAUDE_CONFIG_DIR", "/cc")), mcp("claude"), "/cc/.claude.json"},
		{"claude MCP unset", Host{}, mcp("claude"), "/home/me/.claude.json"},
		{"copilot COPILOT_HOME", env("COPILOT_HOME", "/co"), hooks("copilot"), "/co/hooks/symposium.json"},
		{"copilot MCP COPILOT_HOME", env("COPILOT_HOME", "/co"), mcp("copilot"), "/co/mcp-config.json"},
		{"copilot gate config COPILOT_HOME", env("COPILOT_HOME", "/co"), file(".copilot/config.json"), "/co/config.json"},
		{"gemini GEMINI_CLI_HOME", env("GEMINI_CLI_HOME", "/g"), hooks("gemini"), "/g/.gemini/settings.json"},
		{"gemini trust GEMINI_CLI_HOME", env("GEMINI_CLI_HOME", "/g"), file(".gemini/trustedFolders.json"), "/g/.gemini/trustedFolders.json"},
		{"antigravity keeps the home with GEMINI_CLI_HOME", env("GEMINI_CLI_HOME", "/g"), hooks("antigravity"), "/home/me/.gemini/config/hooks.json"},
		{"antigravity MCP keeps the home", env("GEMINI_CLI_HOME", "/g"), mcp("antigravity"), "/home/me/.gemini/config/mcp_config.json"},
		{"qwen QWEN_HOME", env("QWEN_HOME", "/q"), hooks("qwen"), "/q/settings.json"},
		{"qwen QWEN_HOME tilde", env("QWEN_HOME", "~/qh"), hooks("qwen"), "/home/me/qh/settings.json"},
		{"qwen QWEN_HOME tilde alone", env("QWEN_HOME", "~"), hooks("qwen"), "/home/me/settings.json"},
		{"codex CODEX_HOME tilde not expanded", env("CODEX_HOME", "~/ch"), hooks("codex"), "/home/me/.codex/hooks.json"},
		{"pi PI_CODING_AGENT_DIR", env("PI_CODING_AGENT_DIR", "/pa"), hooks("pi"), "/pa/extensions/symposium.js"},
		{"pi MCP PI_CODING_AGENT_DIR", env("PI_CODING_AGENT_DIR", "/pa"), mcp("pi"), "/pa/mcp.json"},
		{"pi trust PI_CODING_AGENT_DIR tilde", env("PI_CODING_AGENT_DIR", "~/pa"), file(".pi/agent/trust.json"), "/home/me/pa/trust.json"},
		{"pi keeps ~/.pi's other files", env("PI_CODING_AGENT_DIR", "/pa"), file(".pi/other"), "/home/me/.pi/other"},
		{"cline CLINE_DIR hooks", env("CLINE_DIR", "/cl"), hooks("cline"), "/cl/hooks"},
		{"cline CLINE_DIR MCP", env("CLINE_DIR", "/cl"), mcp("cline"), "/cl/data/settings/cline_mcp_settings.json"},
		{"cline CLINE_DATA_DIR MCP", env("CLINE_DIR", "/cl", "CLINE_DATA_DIR", "/cd"), mcp("cline"), "/cd/settings/cline_mcp_settings.json"},
		{"cline CLINE_DATA_DIR alone", env("CLINE_DATA_DIR", "/cd"), mcp("cline"), "/cd/settings/cline_mcp_settings.json"},
		{"cline CLINE_DATA_DIR keeps hooks", env("CLINE_DATA_DIR", "/cd"), hooks("cline"), "/home/me/.cline/hooks"},
		{"cline CLINE_MCP_SETTINGS_PATH", env("CLINE_DIR", "/cl", "CLINE_DATA_DIR", "/cd", "CLINE_MCP_SETTINGS_PATH", "/m.json"), mcp("cline"), "/m.json"},
		{"cline trims", env("CLINE_DIR", " /cl "), hooks("cline"), "/cl/hooks"},
		{"opencode XDG_CONFIG_HOME", env("XDG_CONFIG_HOME", "/x"), hooks("opencode"), "/x/opencode/plugins/symposium.js"},
		{"opencode MCP XDG_CONFIG_HOME", win(env("XDG_CONFIG_HOME", "/x")), mcp("opencode"), "/x/opencode/opencode.json"},
		{"kilo XDG_CONFIG_HOME", env("XDG_CONFIG_HOME", "/x"), mcp("kilo"), "/x/kilo/kilo.json"},
		{"goose unix ignores XDG_CONFIG_HOME (not verified)", env("XDG_CONFIG_HOME", "/x"), mcp("goose"), "/home/me/.config/goose/config.yaml"},
		{"no home", Host{}, func(tg Target) string { return Target{}.homeFile(".claude/settings.json") }, ""},
		{"no home, moved", Host{}, func(tg Target) string {
			return Target{Host: env("CLAUDE_CONFIG_DIR", "/cc")}.homeFile(".claude/settings.json")
		}, "/cc/settings.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg := Target{Workspace: "/ws", Home: home, Host: tc.host}
			if got := tc.got(tg); got != filepath.FromSlash(tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestHostFilesGolden writes every agent's global hook and MCP files on
// each test host to testdata/hostfiles.txt (-update), the table
// docs/windows.md is checked against.
func TestHostFilesGolden(t *testing.T) {
	var b strings.Builder
	for _, h := range testHosts {
		fmt.Fprintf(&b, "# %s\n", h.name)
		tg := Target{Workspace: "/ws", Home: "/home/me", Host: h.host}
		for _, a := range All() {
			if f := a.HookFile(tg, ScopeGlobal); f != "" {
				fmt.Fprintf(&b, "%s hooks %s\n", a.Name, filepath.ToSlash(f))
			}
			if r := a.reg(); r != nil && r.mcp != nil {
				fmt.Fprintf(&b, "%s mcp %s\n", a.Name, filepath.ToSlash(tg.homeFile(r.mcp.global)))
			}
		}
	}
	golden := filepath.Join("testdata", "hostfiles.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./pkg/agent -run TestHostFilesGolden -update writes it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("global files differ from %s (rerun with -update and review the diff):\n%s", golden, b.String())
	}
}

// TestFoundWhereMoved: init's detection looks for an agent's marks where
// the host's variables put its directory, not only under the home.
func TestFoundWhereMoved(t *testing.T) {
	tests := []struct {
		agent string
		mark  string // created under the temporary directory
		env   map[string]string
		want  bool
	}{
		{"codex", "ch/config.toml", map[string]string{"CODEX_HOME": "ch"}, true},
		{"codex", "home/.codex", map[string]string{"CODEX_HOME": "ch"}, false},
		{"codex", "home/.codex", nil, true},
		{"claude", "cc/settings.json", map[string]string{"CLAUDE_CONFIG_DIR": "cc"}, true},
		{"claude", "cc/.claude.json", map[string]string{"CLAUDE_CONFIG_DIR": "cc"}, true},
		{"copilot", "co/config.json", map[string]string{"COPILOT_HOME": "co"}, true},
		{"gemini", "g/.gemini/settings.json", map[string]string{"GEMINI_CLI_HOME": "g"}, true},
		{"qwen", "q/settings.json", map[string]string{"QWEN_HOME": "q"}, true},
		{"pi", "pa/settings.json", map[string]string{"PI_CODING_AGENT_DIR": "pa"}, true},
		{"cline", "cl/data", map[string]string{"CLINE_DIR": "cl"}, true},
		{"opencode", "x/opencode", map[string]string{"XDG_CONFIG_HOME": "x"}, true},
		{"kilo", "x/kilo", map[string]string{"XDG_CONFIG_HOME": "x"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.agent+" "+tc.mark, func(t *testing.T) {
			dir := t.TempDir()
			mark := filepath.Join(dir, filepath.FromSlash(tc.mark))
			if err := os.MkdirAll(filepath.Dir(mark), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(mark, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			h := Host{Env: map[string]string{}}
			for k, v := range tc.env {
				h.Env[k] = filepath.Join(dir, v)
			}
			a, _ := Lookup(tc.agent)
			a = &Agent{Name: a.Name, HomeMarks: a.HomeMarks} // no Binary: PATH must not decide
			if got := a.Found(Target{Home: filepath.Join(dir, "home"), Host: h}); got != tc.want {
				t.Errorf("Found = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestGatesReadMovedFiles: the trust gates read an agent's user-wide files
// where its variable moved them: the same files open the gate there, and
// under the home they no longer count.
func TestGatesReadMovedFiles(t *testing.T) {
	tests := []struct {
		agent, name, dir string // dir: the variable's value, under the test's root
		files            map[string]string
	}{
		{"claude", "CLAUDE_CONFIG_DIR", "cc", map[string]string{
			"ws/.mcp.json":                   `{"mcpServers": {"a": {"command": "a"}}}`,
			"ws/.claude/settings.local.json": `{"enabledMcpjsonServers": ["a"]}`,
			"~/../cc/.claude.json":           `{"projects": {"$SLASHWS": {"hasTrustDialogAccepted": true}}}`,
		}},
		{"gemini", "GEMINI_CLI_HOME", "gh", map[string]string{
			"ws/.gemini/settings.json":            ourHooksJSON("BeforeTool"),
			"~/../gh/.gemini/trustedFolders.json": `{"$WS": "TRUST_FOLDER"}`,
		}},
		{"copilot", "COPILOT_HOME", "co", map[string]string{
			"ws/.github/hooks/symposium.json": `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "cargo-agents hook copilot pre-tool-use"}]}}`,
			"~/../co/config.json":             `{"trustedFolders": ["$WS"]}`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.agent, func(t *testing.T) {
			ws, home := gateDirs(t, tc.files)
			a, _ := Lookup(tc.agent)
			moved := Host{Env: map[string]string{tc.name: filepath.Join(filepath.Dir(home), tc.dir)}}
			if g := a.Gates(realFiles(), Target{Workspace: ws, Home: home, Host: moved, Scope: "project"}); len(g) != 0 {
				t.Errorf("with %s: gates %v, want none", tc.name, g)
			}
			if g := a.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: "project"}); len(g) == 0 {
				t.Errorf("without %s: no gate, want one (the files are not under the home)", tc.name)
			}
		})
	}
}
