package agent

import (
	"fmt"
	"os"
	"path/filepath"
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
	{"unix CODEX_HOME", Host{GOOS: "linux", CodexHome: "/codexhome"}},
	{"windows", Host{GOOS: "windows", AppData: "/appdata"}},
	{"windows CODEX_HOME", Host{GOOS: "windows", AppData: "/appdata", CodexHome: "/codexhome"}},
	{"windows no APPDATA", Host{GOOS: "windows"}},
}

// TestHostFiles checks the files whose place the host decides.
func TestHostFiles(t *testing.T) {
	codexA, _ := Lookup("codex")
	gooseA, _ := Lookup("goose")
	claudeA, _ := Lookup("claude")
	const home = "/home/me"
	tests := []struct {
		name string
		host Host
		got  func(tg Target) string
		want string
	}{
		{"codex hooks", Host{}, func(tg Target) string { return codexA.HookFile(tg, ScopeGlobal) }, "/home/me/.codex/hooks.json"},
		{"codex hooks CODEX_HOME", Host{CodexHome: "/ch"}, func(tg Target) string { return codexA.HookFile(tg, ScopeGlobal) }, "/ch/hooks.json"},
		{"codex project hooks ignore CODEX_HOME", Host{CodexHome: "/ch"}, func(tg Target) string { return codexA.HookFile(tg, ScopeProject) }, "/ws/.codex/hooks.json"},
		{"codex config CODEX_HOME", Host{CodexHome: "/ch"}, func(tg Target) string { return tg.homeFile(".codex/config.toml") }, "/ch/config.toml"},
		{"not a prefix of another directory", Host{CodexHome: "/ch"}, func(tg Target) string { return tg.homeFile(".codexfoo/x") }, "/home/me/.codexfoo/x"},
		{"goose unix", Host{GOOS: "linux", AppData: "/appdata"}, func(tg Target) string { return gooseA.MCPFile(tg) }, "/home/me/.config/goose/config.yaml"},
		{"goose windows", Host{GOOS: "windows", AppData: "/appdata"}, func(tg Target) string { return gooseA.MCPFile(tg) }, "/appdata/Block/goose/config/config.yaml"},
		{"goose windows without APPDATA", Host{GOOS: "windows"}, func(tg Target) string { return gooseA.MCPFile(tg) }, "/home/me/.config/goose/config.yaml"},
		{"claude windows", Host{GOOS: "windows", AppData: "/appdata"}, func(tg Target) string { return claudeA.HookFile(tg, ScopeGlobal) }, "/home/me/.claude/settings.json"},
		{"no home", Host{}, func(tg Target) string { return Target{}.homeFile(".claude/settings.json") }, ""},
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
