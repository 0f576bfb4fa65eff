package hookfast

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/canonhook"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/symhook"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
	"github.com/symposium-dev/symposium-go/pkg/syncstate/write"
)

// fixture is a home and a workspace with a current hook record that
// stores hooks for Bash and for every tool of PostToolUse.
type fixture struct {
	home, ws, marker string
	env              Env
}

func newFixture(t *testing.T, logLevel string, refresh []string) *fixture {
	f := &fixture{home: t.TempDir(), ws: t.TempDir()}
	sh := filepath.Join(f.home, ".symposium")
	t.Setenv("HOME", f.home)
	t.Setenv("SYMPOSIUM_HOME", sh)
	config := filepath.Join(sh, "config.toml")
	cargo := filepath.Join(f.ws, "Cargo.toml")
	writeOld(t, config, "hook-scope = \"project\"\n")
	writeOld(t, cargo, "[package]\nname = \"w\"\nversion = \"0.1.0\"\n")
	f.marker = filepath.Join(f.ws, "ran")
	hook := func(event, matcher string) stream.Hook {
		// A hook that ran leaves the marker: the full hook's answer
		// alone would not show that the lean path skipped it.
		return stream.Hook{Plugin: "p-" + event, Source: "s", Name: "h", Event: event, Matcher: matcher,
			Command: "echo ran > " + f.marker, Format: canonhook.Symposium, Dir: f.ws}
	}
	agents := []string{"claude", "copilot"}
	inputs := hookrecord.Stamp([]string{cargo, config})
	st := &syncstate.State{
		Hooks: []stream.Hook{hook(agent.PreToolUse, "Bash|Edit"), hook(agent.PostToolUse, "*"), hook(agent.Stop, "")},
		Header: hookrecord.Header{WorkspaceRoot: f.ws, Inputs: inputs, Trusted: true,
			Extra: hookrecord.Extra(agents, "project", buildinfo.Version),
			Config: &hookrecord.HookConfig{File: config, Agents: agents, HookScope: "project", AutoSync: true,
				LogLevel: logLevel, Refresh: refresh, RefreshInterval: time.Hour}},
	}
	if _, err := write.State(filepath.Join(sh, "cache"), st); err != nil {
		t.Fatal(err)
	}
	if err := write.ConfigRecord(filepath.Join(sh, "cache"), config, st.Config, time.Now()); err != nil {
		t.Fatal(err)
	}
	f.env = Env{Getenv: os.Getenv, Getwd: func() (string, error) { return f.ws, nil }, Executable: os.Executable}
	return f
}

// writeOld writes a file an hour old: a fingerprint trusts no younger one.
func writeOld(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
}

