package dispatch

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
	"github.com/symposium-dev/symposium-go/pkg/syncstate/write"
	"github.com/symposium-dev/symposium-go/pkg/updatestate"
)

// A Stop hook that blocks keeps the agent going once, with its reason;
// when the agent is already going on because of a Stop hook, it is not
// asked again: Gemini and Codex re-prompt on every block without a cap.
func TestStop(t *testing.T) {
	scripts := map[string]string{"more.sh": `cat >/dev/null; echo "run the tests too" >&2; exit 2`}
	hook := stream.Hook{Name: "more", Event: "Stop", Command: "scripts/more.sh"}
	tests := []struct {
		name, agent, file, payload, stdout string
	}{
		{name: "claude", agent: "claude", file: "claude/Stop.json", stdout: `{"decision":"block","reason":"run the tests too"}`},
		{name: "claude, already going on", agent: "claude", payload: `{"session_id":"s","cwd":"WS","hook_event_name":"Stop","stop_hook_active":true}`},
		{name: "codex", agent: "codex", file: "codex/Stop.json", stdout: `{"decision":"block","reason":"run the tests too"}`},
		{name: "codex, already going on", agent: "codex", file: "codex/Stop.stop_hook_active.json"},
		{name: "gemini AfterAgent", agent: "gemini", file: "gemini/AfterAgent.json", stdout: `{"decision":"block","reason":"run the tests too"}`},
		{name: "copilot agentStop", agent: "copilot", file: "copilot/agentStop.json", stdout: `{"decision":"block","reason":"run the tests too"}`},
		{name: "antigravity", agent: "antigravity", payload: `{"executionNum":0,"terminationReason":"NO_TOOL_CALL","conversationId":"c","workspacePaths":["WS"]}`, stdout: `{"decision":"continue","reason":"run the tests too"}`},
		{name: "antigravity, already going on", agent: "antigravity", payload: `{"executionNum":1,"conversationId":"c","workspacePaths":["WS"]}`, stdout: `{}`},
		// Droid re-runs the turn on every block with no cap of its own
		// (droid/output-contract.md: 94 Stops in 90 s).
		{name: "droid", agent: "droid", file: "droid/Stop.json", stdout: `{"decision":"block","reason":"run the tests too"}`},
		{name: "droid, already going on", agent: "droid", file: "droid/Stop.stop_hook_active.json"},
		{name: "qwen", agent: "qwen", file: "qwen/Stop.json", stdout: `{"decision":"block","reason":"run the tests too"}`},
		{name: "qwen, already going on", agent: "qwen", file: "qwen/Stop.stop_hook_active.json"},
		{name: "kiro only observes", agent: "kiro", payload: `{"hook_event_name":"stop","cwd":"WS"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, scripts, hook)
			payload := []byte(strings.ReplaceAll(tc.payload, "WS", jsonText(f.ws)))
			if tc.file != "" {
				payload = f.payload(t, tc.file)
			}
			res := f.run(t, tc.agent, "Stop", payload)
			if got := strings.TrimSpace(string(res.Stdout)); got != tc.stdout || res.Exit != 0 {
				t.Errorf("stdout %q exit %d, want %q exit 0 (stderr %q)", got, res.Exit, tc.stdout, res.Stderr)
			}
		})
	}
}

// The notes a sync stored (sources not current) reach the agent as one
// line of context at the start of a session, with or without plugin hooks.
func TestSessionStartNotes(t *testing.T) {
	f := newFixture(t, nil)
	st := &syncstate.State{Header: hookrecord.Header{WorkspaceRoot: f.ws, Inputs: hookrecord.Stamp([]string{f.ws + "/Cargo.toml"}), Trusted: true,
		Extra: hookrecord.Extra(nil, config.ScopeGlobal, "test"),
		Notes: []string{"plugin source(s) team unreadable, skills may be stale (`cargo agents sync` retries)"}}}
	if _, err := write.State(f.dirs.Cache, st); err != nil {
		t.Fatal(err)
	}
	res := f.run(t, "claude", "SessionStart", f.payload(t, "claude/SessionStart.json"))
	if !strings.Contains(string(res.Stdout), `"additionalContext":"symposium: plugin source(s) team unreadable`) {
		t.Errorf("session start stdout %s, want the note as context", res.Stdout)
	}
	res = f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
	if len(res.Stdout) != 0 {
		t.Errorf("pre-tool-use stdout %s: the note is for session start only", res.Stdout)
	}
}

// A newer release an explicit command's update check found (state.toml)
// is one line of session-start context, for a release build with
// auto-update not "off"; the hook itself asks no network.
func TestSessionStartUpdateNudge(t *testing.T) {
	tests := []struct {
		name       string
		latest     string
		release    bool
		autoUpdate string
		want       bool
	}{
		{name: "newer release known", latest: "0.5.0", release: true, autoUpdate: "on", want: true},
		{name: "warn", latest: "0.5.0", release: true, autoUpdate: "warn", want: true},
		{name: "off", latest: "0.5.0", release: true, autoUpdate: "off"},
		{name: "same version", latest: "0.4.0", release: true, autoUpdate: "on"},
		{name: "never checked", release: true, autoUpdate: "on"},
		{name: "built from source", latest: "0.5.0", autoUpdate: "on"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			if tc.latest != "" {
				st := updatestate.State{Version: "0.4.0", LastCheck: time.Now(), Latest: tc.latest}
				if err := os.WriteFile(updatestate.Path(f.dirs.Config), updatestate.Encode(st), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg := config.Default()
			cfg.AutoSync, cfg.SelfUpdate = false, tc.autoUpdate
			for _, event := range []string{"SessionStart", "PreToolUse"} {
				file := "claude/" + event + ".json"
				res := Run(context.Background(), Options{Agent: "claude", Event: event, Payload: f.payload(t, file), Dirs: f.dirs, Config: cfg,
					Version: "0.4.0", Release: tc.release})
				got := strings.Contains(string(res.Stdout), "symposium "+tc.latest+" is available")
				if want := tc.want && event == "SessionStart"; got != want {
					t.Errorf("%s stdout %s: nudge %v, want %v", event, res.Stdout, got, want)
				}
			}
		})
	}
}
