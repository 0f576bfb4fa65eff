package agent

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
	"github.com/symposium-dev/symposium-go/pkg/canonhook"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite testdata/wire goldens")

// payloadsDir holds the captures of real agent CLIs.
var payloadsDir = sharedtest.Path("agent-payloads")

// wireCase is one captured payload: which wire decodes it, for which event.
type wireCase struct {
	name  string // golden name: <dir>/<Event>
	wire  string
	event string
	file  string
}

func wireCases() []wireCase {
	var cs []wireCase
	add := func(dir, wire, base string, name func(string) string) {
		for _, ev := range []string{PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop} {
			cs = append(cs, wireCase{name: dir + "/" + ev, wire: wire, event: ev, file: filepath.Join(base, name(ev)+".json")})
		}
	}
	same := func(ev string) string { return ev }
	add("claude", "claude", filepath.Join(payloadsDir, "claude"), same)
	add("codex", "codex", filepath.Join(payloadsDir, "codex"), same)
	add("gemini", "gemini", filepath.Join(payloadsDir, "gemini"), gemini.Event)
	add("copilot", "copilot", filepath.Join(payloadsDir, "copilot"), copilot.Event)
	add("copilot-pascal", "copilot", filepath.Join(payloadsDir, "copilot", "pascal-config"), same)
	add("kiro", "kiro", filepath.Join("testdata", "wire", "payloads", "kiro"), kiro.Event)
	add("opencode", "opencode", filepath.Join("testdata", "wire", "payloads", "opencode"), same)
	for _, extra := range []struct{ name, event string }{{"PreToolUse.write", PreToolUse}, {"PostToolUse.mcp", PostToolUse}} {
		cs = append(cs, wireCase{name: "opencode/" + extra.name, wire: "opencode", event: extra.event,
			file: filepath.Join("testdata", "wire", "payloads", "opencode", extra.name+".json")})
	}
	agy := filepath.Join("testdata", "wire", "payloads", "antigravity")
	for _, ev := range []string{PreToolUse, PostToolUse, SessionStart, Stop} {
		cs = append(cs, wireCase{name: "antigravity/" + ev, wire: "antigravity", event: ev, file: filepath.Join(agy, antigravity.Event(ev)+".json")})
	}
	cs = append(cs, wireCase{name: "antigravity/PreToolUse.double-encoded", wire: "antigravity", event: PreToolUse,
		file: filepath.Join(agy, "PreToolUse.double-encoded.json")})
	cs = append(cs, wireCase{name: "copilot-legacy/PreToolUse", wire: "copilot", event: PreToolUse,
		file: filepath.Join("testdata", "wire", "payloads", "copilot-legacy", "preToolUse.json")})
	return append(cs, discoveredWireCases(cs)...)
}

// discoveredWireCases are the captures of every other agent with shell
// hooks, so that a new agent needs no line here: testdata/wire/payloads/
// <name>/<Event>.json, named by the agent's own event name or by the
// canonical one. An agent with none gets a case whose file is missing, and
// fails.
func discoveredWireCases(listed []wireCase) []wireCase {
	covered := map[string]bool{}
	for _, c := range listed {
		covered[c.wire] = true
	}
	var cs []wireCase
	for _, a := range All() {
		if !a.HasHooks() || covered[a.Name] {
			continue
		}
		dir := filepath.Join("testdata", "wire", "payloads", a.Name)
		n := len(cs)
		for _, ev := range []string{PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop} {
			for _, base := range []string{a.Event(ev), ev} {
				f := filepath.Join(dir, base+".json")
				if _, err := os.Stat(f); base != "" && err == nil {
					cs = append(cs, wireCase{name: a.Name + "/" + ev, wire: a.Name, event: ev, file: f})
					break
				}
			}
		}
		if len(cs) == n {
			cs = append(cs, wireCase{name: a.Name + "/" + PreToolUse, wire: a.Name, event: PreToolUse, file: filepath.Join(dir, a.Event(PreToolUse)+".json")})
		}
	}
	return cs
}