// payloadFor is agent a's payload for event, in the fixture's workspace,
// with the tool called tool (Claude Code's name for it).
func payloadFor(t *testing.T, a, event, cwd, tool string) []byte {
	t.Helper()
	w, _ := agent.WireFor(a)
	p := &canonhook.Payload{Event: event, Agent: "claude", Cwd: cwd, SessionID: "s1", Prompt: "hi"}
	if toolEvent(event) {
		p.ToolName, p.ToolInput = tool, []byte(`{"file_path":"/x"}`)
	}
	b, err := w.EncodeInput(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAnswerIsTheFullHooks: whenever the lean path answers, the full hook
// (run in-process on the same call) answers the same bytes and exit code,
// says nothing on stderr, runs no plugin hook and writes no log; and the
// lean path does answer the calls it is for.
func TestAnswerIsTheFullHooks(t *testing.T) {
	f := newFixture(t, "info", nil)
	for _, a := range agent.All() {
		if a.Payload == nil {
			continue
		}
		for _, e := range events {
			for _, tool := range []string{"Read", "Bash", "mcp__x__y"} {
				payload := payloadFor(t, a.Name, e.canonical, f.ws, tool)
				out, code, ok := Answer(a.Name, e.cli, payload, f.env)
				// Only these are left to the full hook: the session start,
				// and the stored hooks' events and tools.
				wantFast := e.canonical != agent.SessionStart && e.canonical != agent.PostToolUse &&
					e.canonical != agent.Stop && !(e.canonical == agent.PreToolUse && tool == "Bash")
				if ok != wantFast {
					t.Errorf("%s %s %s: lean path answers = %v, want %v", a.Name, e.cli, tool, ok, wantFast)
				}
				if !ok {
					continue
				}
				var full, stderr bytes.Buffer
				fullCode := symhook.Run(context.Background(), cli.Stdio{In: bytes.NewReader(payload), Out: &full, Err: &stderr}, "sym-hook", []string{a.Name, e.cli})
				if !bytes.Equal(out, full.Bytes()) || code != fullCode || stderr.Len() > 0 {
					t.Errorf("%s %s %s: lean %q exit %d; full %q exit %d stderr %q", a.Name, e.cli, tool, out, code, full.Bytes(), fullCode, stderr.Bytes())
				}
				if _, err := os.Stat(f.marker); err == nil {
					t.Fatalf("%s %s %s: the full hook ran a plugin hook the lean path skipped", a.Name, e.cli, tool)
				}
			}
		}
	}
	if logs, _ := os.ReadDir(filepath.Join(f.home, ".symposium", "logs")); len(logs) > 0 {
		t.Errorf("the full hook wrote %d logs on calls the lean path answers", len(logs))
	}
}

// TestAnswerDeclines: each thing that makes the full hook do more than
// answer (sync, log, note a refresh, read its deadline, greet a session)
// sends the call to it.
func TestAnswerDeclines(t *testing.T) {
	tests := []struct {
		name   string
		level  string
		setup  func(t *testing.T, f *fixture) (agentName, event string, payload []byte)
		unsure bool
	}{
		{"the lean path answers the base call", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			return "claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, f.ws, "Read")
		}, false},
		{"an input changed: auto-sync", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			writeOld(t, filepath.Join(f.ws, "Cargo.toml"), "[package]\nname = \"changed\"\n")
			return "claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, f.ws, "Read")
		}, true},
		{"the config changed", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			writeOld(t, filepath.Join(f.home, ".symposium", "config.toml"), "auto-sync = false\n")
			return "claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, f.ws, "Read")
		}, true},
		{"debug logging", "debug", func(t *testing.T, f *fixture) (string, string, []byte) {
			return "claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, f.ws, "Read")
		}, true},
		{"a deadline setting", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			t.Setenv(deadlineEnv, "bogus")
			return "claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, f.ws, "Read")
		}, true},
		{"a Rust project with no record: its first sync", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			dir := t.TempDir()
			writeOld(t, filepath.Join(dir, "Cargo.toml"), "[package]\nname = \"r\"\n")
			return "claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, dir, "Read")
		}, true},
		{"an agent whose payload the lean path does not read", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			return "cline", "pre-tool-use", payloadFor(t, "cline", agent.PreToolUse, f.ws, "Read")
		}, true},
		{"an event spelled another way", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			return "claude", "PreToolUse", payloadFor(t, "claude", agent.PreToolUse, f.ws, "Read")
		}, true},
		{"a payload that is not JSON", "info", func(t *testing.T, f *fixture) (string, string, []byte) {
			return "claude", "pre-tool-use", []byte(`{"cwd": `)
		}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, tc.level, nil)
			name, event, payload := tc.setup(t, f)
			if _, _, ok := Answer(name, event, payload, f.env); ok == tc.unsure {
				t.Errorf("Answer ok = %v, want %v", ok, !tc.unsure)
			}
		})
	}
}

// TestAnswerRefreshDue: a git source whose check is older than its
// interval (an hour here) and not yet marked due is the full hook's to
// mark.
func TestAnswerRefreshDue(t *testing.T) {
	for _, tc := range []struct {
		name string
		age  time.Duration
		ok   bool
	}{{"checked within the interval", 10 * time.Minute, true}, {"due", 2 * time.Hour, false}} {
		t.Run(tc.name, func(t *testing.T) {
			checked := filepath.Join(t.TempDir(), "src"+hookrecord.CheckedSuffix)
			writeOld(t, checked, "")
			at := time.Now().Add(-tc.age)
			if err := os.Chtimes(checked, at, at); err != nil {
				t.Fatal(err)
			}
			f := newFixture(t, "info", []string{checked})
			payload := payloadFor(t, "claude", agent.PreToolUse, f.ws, "Read")
			if _, _, ok := Answer("claude", "pre-tool-use", payload, f.env); ok != tc.ok {
				t.Errorf("Answer ok = %v, want %v", ok, tc.ok)
			}
		})
	}
}

