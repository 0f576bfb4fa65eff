package dispatch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Antigravity conformance: agy reads each answer as strict protojson of the
// event's result message (contract §4), so every path, including our own
// failures, must print exactly one of the documented objects and exit 0.
// The payloads are the contract's documented shapes
// (pkg/agent/testdata/wire/payloads/antigravity).
func agyPayload(t *testing.T, f *fixture, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "agent", "testdata", "wire", "payloads", "antigravity", name))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.ReplaceAll(string(raw), `"/workspace/project"`, `"`+jsonText(f.ws)+`"`))
}

func TestAntigravityConformance(t *testing.T) {
	scripts := map[string]string{
		"deny.sh":    `cat >/dev/null; echo '{"decision":"deny","reason":"no npm here"}'`,
		"ctx.sh":     `cat >/dev/null; echo '{"additionalContext":"use cargo nextest"}'`,
		"rewrite.sh": `cat >/dev/null; echo '{"PreToolUse":{"updatedInput":{"command":"cargo test"}}}'`,
		"sleep.sh":   `sleep 30`,
		"seen.sh":    `cat > "$SYMPOSIUM_PLUGIN_DIR/seen.json"; echo '{}'`,
		"agy.sh":     `cat >/dev/null; echo '{"decision":"deny","reason":"agy-format hook"}'`,
	}
	hook := func(event, command string) stream.Hook {
		return stream.Hook{Name: filepath.Base(command), Event: event, Command: command, Timeout: 1}
	}
	tests := []struct {
		name    string
		hooks   []stream.Hook
		event   string
		file    string // payload; "" = garbage
		payload string
		stdout  string
	}{
		{name: "pre-tool-use, no plugin hook: explicit allow", event: "PreToolUse", file: "PreToolUse.json", stdout: `{"decision":"allow"}`},
		{name: "pre-tool-use, garbage payload: allow", event: "PreToolUse", payload: `not json at all`, stdout: `{"decision":"allow"}`},
		{name: "pre-tool-use, empty payload: allow", event: "PreToolUse", payload: ``, stdout: `{"decision":"allow"}`},
		{name: "pre-tool-use, wrongly typed field: allow", event: "PreToolUse", payload: `{"toolCall":"x"}`, stdout: `{"decision":"allow"}`},
		{name: "pre-tool-use, plugin hook times out: allow", hooks: []stream.Hook{hook("PreToolUse", "scripts/sleep.sh")}, event: "PreToolUse", file: "PreToolUse.json", stdout: `{"decision":"allow"}`},
		{name: "pre-tool-use, plugin hook missing: allow", hooks: []stream.Hook{hook("PreToolUse", "scripts/nope.sh")}, event: "PreToolUse", file: "PreToolUse.json", stdout: `{"decision":"allow"}`},
		{name: "pre-tool-use, deny", hooks: []stream.Hook{hook("PreToolUse", "scripts/deny.sh")}, event: "PreToolUse", file: "PreToolUse.json", stdout: `{"decision":"deny","reason":"no npm here"}`},
		{name: "pre-tool-use, agy-format hook denies", hooks: []stream.Hook{{Name: "agy", Event: "PreToolUse", Command: "scripts/agy.sh", Format: "antigravity"}}, event: "PreToolUse", file: "PreToolUse.json", stdout: `{"decision":"deny","reason":"agy-format hook"}`},
		{name: "pre-tool-use, rewrite maps back to CommandLine", hooks: []stream.Hook{hook("PreToolUse", "scripts/rewrite.sh")}, event: "PreToolUse", file: "PreToolUse.json", stdout: `{"decision":"allow","overwrite":{"CommandLine":"cargo test"}}`},
		{name: "pre-tool-use, context has no channel: allow", hooks: []stream.Hook{hook("PreToolUse", "scripts/ctx.sh")}, event: "PreToolUse", file: "PreToolUse.json", stdout: `{"decision":"allow"}`},
		{name: "post-tool-use: {}", hooks: []stream.Hook{hook("PostToolUse", "scripts/ctx.sh")}, event: "PostToolUse", file: "PostToolUse.json", stdout: `{}`},
		{name: "post-tool-use, garbage: {}", event: "PostToolUse", payload: `[`, stdout: `{}`},
		{name: "session start (first PreInvocation): context as an ephemeral message", hooks: []stream.Hook{hook("SessionStart", "scripts/ctx.sh")}, event: "SessionStart", file: "PreInvocation.json", stdout: `{"injectSteps":[{"ephemeralMessage":"use cargo nextest"}]}`},
		{name: "later PreInvocation: no session start, hook not run", hooks: []stream.Hook{hook("SessionStart", "scripts/seen.sh")}, event: "SessionStart", payload: `{"invocationNum":3,"conversationId":"c","workspacePaths":["/workspace/project"]}`, stdout: `{}`},
		{name: "session start, garbage: {}", event: "SessionStart", payload: `garbage`, stdout: `{}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, scripts, tc.hooks...)
			var payload []byte
			if tc.file != "" {
				payload = agyPayload(t, f, tc.file)
			} else {
				payload = []byte(strings.ReplaceAll(tc.payload, "/workspace/project", jsonText(f.ws)))
			}
			start := time.Now()
			res := f.run(t, "antigravity", tc.event, payload)
			if res.Exit != 0 {
				t.Errorf("exit %d, want 0 (agy treats other codes as a denial)", res.Exit)
			}
			if got := string(res.Stdout); got != tc.stdout {
				t.Errorf("stdout = %s, want %s (stderr %q)", got, tc.stdout, res.Stderr)
			}
			if !json.Valid(res.Stdout) {
				t.Errorf("stdout %q is not one JSON object", res.Stdout)
			}
			if time.Since(start) > 10*time.Second {
				t.Errorf("took %s: a hook that times out must be killed well inside agy's timeout", time.Since(start))
			}
			if _, err := os.Stat(filepath.Join(f.plugin, "seen.json")); err == nil {
				t.Errorf("the session-start hook ran on a later PreInvocation")
			}
		})
	}
}

// A tool call whose payload has no workspacePaths (agy -p without
// --add-dir) still finds the workspace through the tool's own path
// arguments: the hook runs in the hooks file's directory.
func TestAntigravityWorkspaceFromArgs(t *testing.T) {
	f := newFixture(t, map[string]string{"deny.sh": `cat >/dev/null; echo '{"decision":"deny","reason":"found it"}'`},
		stream.Hook{Name: "deny", Event: "PreToolUse", Command: "scripts/deny.sh"})
	payload := `{"toolCall":{"name":"view_file","args":{"AbsolutePath":"\"` + filepath.Join(f.ws, "Cargo.toml") + `\""}},"conversationId":"c","workspacePaths":[]}`
	elsewhere := t.TempDir() // the process runs elsewhere (the hooks file's directory)
	res := Run(t.Context(), Options{Agent: "antigravity", Event: "PreToolUse", Payload: []byte(payload), Dirs: f.dirs, Config: noAutoSync(), Getwd: func() (string, error) { return elsewhere, nil }, Version: "test"})
	if got := string(res.Stdout); got != `{"decision":"deny","reason":"found it"}` {
		t.Errorf("stdout = %s, want the workspace's hook to deny (stderr %q)", got, res.Stderr)
	}
}

func noAutoSync() *config.Config {
	cfg := config.Default()
	cfg.AutoSync = false
	return cfg
}