// answers are the canonical outputs every wire encodes in the goldens.
var answers = []struct {
	name string
	out  canonhook.Output
}{
	{"proceed", canonhook.Output{}},
	{"allow", canonhook.Output{Decision: canonhook.Allow}},
	{"deny", canonhook.Output{Decision: canonhook.Deny, Reason: "no rm -rf here"}},
	{"ask", canonhook.Output{Decision: canonhook.Ask, Reason: "really?"}},
	{"updated-input", canonhook.Output{UpdatedInput: json.RawMessage(`{"command":"echo <safe> & done"}`)}},
	{"context", canonhook.Output{AdditionalContext: "use cargo nextest"}},
	{"block", canonhook.Output{Block: true, Decision: canonhook.Deny, Reason: "guard says no"}},
}

// TestWireGoldens decodes each real capture, shows the canonical payload and
// the payload re-encoded for every wire format, and encodes each canonical
// answer with its exit code, against testdata/wire/<agent>/<Event>.txtar.
func TestWireGoldens(t *testing.T) {
	for _, c := range wireCases() {
		t.Run(c.name, func(t *testing.T) {
			raw, err := os.ReadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			w, _ := WireFor(c.wire)
			p, err := w.Decode(c.event, raw)
			if err != nil {
				t.Fatalf("Decode(%s, %s) = %v", c.event, c.file, err)
			}
			if !bytes.Equal(p.Raw, raw) {
				t.Errorf("Decode kept Raw = %q, want the payload untouched", p.Raw)
			}
			if p.Event != c.event || p.Agent != c.wire {
				t.Errorf("Decode = event %q agent %q, want %q %q", p.Event, p.Agent, c.event, c.wire)
			}
			if isToolEvent(c.event) && (p.ToolName == "" || len(p.ToolInput) == 0 || p.ToolInput[0] != '{') {
				t.Errorf("Decode: tool_name %q tool_input %s, want both, input an object", p.ToolName, p.ToolInput)
			}

			// The same agent gets back what it sent (modulo key order).
			again, err := w.EncodeInput(p)
			if err != nil {
				t.Fatal(err)
			}
			// Legacy and double-encoded payloads come back in today's form.
			if c.name != "copilot-pascal/"+c.event && c.name != "copilot-legacy/PreToolUse" && c.name != "antigravity/PreToolUse.double-encoded" {
				if d := cmp.Diff(jsonValue(t, raw), jsonValue(t, again)); d != "" {
					t.Errorf("EncodeInput(Decode(payload)) differs from the payload (-want +got):\n%s", d)
				}
			}

			ar := &txtar.Archive{Comment: []byte(fmt.Sprintf("%s %s payload: %s\n", c.wire, c.event, displayPath(c.file)))}
			for _, name := range WireNames() {
				tw, _ := WireFor(name)
				in, err := tw.EncodeInput(p)
				if err != nil {
					t.Fatalf("%s.EncodeInput = %v", name, err)
				}
				ar.Files = append(ar.Files, txtar.File{Name: "input as " + name, Data: append(indent(t, in), '\n')})
				// Decoding our own encoding gives the same canonical payload.
				back, err := tw.Decode(c.event, in)
				if err != nil {
					t.Fatalf("%s.Decode(%s.EncodeInput) = %v", name, name, err)
				}
				if back.ToolName != NativeTool(name, p.ToolName) && name != canonhook.Symposium || back.Prompt != p.Prompt || back.Cwd != p.Cwd || back.SessionID != p.SessionID {
					t.Errorf("%s: Decode(EncodeInput(p)) = tool %q prompt %q cwd %q session %q, want %q %q %q %q",
						name, back.ToolName, back.Prompt, back.Cwd, back.SessionID, NativeTool(name, p.ToolName), p.Prompt, p.Cwd, p.SessionID)
				}
			}
			for _, a := range answers {
				out := a.out
				stdout, code, stderr := w.Encode(c.event, &out)
				if code != 0 && code != 2 {
					t.Errorf("Encode(%s) exit %d, want 0 or 2", a.name, code)
				}
				if c.wire == "copilot" && code != 0 {
					t.Errorf("copilot Encode(%s) exit %d: Copilot denies on any non-zero exit", a.name, code)
				}
				if c.wire == "gemini" && !json.Valid(stdout) {
					t.Errorf("gemini Encode(%s) stdout %q is not JSON: Gemini would read stderr", a.name, stdout)
				}
				if a.name == "proceed" && (code != w.ProceedExit() || !bytes.Equal(stdout, w.Proceed(c.event))) {
					t.Errorf("Encode(proceed) = %q, %d, want Proceed() %q, %d", stdout, code, w.Proceed(c.event), w.ProceedExit())
				}
				body := fmt.Sprintf("exit %d\nstdout: %s\nstderr: %s\n", code, stdout, strings.TrimSuffix(string(stderr), "\n"))
				ar.Files = append(ar.Files, txtar.File{Name: "answer " + a.name, Data: []byte(body)})
			}
			golden := filepath.Join("testdata", "wire", c.name+".txtar")
			got := txtar.Format(ar)
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if d := cmp.Diff(string(want), string(got)); d != "" && runtime.GOOS == "windows" && c.name == "antigravity/PreToolUse.double-encoded" {
				t.Skip("its workspace comes from the Unix absolute path /p/src/main.rs, which has no drive and is not absolute on Windows")
			}
			if d := cmp.Diff(string(want), string(got)); d != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", golden, d)
			}
		})
	}
}