// TestAnswerOutsideAWorkspace: in a directory no synced workspace holds,
// the lean path answers from the config record when the full hook would
// run nothing (no Rust project there), the same answer; and leaves it the
// calls where the full hook would sync or log.
func TestAnswerOutsideAWorkspace(t *testing.T) {
	f := newFixture(t, "info", nil)
	elsewhere := t.TempDir()
	for _, name := range []string{"claude", "copilot", "gemini", "opencode"} {
		payload := payloadFor(t, name, agent.PreToolUse, elsewhere, "Bash")
		out, code, ok := Answer(name, "pre-tool-use", payload, f.env)
		if !ok {
			t.Fatalf("%s: the lean path does not answer outside a workspace", name)
		}
		var full, stderr bytes.Buffer
		fullCode := symhook.Run(context.Background(), cli.Stdio{In: bytes.NewReader(payload), Out: &full, Err: &stderr}, "sym-hook", []string{name, "pre-tool-use"})
		if !bytes.Equal(out, full.Bytes()) || code != fullCode || stderr.Len() > 0 {
			t.Errorf("%s: lean %q exit %d; full %q exit %d stderr %q", name, out, code, full.Bytes(), fullCode, stderr.Bytes())
		}
	}
	rust := t.TempDir()
	writeOld(t, filepath.Join(rust, "Cargo.toml"), "[package]\nname = \"r\"\n")
	if _, _, ok := Answer("claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, filepath.Join(rust), "Read"), f.env); ok {
		t.Error("the lean path answers in a Rust project that was never synced (the full hook syncs it)")
	}
	writeOld(t, filepath.Join(f.home, ".symposium", "config.toml"), "[logging]\nlevel = \"debug\"\n")
	if _, _, ok := Answer("claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, elsewhere, "Read"), f.env); ok {
		t.Error("the lean path answers after the config changed since the last sync")
	}
	os.Remove(hookrecord.ConfigPath(filepath.Join(f.home, ".symposium", "cache")))
	writeOld(t, filepath.Join(f.home, ".symposium", "config.toml"), "hook-scope = \"project\"\n")
	if _, _, ok := Answer("claude", "pre-tool-use", payloadFor(t, "claude", agent.PreToolUse, elsewhere, "Read"), f.env); ok {
		t.Error("the lean path answers with no config record")
	}
}

// TestMainWithoutTheFullHook: sym-hook answers the call with nothing to
// run on its own (no cargo-agents anywhere), and a call that needs the
// full hook, when it cannot be found, gets the agent's proceed answer
// and a line on stderr saying what to do.
func TestMainWithoutTheFullHook(t *testing.T) {
	f := newFixture(t, "info", nil)
	env := f.env
	env.Getenv = func(k string) string {
		if k == "PATH" {
			return ""
		}
		return os.Getenv(k)
	}
	env.Executable = func() (string, error) { return filepath.Join(t.TempDir(), "sym-hook"), nil }
	for _, tc := range []struct {
		agent, tool, stdout, stderr string
	}{
		{"gemini", "Read", "{}\n", ""},
		{"gemini", "Bash", "{}\n", "sym-hook: " + errNoFull.Error() + "\n"},
	} {
		in := tempFile(t, string(payloadFor(t, tc.agent, agent.PreToolUse, f.ws, tc.tool)))
		out, errs := tempFile(t, ""), tempFile(t, "")
		code := Main([]string{tc.agent, "pre-tool-use"}, in, out, errs, env)
		if got := readAll(t, out); code != 0 || got != tc.stdout {
			t.Errorf("%s %s: exit %d stdout %q, want 0 %q", tc.agent, tc.tool, code, got, tc.stdout)
		}
		if got := readAll(t, errs); got != tc.stderr {
			t.Errorf("%s %s: stderr %q, want %q", tc.agent, tc.tool, got, tc.stderr)
		}
	}
}

func tempFile(t *testing.T, data string) *os.File {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "f")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if _, err := f.WriteString(data); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	return f
}

func readAll(t *testing.T, f *os.File) string {
	t.Helper()
	b, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
