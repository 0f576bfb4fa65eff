package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// TestClineEncode: a block never cancels Cline's task; a shell call is
// rewritten to print the reason and fail, any other call runs with the
// reason as context.
func TestClineEncode(t *testing.T) {
	for _, tc := range []struct {
		name, event string
		out         canonhook.Output
		want        string
	}{
		{"shell block", PreToolUse, canonhook.Output{Decision: canonhook.Deny, Reason: "no rm", Tool: "run_commands"},
			`{"overrideInput":{"commands":["echo 'blocked by a symposium plugin hook: no rm'; exit 1"]}}`},
		{"exit-2 block of an old execute_command", PreToolUse, canonhook.Output{Block: true, Reason: "r", Tool: "execute_command"},
			`{"overrideInput":{"command":"echo 'blocked by a symposium plugin hook: r'; exit 1"}}`},
		{"other tool block", PreToolUse, canonhook.Output{Decision: canonhook.Deny, Reason: "r", Tool: "write_to_file", AdditionalContext: "c"},
			`{"contextModification":"symposium: a plugin hook would block this call, but Cline cannot block one call without aborting the task, so it ran: r\nc"}`},
		{"rewrite", PreToolUse, canonhook.Output{UpdatedInput: json.RawMessage(`{"command":"ls -a"}`), Tool: "run_commands"},
			`{"overrideInput":{"commands":["ls -a"]}}`},
		{"context after a call", PostToolUse, canonhook.Output{AdditionalContext: "c"}, `{"contextModification":"c"}`},
		{"nothing to say", PreToolUse, canonhook.Output{}, ``},
		{"stop only observes", Stop, canonhook.Output{Decision: canonhook.Deny, Reason: "r"}, ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, code, _ := clineWire{}.Encode(tc.event, &tc.out)
			if code != 0 || strings.TrimSpace(string(got)) != tc.want {
				t.Errorf("Encode = %s (exit %d), want %s (exit 0)", got, code, tc.want)
			}
			if bytes.Contains(got, []byte("cancel")) {
				t.Errorf("Encode = %s: cancel aborts the user's whole task", got)
			}
		})
	}
}

// TestClineHookFiles: one executable program per event in the scope's
// hook directory; a user's file of the same name is refused, never
// replaced; moving scope and uninstalling remove only ours.
func TestClineHookFiles(t *testing.T) {
	ws, home := gateDirs(t, nil)
	target := Target{Workspace: ws, Home: home, Scope: ScopeProject}
	proj := filepath.Join(ws, ".clinerules", "hooks")
	if _, err := cline.RegisterHooks(realFiles(), target); err != nil {
		t.Fatal(err)
	}
	for _, ev := range []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "TaskStart"} {
		fi, err := os.Stat(filepath.Join(proj, ev))
		if err != nil || fi.Mode()&0o100 == 0 && runtime.GOOS != "windows" { // Windows has no execute bit
			t.Errorf("%s: want an executable hook, got %v %v", ev, fi, err)
		}
	}
	mine := filepath.Join(home, ".cline", "hooks", "PreToolUse")
	if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("#!/bin/sh\necho '{}'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	target.Scope = ScopeGlobal
	_, err := cline.RegisterHooks(realFiles(), target)
	if err == nil || !strings.Contains(err.Error(), mine) || !strings.Contains(err.Error(), "not written by symposium") {
		t.Errorf("registering over the user's %s: err = %v, want a refusal naming it", mine, err)
	}
	if got, _ := os.ReadFile(mine); string(got) != "#!/bin/sh\necho '{}'\n" {
		t.Errorf("user's hook changed:\n%s", got)
	}
	if _, err := cline.UnregisterHooks(realFiles(), target); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(proj, "PreToolUse")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("our project hook left after uninstall: %v", err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("uninstall removed the user's hook: %v", err)
	}
}

// TestClineHookScript runs the program Cline spawns: our command's answer
// passes through with the payload on stdin; missing or failing, it is {}.
func TestClineHookScript(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-sym-hook")
	failing := filepath.Join(dir, "failing-sym-hook")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(fake, "#!/bin/sh\nread -r line\nprintf '{\"contextModification\":\"%s|%s\"}' \"$*\" \"$line\"\n")
	write(failing, "#!/bin/sh\necho partial; exit 3\n")
	for _, tc := range []struct{ command, want string }{
		{fake, `{"contextModification":"cline pre-tool-use|payload"}`},
		{filepath.Join(dir, "missing"), `{}`},
		{failing, `{}`},
	} {
		script := filepath.Join(dir, "PreToolUse")
		write(script, string(clineHookScript(Target{Command: tc.command}, cline, PreToolUse)))
		cmd := exec.Command(script)
		cmd.Stdin = strings.NewReader("payload\n")
		got, err := cmd.Output()
		if err != nil || strings.TrimSpace(string(got)) != tc.want {
			t.Errorf("%s: got %q, %v; want %s", filepath.Base(tc.command), got, err, tc.want)
		}
	}
}
