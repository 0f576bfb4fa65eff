package agent

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeFiles creates files (slash paths under root) with the given text;
// $WS and $HOME in the text, and the slash path after them, are replaced
// by this system's path, escaped as a JSON or TOML string holds it;
// $SLASHWS by the workspace's path with "/" separators (Claude Code's key
// for it on Windows).
func writeFiles(t *testing.T, ws, home string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		root, rel, _ := strings.Cut(name, "/")
		dir := ws
		if root == "~" {
			dir = home
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		text = fillPaths(text, ws, home, func(string) bool { return true })
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// placeholder is $WS, $SLASHWS or $HOME and the slash path that may
// follow.
var placeholder = regexp.MustCompile(`\$(SLASHWS|WS|HOME)((?:/[^\s"',:;)\]}]*)*)`)

// fillPaths replaces each placeholder in text by ws or home and the
// path after it in this system's form (\ on Windows), escaped as in a
// JSON or TOML string where escape says so for the text before it.
func fillPaths(text, ws, home string, escape func(before string) bool) string {
	var b strings.Builder
	last := 0
	for _, m := range placeholder.FindAllStringSubmatchIndex(text, -1) {
		b.WriteString(text[last:m[0]])
		base := ws
		if text[m[2]:m[3]] == "HOME" {
			base = home
		}
		p := base + filepath.FromSlash(text[m[4]:m[5]])
		if text[m[2]:m[3]] == "SLASHWS" {
			p = filepath.ToSlash(ws) + text[m[4]:m[5]]
		}
		if escape(text[:m[0]]) {
			p = jsonEscaped(p)
		}
		b.WriteString(p)
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// jsonEscaped is s inside a JSON string: a Windows path's \ doubled.
func jsonEscaped(s string) string { return strings.ReplaceAll(s, `\`, `\\`) }

// quotedBefore: a path right after a double quote is a quoted one, which
// a gate's message shows escaped.
func quotedBefore(before string) bool { return strings.HasSuffix(before, `"`) }

// gateDirs makes a workspace and a home holding files (see writeFiles).
func gateDirs(t *testing.T, files map[string]string) (ws, home string) {
	t.Helper()
	root := t.TempDir()
	ws, home = filepath.Join(root, "ws"), filepath.Join(root, "home")
	for _, d := range []string{ws, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFiles(t, ws, home, files)
	return ws, home
}

// TestIsOurCommand: ours are the lines we register now (sym-hook AGENT
// EVENT) and the ones versions before registered (cargo-agents hook AGENT
// EVENT), so a sync replaces those in place; nothing else.
func TestIsOurCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		"cargo-agents hook claude pre-tool-use":                                                                                        true,
		"/home/u/.cargo/bin/cargo-agents hook gemini session-start":                                                                    true,
		"'/opt/my tools/cargo-agents' hook codex pre-tool-use":                                                                         true,
		"command -v cargo-agents >/dev/null 2>&1 && exec cargo-agents hook claude pre-tool-use || true":                                true,
		"command -v '/opt/my tools/cargo-agents' >/dev/null 2>&1 && exec '/opt/my tools/cargo-agents' hook codex pre-tool-use || true": true,
		"  cargo-agents   hook kiro post-tool-use":                                                                                     false, // not what we write: the user's
		"cargo-agents hook claude pre-tool-use --my-flag":                                                                              false,
		"cargo-agents hook claude pre-tool-use | tee log":                                                                              false,
		"command -v cargo-agents >/dev/null 2>&1 && exec cargo-agents hook claude pre-tool-use --my-flag || true":                      false,
		`C:\bin\cargo-agents.exe hook copilot pre-tool-use`:                                                                            false, // backslashes are not our paths on unix
		"if (Get-Command 'cargo-agents' -CommandType Application -ErrorAction SilentlyContinue) { & 'cargo-agents' hook copilot pre-tool-use; exit $LASTEXITCODE } else { exit 0 }":                     true,
		"if (Get-Command '/opt/my tools/cargo-agents' -CommandType Application -ErrorAction SilentlyContinue) { & '/opt/my tools/cargo-agents' hook copilot stop; exit $LASTEXITCODE } else { exit 0 }": true,
		"if (Get-Command 'cargo-agents' -CommandType Application -ErrorAction SilentlyContinue) { & 'cargo-agents' hook copilot pre-tool-use --x; exit $LASTEXITCODE } else { exit 0 }":                 false,
		"if (Get-Command 'cargo-agents' -CommandType Application -ErrorAction SilentlyContinue) { & 'cargo-agents' hook copilot pre-tool-use; exit 1 } else { exit 0 }":                                 false,
		"(where /q cargo-agents || exit 0) & cargo-agents hook codex pre-tool-use":                                                                                                                      true,
		`(if not exist "/opt/my tools/cargo-agents" exit 0) & "/opt/my tools/cargo-agents" hook codex stop`:                                                                                             true,
		"(where /q cargo-agents || exit 0) & cargo-agents hook codex pre-tool-use & echo hi":                                                                                                            false,
		"cargo-agents sync":                        false,
		"my-cargo-agents hook claude pre-tool-use": false,
		"./check.sh cargo-agents hook":             false,
		"":                                         false,
		// what we register now: sym-hook AGENT EVENT, in every form
		"sym-hook claude pre-tool-use":                                                                                                                     true,
		"/home/u/.cargo/bin/sym-hook gemini session-start":                                                                                                 true,
		"command -v sym-hook >/dev/null 2>&1 && exec sym-hook claude pre-tool-use || true":                                                                 true,
		"command -v sym-hook >/dev/null 2>&1 && sym-hook copilot pre-tool-use || true":                                                                     true,
		"command -v '/opt/my tools/sym-hook' >/dev/null 2>&1 && exec '/opt/my tools/sym-hook' codex pre-tool-use || true":                                  true,
		"if (Get-Command 'sym-hook' -CommandType Application -ErrorAction SilentlyContinue) { & 'sym-hook' copilot pre-tool-use; exit 0 } else { exit 0 }": true,
		"(where /q sym-hook || exit 0) & sym-hook codex pre-tool-use":                                                                                      true,
		`(if not exist "/opt/my tools/sym-hook" exit 0) & "/opt/my tools/sym-hook" codex stop`:                                                             true,
		"sym-hook claude pre-tool-use --my-flag":                                                                                                           false,
		"command -v sym-hook >/dev/null 2>&1 && exec sym-hook claude pre-tool-use | tee log || true":                                                       false,
		// each executable with the other's arguments is nobody's form
		"sym-hook hook claude pre-tool-use": false,
		"cargo-agents claude pre-tool-use":  false,
		"my-sym-hook claude pre-tool-use":   false,
		"command -v sym-hook >/dev/null 2>&1 && exec sym-hook hook claude pre-tool-use || true": false,
	} {
		for _, call := range []string{"first", "kept"} { // the second answer is the kept one
			if got := IsOurCommand(cmd); got != want {
				t.Errorf("IsOurCommand(%q) (%s call) = %v, want %v", cmd, call, got, want)
			}
		}
	}
	if got, want := HookCommand("/opt/my tools/sym-hook", "codex", PreToolUse), "command -v '/opt/my tools/sym-hook' >/dev/null 2>&1 && exec '/opt/my tools/sym-hook' codex pre-tool-use || true"; got != want {
		t.Errorf("HookCommand = %q, want %q", got, want)
	}
}

// ourHooksJSON is a hooks file holding our handler for one event.
func ourHooksJSON(event string) string {
	return fmt.Sprintf(`{"hooks": {%q: [{"matcher": "*", "hooks": [{"type": "command", "command": "cargo-agents hook x y", "timeout": 60}]}]}}`, event)
}

func TestGates(t *testing.T) {
	tests := []struct {
		name  string
		agent string
		files map[string]string
		want  []Gate
	}{
		{
			name:  "claude pending project servers",
			agent: "claude",
			files: map[string]string{
				"ws/.mcp.json":     `{"mcpServers": {"b": {"command": "b"}, "a": {"command": "a"}}}`,
				"~/.claude.json":   `{"projects": {"$SLASHWS": {"enabledMcpjsonServers": ["a"]}}}`,
				"~/.claude/x.json": `{}`,
			},
			want: []Gate{{
				Agent:   "claude",
				Problem: "Claude Code does not start the project MCP servers in $WS/.mcp.json until the folder is trusted and they are approved (pending: a, b)",
				Fix:     `run claude in $WS, trust the folder and approve them; or set "hasTrustDialogAccepted": true under "projects" > "$SLASHWS" in $HOME/.claude.json and add "b" to "enabledMcpjsonServers" in $WS/.claude/settings.local.json`,
			}},
		},
		{
			name:  "claude trusted folder, one server approved",
			agent: "claude",
			files: map[string]string{
				"ws/.mcp.json":                   `{"mcpServers": {"b": {"command": "b"}, "a": {"command": "a"}}}`,
				"~/.claude.json":                 `{"projects": {"$SLASHWS": {"hasTrustDialogAccepted": true}}}`,
				"ws/.claude/settings.local.json": `{"enabledMcpjsonServers": ["a"]}`,
			},
			want: []Gate{{
				Agent:   "claude",
				Problem: "Claude Code does not start the project MCP servers in $WS/.mcp.json until the folder is trusted and they are approved (pending: b)",
				Fix:     `run claude in $WS, trust the folder and approve them; or add "b" to "enabledMcpjsonServers" in $WS/.claude/settings.local.json`,
			}},
		},
		{
			name:  "claude trusted folder, servers approved in the project settings",
			agent: "claude",
			files: map[string]string{
				"ws/.mcp.json":             `{"mcpServers": {"a": {"command": "a"}}}`,
				"~/.claude.json":           `{"projects": {"$SLASHWS": {"hasTrustDialogAccepted": true}}}`,
				"ws/.claude/settings.json": `{"enabledMcpjsonServers": ["a"]}`,
			},
		},
		{
			name:  "claude all project servers enabled",
			agent: "claude",
			files: map[string]string{
				"ws/.mcp.json":            `{"mcpServers": {"b": {"command": "b"}}}`,
				"~/.claude/settings.json": "{\n  // mine\n  \"enableAllProjectMcpServers\": true\n}",
			},
		},
		{
			name:  "claude hooks disabled",
			agent: "claude",
			files: map[string]string{
				"ws/.claude/settings.json":       ourHooksJSON("PreToolUse"),
				"ws/.claude/settings.local.json": `{"disableAllHooks": true}`,
			},
			want: []Gate{{
				Agent:   "claude",
				Problem: "Claude Code runs no hooks: $WS/.claude/settings.local.json sets disableAllHooks",
				Fix:     `remove "disableAllHooks": true from $WS/.claude/settings.local.json`,
			}},
		},
		{
			name:  "gemini untrusted folder",
			agent: "gemini",
			files: map[string]string{
				"ws/.gemini/settings.json":      ourHooksJSON("BeforeTool")[:len(ourHooksJSON("BeforeTool"))-1] + `, "mcpServers": {"m": {"command": "m"}}}`,
				"~/.gemini/trustedFolders.json": `{"$WS/sub": "TRUST_FOLDER", "$WS": "DO_NOT_TRUST", "$HOME": "TRUST_FOLDER"}`,
			},
			want: []Gate{{
				Agent:   "gemini",
				Problem: "Gemini CLI ignores the hooks and MCP servers in $WS/.gemini/settings.json: $WS is not a trusted folder",
				Fix:     `add "$WS": "TRUST_FOLDER" to $HOME/.gemini/trustedFolders.json (or run gemini in $WS and choose "Trust folder")`,
			}},
		},
		{
			name:  "gemini trusted through a parent rule",
			agent: "gemini",
			files: map[string]string{
				"ws/.gemini/settings.json":      ourHooksJSON("BeforeTool"),
				"~/.gemini/trustedFolders.json": `{"$WS/child": "TRUST_PARENT"}`,
			},
		},
		{
			name:  "gemini folder trust off, hooks disabled by name",
			agent: "gemini",
			files: map[string]string{
				"ws/.gemini/settings.json": ourHooksJSON("BeforeTool"),
				"~/.gemini/settings.json":  `{"security": {"folderTrust": {"enabled": false}}, "hooksConfig": {"disabled": ["symposium"]}}`,
			},
			want: []Gate{{
				Agent:   "gemini",
				Problem: `Gemini CLI skips the "symposium" hooks: $HOME/.gemini/settings.json lists them in hooksConfig.disabled`,
				Fix:     `remove "symposium" from "hooksConfig.disabled" in $HOME/.gemini/settings.json`,
			}},
		},
		{
			name:  "copilot untrusted",
			agent: "copilot",
			files: map[string]string{
				"ws/.github/hooks/symposium.json": `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "cargo-agents hook copilot pre-tool-use"}]}}`,
				"ws/.github/mcp.json":             `{"mcpServers": {"m": {"command": "m"}}}`,
				"~/.copilot/config.json":          `{"trustedFolders": ["$WS-other"]}`,
			},
			want: []Gate{{
				Agent:   "copilot",
				Problem: "Copilot CLI ignores the hooks in $WS/.github/hooks/symposium.json and MCP servers in $WS/.github/mcp.json: $WS is not a trusted folder",
				Fix:     `add "$WS" to "trustedFolders" in $HOME/.copilot/config.json (or start copilot in $WS and trust the folder)`,
			}},
		},
		{
			name:  "copilot trusted parent",
			agent: "copilot",
			files: map[string]string{
				"ws/.github/mcp.json":    `{"mcpServers": {"m": {"command": "m"}}}`,
				"~/.copilot/config.json": `{"trustedFolders": ["$WS/.."]}`,
			},
		},
		{
			name:  "codex trusted project and hook",
			agent: "codex",
			files: map[string]string{
				"ws/.codex/hooks.json": `{"hooks": {"UserPromptSubmit": [{"matcher": "*", "hooks": [{"type": "command", "command": "cargo-agents hook codex user-prompt-submit", "timeout": 60}]}]}}`,
				"~/.codex/config.toml": `[projects."$WS"]
trust_level = "trusted"

[hooks.state."$WS/.codex/hooks.json:user_prompt_submit:0:0"]
trusted_hash = "` + codexHashFor("UserPromptSubmit", nil, "cargo-agents hook codex user-prompt-submit", 60) + `"
`,
			},
		},
		{
			name:  "codex untrusted project, untrusted hook, hooks off",
			agent: "codex",
			files: map[string]string{
				"ws/.codex/hooks.json":  ourHooksJSON("PreToolUse"),
				"ws/.codex/config.toml": "[mcp_servers.m]\ncommand = \"m\"\n",
				"~/.codex/config.toml":  "[features]\nhooks = false\n",
			},
			want: []Gate{
				{
					Agent:   "codex",
					Problem: "Codex ignores the hooks in $WS/.codex/hooks.json and MCP servers in $WS/.codex/config.toml: the project $WS is not trusted",
					Fix:     "add to $HOME/.codex/config.toml:\n[projects.\"$WS\"]\ntrust_level = \"trusted\"",
				},
				{
					Agent:   "codex",
					Problem: "Codex runs no hooks: $HOME/.codex/config.toml sets [features] hooks = false",
					Fix:     "set [features] hooks = true in $HOME/.codex/config.toml (and drop hooks = false)",
				},
				{
					Agent:   "codex",
					Problem: "Codex skips 1 symposium hook(s) until you trust them",
					Fix: "review them with /hooks in codex, or add to $HOME/.codex/config.toml:\n" +
						"[hooks.state.\"$WS/.codex/hooks.json:pre_tool_use:0:0\"]\ntrusted_hash = \"" + codexHashFor("PreToolUse", "*", "cargo-agents hook x y", 60) + "\"",
				},
			},
		},
		{
			name:  "kiro agent not default",
			agent: "kiro",
			files: map[string]string{
				"~/.kiro/agents/symposium.json": `{"name": "symposium"}`,
				"~/.kiro/settings/cli.json":     `{"chat.defaultAgent": "other"}`,
			},
			want: []Gate{{
				Agent:   "kiro",
				Problem: `Kiro runs symposium's hooks only in sessions of the "symposium" agent, which is not the default agent`,
				Fix:     "run `kiro-cli settings chat.defaultAgent symposium` (or start sessions with `kiro-cli chat --agent symposium`)",
			}},
		},
		{
			name:  "kiro default agent",
			agent: "kiro",
			files: map[string]string{
				"ws/.kiro/agents/symposium.json": `{"name": "symposium"}`,
				"~/.kiro/settings/cli.json":      `{"chat.defaultAgent": "symposium"}`,
			},
		},
		{name: "nothing registered", agent: "gemini"},
		{name: "goose has no gates", agent: "goose", files: map[string]string{"~/.config/goose/config.yaml": "extensions: {}\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws, home := gateDirs(t, tc.files)
			a, _ := Lookup(tc.agent)
			var got []Gate
			for _, g := range a.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: "project"}) {
				if (g.Open == nil) != (g.Action == "") {
					t.Errorf("gate %q: Open and Action must be set together", g.Problem)
				}
				got = append(got, Gate{Agent: g.Agent, Problem: g.Problem, Fix: g.Fix})
			}
			var want []Gate
			for _, g := range tc.want {
				want = append(want, Gate{Agent: g.Agent, Problem: fillPaths(g.Problem, ws, home, quotedBefore), Fix: fillPaths(g.Fix, ws, home, quotedBefore)})
			}
			// The codex hash in the Fix depends on the workspace path only
			// through the key, so it is computed before the replacement.
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Gates (-want +got):\n%s", diff)
			}
		})
	}
}

// codexHashFor is CodexHookTrust's hash for a handler with these values.
func codexHashFor(event string, matcher any, command string, timeout int) string {
	_, h := CodexHookTrust("f", event, 0, 0, matcher, map[string]any{"type": "command", "command": command, "timeout": float64(timeout)})
	return h
}

// TestCodexHookTrustRecipe pins the canonical JSON the hash is taken over
// (agent-payloads/codex/output-contract.md): sorted keys, compact, matcher
// dropped for UserPromptSubmit.
func TestCodexHookTrustRecipe(t *testing.T) {
	key, got := CodexHookTrust("/p/.codex/hooks.json", "UserPromptSubmit", 1, 2, "*", map[string]any{"type": "command", "command": "a & b", "timeout": float64(60)})
	if key != "/p/.codex/hooks.json:user_prompt_submit:1:2" {
		t.Errorf("key = %q", key)
	}
	want := sha256Hex(`{"event_name":"user_prompt_submit","hooks":[{"async":false,"command":"a & b","timeout":60,"type":"command"}]}`)
	if got != want {
		t.Errorf("hash = %s, want %s", got, want)
	}
	_, got = CodexHookTrust("/p", "PreToolUse", 0, 0, "*", map[string]any{"type": "command", "command": "c"})
	if want := sha256Hex(`{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"c","timeout":600,"type":"command"}],"matcher":"*"}`); got != want {
		t.Errorf("hash with default timeout = %s, want %s", got, want)
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// TestOpenGates opens every gate that offers to, in users' files holding
// comments and settings of their own, and checks that the agent's gate is
// then open, that nothing of the user's was lost, and that a second
// opening changes nothing.
func TestOpenGates(t *testing.T) {
	tests := []struct {
		name  string
		agent string
		files map[string]string
		keep  map[string][]string // file → substrings that must survive
	}{
		{
			name:  "claude: trust the folder and approve the servers",
			agent: "claude",
			files: map[string]string{
				"ws/.mcp.json":                   `{"mcpServers": {"b": {"command": "b"}, "a": {"command": "a"}}}`,
				"~/.claude.json":                 "{\n  \"numStartups\": 3,\n  \"projects\": {\"/elsewhere\": {\"hasTrustDialogAccepted\": true}}\n}\n",
				"ws/.claude/settings.local.json": "{\n  // mine\n  \"enabledMcpjsonServers\": [\"a\"],\n  \"permissions\": {}\n}\n",
			},
			keep: map[string][]string{
				"~/.claude.json":                 {`"numStartups": 3`, `"/elsewhere"`, `"$SLASHWS"`}, // Claude Code's key
				"ws/.claude/settings.local.json": {"// mine", `"permissions": {}`},
			},
		},
		{
			name:  "claude: no files of the user's yet",
			agent: "claude",
			files: map[string]string{"ws/.mcp.json": `{"mcpServers": {"a": {"command": "a"}}}`},
		},
		{
			name:  "gemini: trust the folder",
			agent: "gemini",
			files: map[string]string{
				"ws/.gemini/settings.json":      ourHooksJSON("BeforeTool"),
				"~/.gemini/trustedFolders.json": "{\n  // mine\n  \"/other\": \"DO_NOT_TRUST\"\n}\n",
			},
			keep: map[string][]string{"~/.gemini/trustedFolders.json": {"// mine", `"/other": "DO_NOT_TRUST"`}},
		},
		{
			name:  "copilot: trust the folder",
			agent: "copilot",
			files: map[string]string{
				"ws/.github/hooks/symposium.json": `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "cargo-agents hook copilot pre-tool-use"}]}}`,
				"~/.copilot/config.json":          "{\n  \"model\": \"x\",\n  \"trustedFolders\": [\"/other\"]\n}\n",
			},
			keep: map[string][]string{"~/.copilot/config.json": {`"model": "x"`, `"/other"`}},
		},
		{
			name:  "codex: trust the project and the hooks",
			agent: "codex",
			files: map[string]string{
				"ws/.codex/hooks.json": `{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "cargo-agents hook codex pre-tool-use", "timeout": 60}]}], "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "cargo-agents hook codex user-prompt-submit", "timeout": 60}]}]}}`,
				"~/.codex/config.toml": "# mine\nmodel = \"o4\"\n\n[projects.\"/other\"]\ntrust_level = \"untrusted\"\n",
			},
			keep: map[string][]string{"~/.codex/config.toml": {"# mine", `model = "o4"`, "[projects.\"/other\"]"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws, home := gateDirs(t, tc.files)
			a, _ := Lookup(tc.agent)
			target := Target{Workspace: ws, Home: home, Scope: "project"}
			before := snapshot(t, filepath.Dir(ws))
			opened := 0
			var added []TrustEntry
			for _, g := range a.Gates(realFiles(), target) {
				if g.Open == nil {
					continue
				}
				changes, err := g.Open(realFiles())
				if err != nil {
					t.Fatalf("opening %q: %v", g.Problem, err)
				}
				for _, c := range changes {
					if c.Trust == nil {
						t.Errorf("opening %q: %s changed with no trust entry recorded", g.Problem, c.Path)
					} else {
						added = append(added, *c.Trust)
					}
					if c.Status != StatusCreated && c.Status != StatusUpdated {
						t.Errorf("opening %q: %s %s", g.Problem, c.Path, c.Status)
					}
				}
				opened++
			}
			if opened == 0 {
				t.Fatal("no gate offered to open")
			}
			for _, g := range a.Gates(realFiles(), target) {
				if g.Open != nil {
					t.Errorf("still closed after opening: %s", g.Problem)
				}
			}
			for name, subs := range tc.keep {
				root, rel, _ := strings.Cut(name, "/")
				dir := ws
				if root == "~" {
					dir = home
				}
				data, err := os.ReadFile(filepath.Join(dir, rel))
				if err != nil {
					t.Fatal(err)
				}
				for _, sub := range subs {
					sub = fillPaths(sub, ws, home, func(string) bool { return true })
					if !strings.Contains(string(data), sub) {
						t.Errorf("%s lost %q:\n%s", name, sub, data)
					}
				}
			}
			// uninstall --trust: undoing what was added, newest first,
			// gives back every file byte for byte (and removes the ones
			// we made).
			for i := len(added) - 1; i >= 0; i-- {
				if _, gone, err := UndoTrust(realFiles(), added[i]); err != nil || !gone {
					t.Errorf("UndoTrust(%+v) = %v, %v", added[i], gone, err)
				}
			}
			if diff := cmp.Diff(before, snapshot(t, filepath.Dir(ws))); diff != "" {
				t.Errorf("files after undoing the trust entries (-before +after):\n%s", diff)
			}
		})
	}
}

// Antigravity has no trust gate for hooks; what stops them is a project
// hooks file in a folder the session does not attach, and an API-key
// sign-in.
func TestAntigravityGates(t *testing.T) {
	ws, home := gateDirs(t, nil)
	gates := antigravity.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: ScopeGlobal})
	if len(gates) != 0 {
		t.Errorf("global scope, no API key: gates %+v, want none", gates)
	}
	gates = antigravity.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: ScopeProject})
	if len(gates) != 1 || !strings.Contains(gates[0].Problem, "only in a session that attaches the folder") || !strings.Contains(gates[0].Fix, "agy --add-dir "+shellQuote(ws)) {
		t.Errorf("project scope: gates %+v, want the attach gate", gates)
	}
	withKey := func(name string) string { return map[string]string{"GEMINI_API_KEY": "k"}[name] }
	gates = antigravity.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: ScopeGlobal, Getenv: withKey})
	if len(gates) != 1 || !strings.Contains(gates[0].Problem, "API key") || gates[0].Open != nil {
		t.Errorf("API key: gates %+v, want one to report only", gates)
	}
}

// snapshot maps every regular file below root to its contents.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[p] = string(data)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
