package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
	"github.com/symposium-dev/symposium-go/pkg/syncstate/write"
)

var payloads = sharedtest.Path("agent-payloads")

// fixture is a workspace with a stored sync state listing plugin hooks
// (of plugin "guard" unless a hook names its own) whose scripts live in
// the one plugin directory.
type fixture struct {
	dirs     config.Dirs
	ws       string
	plugin   string
	deadline string // Options.DeadlineSetting
	env      map[string]string
}

func newFixture(t testing.TB, scripts map[string]string, hooks ...stream.Hook) *fixture {
	t.Helper()
	home := t.TempDir()
	f := &fixture{
		dirs:   config.Dirs{Config: home, Cache: filepath.Join(home, "cache"), Logs: filepath.Join(home, "logs"), Home: home},
		ws:     filepath.Join(home, "ws"),
		plugin: filepath.Join(home, "plugin"),
	}
	for _, d := range []string{f.ws, filepath.Join(f.plugin, "scripts")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if len(scripts) > 0 {
		ostest.Shell(t) // the scripts are sh
	}
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(f.plugin, "scripts", name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return newFixtureAt(t, f, hooks...)
}

// newFixtureAt (re)stores f's sync state, fingerprinting the files as they are.
func newFixtureAt(t testing.TB, f *fixture, hooks ...stream.Hook) *fixture {
	t.Helper()
	for i := range hooks {
		hooks[i].Kind, hooks[i].Dir = stream.KindHook, f.plugin
		if hooks[i].Plugin == "" {
			hooks[i].Plugin = "guard"
		}
	}
	inputs := hookrecord.Stamp([]string{filepath.Join(f.ws, "Cargo.toml")})
	st := &syncstate.State{Hooks: hooks, Header: hookrecord.Header{WorkspaceRoot: f.ws, Inputs: inputs, Trusted: true,
		Extra: hookrecord.Extra(nil, config.ScopeGlobal, "test")}}
	if _, err := write.State(f.dirs.Cache, st); err != nil {
		t.Fatal(err)
	}
	return f
}

// payload returns a captured payload with its cwd pointed at the workspace.
func (f *fixture) payload(t testing.TB, file string) []byte {
	t.Helper()
	dir := payloads
	if strings.HasPrefix(file, "kiro/") {
		dir = filepath.Join("..", "agent", "testdata", "wire", "payloads") // no Kiro captures exist
	}
	raw, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.ReplaceAll(string(raw), `"/home/dev/project"`, `"`+jsonText(f.ws)+`"`))
}

// jsonText is s as it stands inside a JSON string: a Windows path's
// backslashes escaped.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func (f *fixture) run(t *testing.T, agentName, event string, payload []byte) Result {
	t.Helper()
	cfg := config.Default()
	cfg.AutoSync = false
	return Run(context.Background(), Options{Agent: agentName, Event: event, Payload: payload, Dirs: f.dirs, Config: cfg, Getwd: func() (string, error) { return f.ws, nil }, Version: "test", DeadlineSetting: f.deadline,
		LookupEnv: func(k string) (string, bool) { v, ok := f.env[k]; return v, ok }})
}

// TestEnvPredicates: a hook's env(NAME) predicate reads the environment
// the caller hands in (Options.LookupEnv), never the process's own.
func TestEnvPredicates(t *testing.T) {
	t.Setenv("SYMPOSIUM_TEST_HOOK_ENV", "from the process")
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"set by the caller: the hook runs", map[string]string{"SYMPOSIUM_TEST_HOOK_ENV": "1"}, "ran"},
		{"set only in the process: it does not", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, map[string]string{"ctx.sh": `echo '{"additionalContext":"ran"}'`},
				stream.Hook{Plugin: "p", Name: "h", Event: "PreToolUse", Command: "./scripts/ctx.sh", Predicates: []string{"env(SYMPOSIUM_TEST_HOOK_ENV)"}})
			f.env = tc.env
			res := f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
			if got := string(res.Stdout); strings.Contains(got, "ran") != (tc.want != "") {
				t.Errorf("stdout %q, want the hook to run: %v", got, tc.want != "")
			}
		})
	}
}

