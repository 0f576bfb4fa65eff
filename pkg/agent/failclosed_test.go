package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookCommandFailClosed: Copilot denies a tool call whenever its hook
// exits non-zero (copilot/output-contract.md: exit 1 is "hook errored",
// a deny), so the command we register must answer exit 0 when
// sym-hook is missing, exits 1 or crashes, or every tool call is
// blocked (seen live: scripts/e2e-agents-live.sh, Copilot 1.0.102).
func TestHookCommandFailClosed(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name, script string
	}{
		{"missing", ""},
		{"exits 1", "#!/bin/sh\ncat >/dev/null\necho broken >&2\nexit 1\n"},
		{"crashes", "#!/bin/sh\nkill -SEGV $$\n"},
		{"answers", "#!/bin/sh\ncat >/dev/null\necho '{}'\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bin := filepath.Join(dir, tc.name, HookExecutable)
			if tc.script != "" {
				if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(bin, []byte(tc.script), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(sh, "-c", HookCommand(bin, "copilot", PreToolUse))
			cmd.Stdin = nil
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("copilot's hook command with sym-hook %s: %v (%s); Copilot denies the call", tc.name, err, out)
			}
		})
	}
}

// TestIsOurCommandExecForm: the command versions before the fail-closed
// guard registered for Copilot (exec, our exit code) is still ours, so
// sync replaces it rather than leaving it beside the new one.
func TestIsOurCommandExecForm(t *testing.T) {
	old := "command -v cargo-agents >/dev/null 2>&1 && exec cargo-agents hook copilot pre-tool-use || true"
	if !IsOurCommand(old) {
		t.Errorf("IsOurCommand(%q) = false", old)
	}
	if now := HookCommand(HookExecutable, "copilot", PreToolUse); !IsOurCommand(now) {
		t.Errorf("IsOurCommand(%q) = false", now)
	}
}

// TestPowerShellFailClosed: Copilot on Windows runs the entry's
// "powershell" line; for it (FailClosed) the line exits 0 after our
// command whatever that exited with, while an agent that takes a failing
// hook as "proceed" (Gemini) still gets our exit code. The form that
// passed Copilot our exit code is still recognised as ours.
func TestPowerShellFailClosed(t *testing.T) {
	for _, tc := range []struct{ agent, tail string }{
		{"copilot", "; exit 0 } else { exit 0 }"},
		{"gemini", "; exit $LASTEXITCODE } else { exit 0 }"},
	} {
		if got := PowerShellHookCommand(HookExecutable, tc.agent, PreToolUse); !strings.HasSuffix(got, tc.tail) {
			t.Errorf("PowerShellHookCommand(%s) = %q, want it to end %q", tc.agent, got, tc.tail)
		}
	}
	old := "if (Get-Command 'cargo-agents' -CommandType Application -ErrorAction SilentlyContinue) { & 'cargo-agents' hook copilot pre-tool-use; exit $LASTEXITCODE } else { exit 0 }"
	if !IsOurCommand(old) {
		t.Errorf("IsOurCommand(%q) = false", old)
	}
}