func jsonValue(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("not JSON: %v: %s", err, b)
	}
	return v
}

func indent(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		t.Fatalf("not JSON: %v: %s", err, b)
	}
	return out.Bytes()
}

func TestDecodeOutput(t *testing.T) {
	obj := func(s string) json.RawMessage { return json.RawMessage(s) }
	tests := []struct {
		wire, event string
		stdout      string
		exit        int
		want        canonhook.Output
	}{
		{"symposium", PreToolUse, `{"PreToolUse":{"additionalContext":"c","updatedInput":{"command":"x"}}}`, 0, canonhook.Output{AdditionalContext: "c", UpdatedInput: obj(`{"command":"x"}`)}},
		{"symposium", PreToolUse, `{"decision":"deny","reason":"r"}`, 0, canonhook.Output{Decision: canonhook.Deny, Reason: "r"}},
		{"symposium", UserPromptSubmit, ``, 0, canonhook.Output{}},
		{"claude", PreToolUse, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r"}}`, 0, canonhook.Output{Decision: canonhook.Deny, Reason: "r"}},
		{"claude", PreToolUse, `{"hookSpecificOutput":{"updatedInput":{"command":"y"}}}`, 0, canonhook.Output{UpdatedInput: obj(`{"command":"y"}`)}},
		{"claude", PreToolUse, `{"decision":"block","reason":"legacy"}`, 0, canonhook.Output{Decision: canonhook.Deny, Reason: "legacy"}},
		{"claude", PreToolUse, `not json`, 0, canonhook.Output{}},
		{"claude", UserPromptSubmit, "plain text\n", 0, canonhook.Output{AdditionalContext: "plain text"}},
		{"codex", SessionStart, "hello", 0, canonhook.Output{AdditionalContext: "hello"}},
		{"codex", PreToolUse, `{"continue":false,"stopReason":"stop"}`, 0, canonhook.Output{Decision: canonhook.Deny, Reason: "stop"}},
		{"gemini", PreToolUse, `{"decision":"deny","reason":"g"}`, 0, canonhook.Output{Decision: canonhook.Deny, Reason: "g"}},
		{"gemini", PreToolUse, `{"hookSpecificOutput":{"tool_input":{"command":"z"},"additionalContext":"c"}}`, 0, canonhook.Output{UpdatedInput: obj(`{"command":"z"}`), AdditionalContext: "c"}},
		{"gemini", PreToolUse, `"{\"decision\":\"deny\"}"`, 0, canonhook.Output{Decision: canonhook.Deny}},
		{"gemini", PreToolUse, `blocked text`, 3, canonhook.Output{Decision: canonhook.Deny, Reason: "blocked text"}},
		{"gemini", PreToolUse, `warning text`, 1, canonhook.Output{}},
		{"copilot", PreToolUse, `{"permissionDecision":"allow","modifiedArgs":{"command":"m"}}`, 0, canonhook.Output{Decision: canonhook.Allow, UpdatedInput: obj(`{"command":"m"}`)}},
		{"copilot", PreToolUse, `{"permissionDecision":"allow","modifiedArgs":"{\"command\":\"s\"}"}`, 0, canonhook.Output{Decision: canonhook.Allow, UpdatedInput: obj(`{"command":"s"}`)}},
		{"copilot", UserPromptSubmit, `{"additionalContext":"x"}`, 0, canonhook.Output{AdditionalContext: "x"}},
		{"cline", PreToolUse, "log\nHOOK_CONTROL\t{\"cancel\":true,\"errorMessage\":\"no\"}\n", 0, canonhook.Output{Decision: canonhook.Deny, Reason: "no"}},
		{"cline", PreToolUse, `{"overrideInput":{"commands":["ls"]},"contextModification":"c"}`, 0, canonhook.Output{UpdatedInput: obj(`{"command":"ls"}`), AdditionalContext: "c"}},
		{"cline", PostToolUse, `{"context":"k"}`, 1, canonhook.Output{AdditionalContext: "k"}},
		{"kiro", SessionStart, "steer\n", 0, canonhook.Output{AdditionalContext: "steer"}},
		{"kiro", PreToolUse, "ignored", 1, canonhook.Output{}},
	}
	for _, tc := range tests {
		t.Run(tc.wire+"/"+tc.event+"/"+tc.stdout, func(t *testing.T) {
			w, _ := WireFor(tc.wire)
			got, err := w.DecodeOutput(tc.event, []byte(tc.stdout), tc.exit)
			if err != nil {
				t.Fatalf("DecodeOutput(%q) = %v", tc.stdout, err)
			}
			if d := cmp.Diff(&tc.want, got); d != "" {
				t.Errorf("DecodeOutput(%q) (-want +got):\n%s", tc.stdout, d)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, name := range WireNames() {
		w, _ := WireFor(name)
		wrongTypes := []string{`{"cwd":7}`, `{"tool_input":"x","tool_name":"Bash","hook_event_name":"PreToolUse"}`}
		if name == "opencode" || name == "kilo" {
			wrongTypes = []string{`{"directory":7}`, `{"input":"x"}`, `{"input":{"sessionID":7}}`, `{"input":{"tool":"bash"},"output":{"args":"x"}}`}
		}
		if name == "pi" {
			wrongTypes = []string{`{"cwd":7}`, `{"event":"x"}`, `{"event":{"toolName":7}}`, `{"event":{"toolName":"bash","input":"x"}}`}
		}
		if name == "amp" {
			wrongTypes = []string{`{"threadId":7}`, `{"event":"x"}`, `{"event":{"tool":7}}`, `{"event":{"tool":"Bash","input":"x"}}`}
		}
		if name == "antigravity" {
			wrongTypes = []string{`{"conversationId":7}`, `{"toolCall":"x"}`, `{"toolCall":{"name":"run_command","args":7}}`, `{"workspacePaths":"/p"}`}
		}
		if name == "cline" {
			wrongTypes = []string{`{"taskId":7}`, `{"workspaceInfo":"/p"}`, `{"tool_call":"x"}`, `{"tool_call":{"name":7}}`}
		}
		if name == "auggie" {
			wrongTypes = []string{`{"conversation_id":7}`, `{"workspace_roots":"/p"}`, `{"tool_input":"x","tool_name":"launch-process"}`}
		}
		for _, payload := range append([]string{``, `garbage`, `[1,2]`, `null`}, wrongTypes...) {
			if _, err := w.Decode(PreToolUse, []byte(payload)); err == nil {
				t.Errorf("%s.Decode(%q) = nil error, want one", name, payload)
			}
		}
		if _, err := w.Decode("PreCompact", []byte(`{}`)); err == nil {
			t.Errorf("%s.Decode(PreCompact) = nil error, want unsupported event", name)
		}
	}
}

func TestToolVocabulary(t *testing.T) {
	tests := []struct {
		agent, name, want string
	}{
		{"gemini", "Bash", "run_shell_command"},
		{"copilot", "run_shell_command", "bash"},
		{"claude", "bash", "Bash"},
		{"kiro", "Edit", "fs_write"},
		{"claude", "fs_write", "Write"},
		{"gemini", "mcp__github__create_issue", "mcp__github__create_issue"},
		{"copilot", "WebSearch", "WebSearch"}, // Copilot has no web search
		{"antigravity", "Bash", "run_command"},
		{"claude", "replace_file_content", "Edit"},
		{"gemini", "view_file", "read_file"},
	}
	for _, tc := range tests {
		if got := NativeTool(tc.agent, tc.name); got != tc.want {
			t.Errorf("NativeTool(%q, %q) = %q, want %q", tc.agent, tc.name, got, tc.want)
		}
	}
	got := ToolAliases("run_shell_command")
	want := []string{"run_shell_command", "shell", "Bash", "run_command", "launch-process", "run_commands", "bash", "Execute", "execute_bash", "exec_command"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ToolAliases(run_shell_command) = %q, want %q", got, want)
	}
}

func TestAgentWire(t *testing.T) {
	for _, a := range All() {
		if a.HasHooks() != (a.Wire != nil) {
			t.Errorf("%s: HasHooks %v but canonhook.Wire %v", a.Name, a.HasHooks(), a.Wire)
		}
		if a.Wire != nil && a.Wire.Name() != a.Name {
			t.Errorf("%s: canonhook.Wire.Name() = %q", a.Name, a.Wire.Name())
		}
	}
}

// displayPath names a capture the same way wherever shared/ is.
func displayPath(p string) string {
	if rel, err := filepath.Rel(sharedtest.Path(), p); err == nil && !strings.HasPrefix(rel, "..") {
		return "shared/" + filepath.ToSlash(rel)
	}
	return filepath.ToSlash(p)
}

func TestAntigravityLocalPath(t *testing.T) {
	for _, tc := range []struct {
		in, unix, windows string
	}{
		{"/w/p", "/w/p", "/w/p"},
		{"file:///w/my%20project", "/w/my project", `\w\my project`},
		{"file://localhost/w/p", "/w/p", `\w\p`},
		{"file:///w/100%", "/w/100%", `\w\100%`},
		{"relative/dir", "relative/dir", "relative/dir"},
		// Windows: a drive (VS Code writes its colon as %3A), a UNC share.
		{"file:///C:/Users/me/my%20project", "/C:/Users/me/my project", `C:\Users\me\my project`},
		{"file:///c%3A/Users/me/p", "/c:/Users/me/p", `c:\Users\me\p`},
		{"file://server/share/p", "/share/p", `\\server\share\p`},
		{`C:\Users\me\p`, `C:\Users\me\p`, `C:\Users\me\p`},
	} {
		if got := localPathOn(tc.in, false); got != tc.unix {
			t.Errorf("Unix: localPath(%q) = %q, want %q", tc.in, got, tc.unix)
		}
		if got := localPathOn(tc.in, true); got != tc.windows {
			t.Errorf("Windows: localPath(%q) = %q, want %q", tc.in, got, tc.windows)
		}
	}
}