func TestDispatch(t *testing.T) {
	scripts := map[string]string{
		"ctx1.sh":    `echo '{"PreToolUse":{"additionalContext":"first"}}'`,
		"ctx2.sh":    `echo '{"additionalContext":"second"}'`,
		"allow.sh":   `echo '{"PreToolUse":{"decision":"allow"}}'`,
		"deny.sh":    `cat >/dev/null; echo '{"PreToolUse":{"decision":"deny","reason":"no rm"}}'`,
		"block.sh":   `echo "guard: refusing $1" >&2; exit 2`,
		"rewrite.sh": `echo "{\"PreToolUse\":{\"updatedInput\":{\"command\":\"$1\"}}}"`,
		"warn.sh":    `echo '{"additionalContext":"despite exit 1"}'; echo oops >&2; exit 1`,
		"touch.sh":   `touch "$SYMPOSIUM_PLUGIN_DIR/ran-after-block"`,
		"claude.sh":  `cat > "$SYMPOSIUM_PLUGIN_DIR/seen.json"; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"from a claude hook"}}'`,
	}
	// Each hook is its own plugin's: one plugin fires one hook per event.
	pre := func(name, matcher, command string) stream.Hook {
		return stream.Hook{Plugin: "guard-" + name, Name: name, Event: "PreToolUse", Matcher: matcher, Command: command}
	}
	tests := []struct {
		name   string
		hooks  []stream.Hook
		agent  string
		file   string
		event  string
		stdout string
		exit   int
		stderr string
	}{
		{
			name:  "no hooks: claude proceeds silently",
			agent: "claude", file: "claude/PreToolUse.json",
		},
		{
			name:  "no hooks: gemini still gets a JSON object",
			agent: "gemini", file: "gemini/BeforeTool.json", stdout: `{}`,
		},
		{
			name:  "contexts are joined",
			hooks: []stream.Hook{pre("c1", "Bash", "./scripts/ctx1.sh"), pre("c2", "*", "scripts/ctx2.sh")},
			agent: "claude", file: "claude/PreToolUse.json",
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"first\n\nsecond"}}`,
		},
		{
			name:  "a Bash matcher fires for gemini's run_shell_command",
			hooks: []stream.Hook{pre("c1", "Bash", "./scripts/ctx1.sh"), pre("w", "Write|Edit", "./scripts/deny.sh")},
			agent: "gemini", file: "gemini/BeforeTool.json",
			stdout: `{"hookSpecificOutput":{"hookEventName":"BeforeTool","additionalContext":"first"}}`,
		},
		{
			name:  "deny beats allow (copilot, flat, exit 0)",
			hooks: []stream.Hook{pre("a", "", "./scripts/allow.sh"), pre("d", "shell", "./scripts/deny.sh"), pre("a2", "", "./scripts/allow.sh")},
			agent: "copilot", file: "copilot/preToolUse.json",
			stdout: `{"permissionDecision":"deny","permissionDecisionReason":"no rm"}`,
		},
		{
			name:  "exit 2 blocks and stops dispatch (codex)",
			hooks: []stream.Hook{pre("c1", "", "./scripts/ctx1.sh"), pre("b", "", "./scripts/block.sh now"), pre("t", "", "./scripts/touch.sh")},
			agent: "codex", file: "codex/PreToolUse.json",
			exit:   2,
			stderr: "guard: refusing now\n",
		},
		{
			name:  "exit 2 under copilot is a JSON deny with exit 0",
			hooks: []stream.Hook{pre("b", "bash", "./scripts/block.sh x")},
			agent: "copilot", file: "copilot/pascal-config/PreToolUse.json",
			stdout: `{"permissionDecision":"deny","permissionDecisionReason":"guard: refusing x"}`,
		},
		{
			name:  "exit 2 under gemini: JSON deny and exit 0 (a non-zero exit shows as a failed hook)",
			hooks: []stream.Hook{pre("b", "", "./scripts/block.sh y")},
			agent: "gemini", file: "gemini/BeforeTool.json",
			stdout: `{"decision":"deny","reason":"guard: refusing y"}`,
		},
		{
			name:  "the last updated input wins (codex needs allow with it)",
			hooks: []stream.Hook{pre("r1", "", "./scripts/rewrite.sh one"), pre("r2", "", "./scripts/rewrite.sh two")},
			agent: "codex", file: "codex/PreToolUse.json",
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"two"}}}`,
		},
		{
			name:  "exit 1 is a warning; stdout still counts (kiro: plain text)",
			hooks: []stream.Hook{pre("w", "execute_bash", "./scripts/warn.sh")},
			agent: "kiro", file: "kiro/preToolUse.json",
			stdout: "despite exit 1\n", stderr: "exit 1: oops",
		},
		{
			name:  "other events ignore the matcher",
			hooks: []stream.Hook{{Name: "u", Event: "UserPromptSubmit", Matcher: "Nope", Command: "./scripts/ctx2.sh"}},
			agent: "claude", file: "claude/UserPromptSubmit.json", event: "UserPromptSubmit",
			stdout: `{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"second"}}`,
		},
		{
			name:  "a claude-format hook does not fire under gemini",
			hooks: []stream.Hook{{Name: "cl", Event: "PreToolUse", Command: "./scripts/claude.sh", Format: "claude"}},
			agent: "gemini", file: "gemini/BeforeTool.json", stdout: `{}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, scripts, tc.hooks...)
			event := tc.event
			if event == "" {
				event = "PreToolUse"
			}
			res := f.run(t, tc.agent, event, f.payload(t, tc.file))
			if string(res.Stdout) != tc.stdout || res.Exit != tc.exit {
				t.Errorf("Run = stdout %q exit %d, want %q exit %d (stderr %q)", res.Stdout, res.Exit, tc.stdout, tc.exit, res.Stderr)
			}
			if tc.stderr == "" && len(res.Stderr) > 0 || !strings.Contains(string(res.Stderr), tc.stderr) {
				t.Errorf("Run stderr = %q, want %q", res.Stderr, tc.stderr)
			}
			if _, err := os.Stat(filepath.Join(f.plugin, "ran-after-block")); err == nil {
				t.Errorf("a hook after the blocking one ran")
			}
		})
	}
}

func TestSameFormatGetsRawPayload(t *testing.T) {
	f := newFixture(t, map[string]string{"claude.sh": `cat > "$SYMPOSIUM_PLUGIN_DIR/seen.json"`, "sym.sh": `cat > "$SYMPOSIUM_PLUGIN_DIR/sym.json"`},
		stream.Hook{Plugin: "native", Name: "cl", Event: "PreToolUse", Command: "./scripts/claude.sh", Format: "claude"},
		stream.Hook{Plugin: "portable", Name: "sy", Event: "PreToolUse", Command: "./scripts/sym.sh"})
	payload := f.payload(t, "claude/PreToolUse.json")
	f.run(t, "claude", "PreToolUse", payload)
	seen, err := os.ReadFile(filepath.Join(f.plugin, "seen.json"))
	if err != nil || string(seen) != string(payload) {
		t.Errorf("claude-format hook got %q, %v, want the payload untouched", seen, err)
	}
	sym, _ := os.ReadFile(filepath.Join(f.plugin, "sym.json"))
	var canon map[string]struct {
		ToolName  string         `json:"tool_name"`
		ToolInput map[string]any `json:"tool_input"`
		Cwd       string         `json:"cwd"`
	}
	if err := json.Unmarshal(sym, &canon); err != nil || canon["PreToolUse"].ToolName != "Bash" || canon["PreToolUse"].Cwd != f.ws || canon["PreToolUse"].ToolInput["command"] != "echo hook-test" {
		t.Errorf("symposium-format hook got %s (%v), want the canonical PreToolUse", sym, err)
	}
}

func TestOurFailuresProceed(t *testing.T) {
	f := newFixture(t, map[string]string{"crash.sh": `kill -9 $$`})
	for _, agentName := range []string{"claude", "codex", "copilot", "gemini", "kiro", "symposium"} {
		res := f.run(t, agentName, "PreToolUse", []byte("this is not json"))
		want := ""
		if agentName == "gemini" {
			want = "{}"
		}
		if res.Exit != 0 || string(res.Stdout) != want || strings.Count(string(res.Stderr), "\n") != 1 {
			t.Errorf("%s with garbage: stdout %q exit %d stderr %q, want %q exit 0 and one stderr line", agentName, res.Stdout, res.Exit, res.Stderr, want)
		}
		if res.LogFile == "" {
			t.Errorf("%s with garbage: no log file", agentName)
		}
	}
	f = newFixture(t, map[string]string{"crash.sh": `kill -9 $$`}, stream.Hook{Name: "crash", Event: "PreToolUse", Command: "kill -9 $$"})
	res := f.run(t, "copilot", "PreToolUse", f.payload(t, "copilot/preToolUse.json"))
	if res.Exit != 0 || len(res.Stdout) != 0 || !strings.Contains(string(res.Stderr), "killed by a signal") {
		t.Errorf("crashing hook under copilot: stdout %q exit %d stderr %q, want proceed", res.Stdout, res.Exit, res.Stderr)
	}
}

func TestOverallDeadline(t *testing.T) {
	f := newFixture(t, map[string]string{"hang.sh": `sleep 30`},
		stream.Hook{Name: "h1", Event: "PreToolUse", Command: "./scripts/hang.sh"},
		stream.Hook{Name: "h2", Event: "PreToolUse", Command: "./scripts/hang.sh"})
	f.deadline = "300ms"
	start := time.Now()
	res := f.run(t, "gemini", "PreToolUse", f.payload(t, "gemini/BeforeTool.json"))
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("Run took %s with a 300ms deadline", took)
	}
	if res.Exit != 0 || string(res.Stdout) != "{}" {
		t.Errorf("Run = %q exit %d, want {} exit 0", res.Stdout, res.Exit)
	}
}

func TestOutputCap(t *testing.T) {
	f := newFixture(t, map[string]string{"big.sh": `head -c 3000000 /dev/zero | tr '\0' x; exit 1`},
		stream.Hook{Name: "big", Event: "PreToolUse", Command: "./scripts/big.sh"})
	res := f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
	log, _ := os.ReadFile(res.LogFile)
	if res.Exit != 0 || !strings.Contains(string(log), "stdout cut at 1048576 bytes") {
		t.Errorf("Run exit %d, log %q, want exit 0 and the cut logged", res.Exit, log)
	}
}

func TestAutoSync(t *testing.T) {
	f := newFixture(t, map[string]string{"ctx.sh": `echo '{"additionalContext":"synced"}'`},
		stream.Hook{Name: "ctx", Event: "PreToolUse", Command: "./scripts/ctx.sh"})
	var calls []string
	opts := func(sync SyncFunc) Options {
		cfg := config.Default()
		return Options{Agent: "claude", Event: "PreToolUse", Payload: f.payload(t, "claude/PreToolUse.json"),
			Dirs: f.dirs, Config: cfg, Version: "test", Sync: sync}
	}
	record := func(_ context.Context, dir string) error { calls = append(calls, dir); return nil }

	// Fresh state: no sync.
	Run(context.Background(), opts(record))
	if len(calls) != 0 {
		t.Fatalf("sync ran on a fresh state: %q", calls)
	}
	// A new Cargo.toml changes the fingerprint: one sync of the workspace root.
	if err := os.WriteFile(filepath.Join(f.ws, "Cargo.toml"), []byte("[workspace]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := Run(context.Background(), opts(record))
	if d := cmp.Diff([]string{f.ws}, calls); d != "" {
		t.Errorf("sync calls (-want +got):\n%s", d)
	}
	if !strings.Contains(string(res.Stdout), "synced") {
		t.Errorf("hooks did not run after sync: %q", res.Stdout)
	}
	// A failing sync is logged and dispatch goes on with the old state.
	res = Run(context.Background(), opts(func(context.Context, string) error { return errors.New("no network") }))
	if res.Exit != 0 || !strings.Contains(string(res.Stdout), "synced") || !strings.Contains(string(res.Stderr), "auto-sync") {
		t.Errorf("failing sync: %q exit %d stderr %q", res.Stdout, res.Exit, res.Stderr)
	}
}

func TestResolveCommand(t *testing.T) {
	tests := []struct{ in, want string }{
		{"./scripts/x.sh --flag", "'/p/scripts/x.sh' --flag"},
		{"scripts/x.sh", "'/p/scripts/x.sh'"},
		{"cargo fmt", "cargo fmt"},
		{"/usr/bin/true", "/usr/bin/true"},
		{"$SYMPOSIUM_PLUGIN_DIR/x.sh", "$SYMPOSIUM_PLUGIN_DIR/x.sh"},
	}
	for _, tc := range tests {
		// ToSlash: on Windows the plugin directory is joined with \.
		if got := filepath.ToSlash(proc.ResolvePath(tc.in, "/p")); got != tc.want {
			t.Errorf("proc.ResolvePath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCommand(t *testing.T) {
	tests := []struct {
		line    string
		want    []string
		windows []string // when Windows differs: a script is no Windows program, sh runs it
	}{
		{"./scripts/x.sh --flag", []string{"/p/scripts/x.sh", "--flag"}, []string{"/bin/sh", "-c", "'/p/scripts/x.sh' --flag"}},
		{"./scripts/tool.exe --flag", []string{"/p/scripts/tool.exe", "--flag"}, nil},
		{"true", []string{"true"}, nil},
		{"/usr/bin/true", []string{"/usr/bin/true"}, nil},
		{"echo $HOME", []string{"/bin/sh", "-c", "echo $HOME"}, nil},
		{"./scripts/x.sh 'quoted arg'", []string{"/bin/sh", "-c", "'/p/scripts/x.sh' 'quoted arg'"}, nil},
		{"exit 2", []string{"/bin/sh", "-c", "exit 2"}, nil},
		{"FOO=1 true", []string{"/bin/sh", "-c", "FOO=1 true"}, nil},
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"x.sh", "tool.exe"} {
		if err := os.WriteFile(filepath.Join(dir, "scripts", name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range tests {
		if runtime.GOOS == "windows" && tc.windows != nil {
			tc.want = tc.windows
		}
		// A plain line runs directly only when its program is there:
		// Windows has no true (nor /usr/bin), and sh runs it.
		if len(tc.want) < 3 && !strings.HasPrefix(tc.want[0], "/p/") {
			if _, err := exec.LookPath(tc.want[0]); err != nil {
				tc.want = []string{"/bin/sh", "-c", tc.line}
			}
		}
		cmd := command(context.Background(), tc.line, dir)
		got := append([]string{cmd.Path}, cmd.Args[1:]...)
		if cmd.Path != proc.Shell() {
			got[0] = cmd.Args[0]
			if strings.HasPrefix(cmd.Path, dir) {
				got[0] = "/p" + filepath.ToSlash(strings.TrimPrefix(cmd.Path, dir))
			}
		} else {
			got[0] = "/bin/sh" // proc.Shell's, whatever this system's is
			got[len(got)-1] = filepath.ToSlash(strings.ReplaceAll(got[len(got)-1], dir, "/p"))
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("command(%q) (-want +got):\n%s", tc.line, d)
		}
	}
}

// TestHookPredicates: a hook's predicates are evaluated when it is about
// to run, in the workspace root, against live state.
func TestHookPredicates(t *testing.T) {
	scripts := map[string]string{
		"ctx1.sh": `echo '{"PreToolUse":{"additionalContext":"first"}}'`,
		"ctx2.sh": `echo '{"additionalContext":"second"}'`,
		"yes.sh":  `[ "$1" = "$2" ]`,
	}
	hook := func(name, command string, preds ...string) stream.Hook {
		return stream.Hook{Plugin: "guard-" + name, Name: name, Event: "PreToolUse", Command: command, Predicates: preds,
			PredicateCommands: map[string]stream.PredicateCommand{"same": {Command: "scripts/yes.sh", Args: []string{"a"}}}}
	}
	f := newFixture(t, scripts,
		hook("c1", "./scripts/ctx1.sh", "path_exists(marker)"),
		hook("c2", "./scripts/ctx2.sh", "not(path_exists(marker))"),
	)
	run := func() string {
		res := f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
		if len(res.Stderr) != 0 {
			t.Errorf("stderr %q", res.Stderr)
		}
		return string(res.Stdout)
	}
	if got := run(); !strings.Contains(got, "second") || strings.Contains(got, "first") {
		t.Errorf("without marker: %s", got)
	}
	// Live: no sync happens between the two calls.
	if err := os.WriteFile(filepath.Join(f.ws, "marker"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := run(); !strings.Contains(got, "first") || strings.Contains(got, "second") {
		t.Errorf("with marker: %s", got)
	}
	// Custom predicates run the stored command from the plugin directory.
	c1, c2 := hook("c1", "./scripts/ctx1.sh", "same(a)"), hook("c2", "./scripts/ctx2.sh", "same(b)")
	for _, h := range []stream.Hook{c1, c2} {
		h.PredicateCommands["same"] = stream.PredicateCommand{Command: "scripts/yes.sh", Args: []string{"a"}, Dir: f.plugin}
	}
	f = newFixtureAt(t, f, c1, c2)
	if got := run(); !strings.Contains(got, "first") || strings.Contains(got, "second") {
		t.Errorf("custom: %s", got)
	}
}

// The process's working directory is looked up only when the payload's
// cwd does not name a directory, and then it finds the workspace.
func TestGetwdOnlyWhenNeeded(t *testing.T) {
	f := newFixture(t, map[string]string{"ctx.sh": `echo '{"additionalContext":"here"}'`},
		stream.Hook{Name: "c", Event: "PreToolUse", Matcher: "Bash", Command: "./scripts/ctx.sh"})
	cfg := config.Default()
	cfg.AutoSync = false
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"here"}}`
	good := f.payload(t, "claude/PreToolUse.json")
	bad := []byte(strings.ReplaceAll(string(good), `"`+jsonText(f.ws)+`"`, `"`+jsonText(filepath.Join(f.ws, "missing"))+`"`))
	for _, c := range []struct {
		name    string
		payload []byte
		calls   int
	}{{"payload cwd", good, 0}, {"missing payload cwd", bad, 1}} {
		calls := 0
		getwd := func() (string, error) { calls++; return f.ws, nil }
		res := Run(context.Background(), Options{Agent: "claude", Event: "PreToolUse", Payload: c.payload, Dirs: f.dirs, Config: cfg, Getwd: getwd, Version: "test"})
		if got := strings.TrimSpace(string(res.Stdout)); got != want || calls != c.calls {
			t.Errorf("%s: stdout %s, %d Getwd call(s); want %s, %d", c.name, got, calls, want, c.calls)
		}
	}
}
