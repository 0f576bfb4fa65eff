package agent

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCopilotPowerShellEntries: Copilot CLI runs an entry's "powershell"
// command instead of its "bash" one on Windows, and an entry without it
// runs bash.exe there (denied tool calls when there is none), so every
// entry we register carries both, each behind its guard.
func TestCopilotPowerShellEntries(t *testing.T) {
	for _, tc := range []struct {
		name, scope, command, file string
		want                       string // the pre-tool-use entry's powershell command
	}{
		{"global by path", ScopeGlobal, "/opt/my tools/sym-hook", "home/.copilot/hooks/symposium.json",
			"if (Get-Command '/opt/my tools/sym-hook' -CommandType Application -ErrorAction SilentlyContinue) { & '/opt/my tools/sym-hook' copilot pre-tool-use; exit 0 } else { exit 0 }"},
		{"project by name", ScopeProject, "/opt/bin/sym-hook", "ws/.github/hooks/symposium.json",
			"if (Get-Command 'sym-hook' -CommandType Application -ErrorAction SilentlyContinue) { & 'sym-hook' copilot pre-tool-use; exit 0 } else { exit 0 }"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, tg, data := registerAndRead(t, "copilot", tc.scope, tc.command, tc.file)
			var doc struct {
				Hooks map[string][]map[string]any `json:"hooks"`
			}
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Hooks) == 0 {
				t.Fatal("no hook registered")
			}
			for ev, list := range doc.Hooks {
				for _, e := range list {
					ps, _ := e["powershell"].(string)
					bash, _ := e["bash"].(string)
					if !IsOurCommand(ps) || !IsOurCommand(bash) {
						t.Errorf("%s: entry %v: want our command under both bash and powershell", ev, e)
					}
				}
			}
			if got := doc.Hooks["preToolUse"][0]["powershell"]; got != tc.want {
				t.Errorf("preToolUse powershell = %q, want %q", got, tc.want)
			}
			// Registering again finds every entry ours and up to date.
			changes, err := a.RegisterHooks(realFiles(), tg)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range changes {
				if c.Status != StatusUnchanged {
					t.Errorf("second registration: %s %s", c.Path, c.Status)
				}
			}
		})
	}
}

// registerAndRead registers the named agent's hooks in scope, naming our
// executable command, in a fresh workspace and home under a temporary
// root, and returns the agent, the target and the file (root-relative)
// read back.
func registerAndRead(t *testing.T, name, scope, command, file string) (*Agent, Target, []byte) {
	t.Helper()
	root := t.TempDir()
	a, _ := Lookup(name)
	tg := Target{Workspace: filepath.Join(root, "ws"), Home: filepath.Join(root, "home"), Scope: scope, Command: command}
	if _, err := a.RegisterHooks(realFiles(), tg); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	return a, tg, data
}

// TestCodexWindowsEntries: Codex runs an entry's "commandWindows" instead
// of its "command" on Windows, through cmd.exe, where the sh guard fails
// with exit 1 on every event; so each entry we register carries a cmd.exe
// form of the guard there, and the trust hash Codex expects is taken over
// the command it runs on the system (codex-rs discovery.rs).
func TestCodexWindowsEntries(t *testing.T) {
	for _, tc := range []struct {
		name, scope, command, file string
		want                       string // the PreToolUse entry's commandWindows
	}{
		{"global by path", ScopeGlobal, "/opt/my tools/sym-hook", "home/.codex/hooks.json",
			`(if not exist "/opt/my tools/sym-hook" exit 0) & "/opt/my tools/sym-hook" codex pre-tool-use`},
		{"global by path without spaces: unquoted", ScopeGlobal, "/opt/bin/sym-hook", "home/.codex/hooks.json",
			`(if not exist /opt/bin/sym-hook exit 0) & /opt/bin/sym-hook codex pre-tool-use`},
		{"project by name", ScopeProject, "/opt/bin/sym-hook", "ws/.codex/hooks.json",
			`(where /q sym-hook || exit 0) & sym-hook codex pre-tool-use`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, data := registerAndRead(t, "codex", tc.scope, tc.command, tc.file)
			var doc map[string]any
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			hs := ourHandlers(doc)
			if len(hs) == 0 {
				t.Fatal("no hook registered")
			}
			for _, h := range hs {
				win, _ := h.entry["commandWindows"].(string)
				if !IsOurCommand(win) {
					t.Errorf("%s: commandWindows %q is not ours", h.event, win)
				}
				for goos, ran := range map[string]any{"linux": h.entry["command"], "windows": win} {
					eff := codexEntryOn(goos, h.entry)
					_, got := CodexHookTrust("f", h.event, 0, 0, h.matcher, eff)
					_, want := CodexHookTrust("f", h.event, 0, 0, h.matcher, map[string]any{"type": "command", "command": ran, "timeout": h.entry["timeout"]})
					if got != want {
						t.Errorf("%s on %s: trust hash not over the command it runs there", h.event, goos)
					}
				}
				if h.event == "PreToolUse" && win != tc.want {
					t.Errorf("PreToolUse commandWindows = %q, want %q", win, tc.want)
				}
			}
		})
	}
}

// TestWindowsGlobalCommands: on Windows a global registration gets the
// guard for the shell the agent runs hook commands with there; a project
// one, committed and run on every system, keeps the sh guard.
func TestWindowsGlobalCommands(t *testing.T) {
	const command = "/opt/bin/sym-hook"
	for _, tc := range []struct {
		agent, goos, scope string
		want               func(command, agent, event string) string
	}{
		{"gemini", "windows", ScopeGlobal, PowerShellHookCommand},
		{"gemini", "windows", ScopeProject, HookCommand},
		{"gemini", "linux", ScopeGlobal, HookCommand},
		{"qwen", "windows", ScopeGlobal, CmdHookCommand},
		{"qwen", "windows", ScopeProject, HookCommand},
		{"qwen", "darwin", ScopeGlobal, HookCommand},
		{"claude", "windows", ScopeGlobal, HookCommand}, // Git Bash runs the sh guard
	} {
		t.Run(tc.agent+"/"+tc.goos+"/"+tc.scope, func(t *testing.T) {
			root := t.TempDir()
			a, _ := Lookup(tc.agent)
			tg := Target{Workspace: filepath.Join(root, "ws"), Home: filepath.Join(root, "home"), Scope: tc.scope, Command: command, Host: Host{GOOS: tc.goos}}
			if _, err := a.RegisterHooks(realFiles(), tg); err != nil {
				t.Fatal(err)
			}
			file := a.HookFile(tg, tc.scope)
			var doc map[string]any
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			hs := ourHandlers(doc)
			if len(hs) == 0 {
				t.Fatal("no hook registered")
			}
			ran := command
			if tc.scope == ScopeProject {
				ran = HookExecutable
			}
			for _, h := range hs {
				ev := canonicalOf(t, a, h.event)
				if got, want := h.entry["command"], tc.want(ran, a.Name, ev); got != want {
					t.Errorf("%s: command %q, want %q", h.event, got, want)
				}
			}
		})
	}
}

// canonicalOf is the canonical event a registers as native.
func canonicalOf(t *testing.T, a *Agent, native string) string {
	t.Helper()
	for _, ev := range hookEvents {
		if a.Event(ev) == native {
			return ev
		}
	}
	t.Fatalf("%s: no canonical event for %q", a.Name, native)
	return ""
}
