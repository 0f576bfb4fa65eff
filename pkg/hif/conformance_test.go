package hif

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/agent"
)

func mustParse(t *testing.T, s string) *Manifest {
	t.Helper()
	m, err := Parse("test", []byte(s))
	if err != nil {
		t.Fatalf("Parse = %v", err)
	}
	return m
}

func oneHook(event string, matcher *Matcher) *Manifest {
	return &Manifest{Spec: SpecVersion, Hooks: []Hook{{Event: event, Matcher: matcher, Handler: Handler{Type: "command", Command: "./h.sh", Timeout: 7}}}}
}

// roundTrip encodes m for provider and decodes the result again.
func roundTrip(t *testing.T, provider string, m *Manifest) (*Manifest, []Warning) {
	t.Helper()
	res, err := Encode(provider, m, Options{})
	if err != nil {
		t.Fatalf("Encode(%s) = %v", provider, err)
	}
	back, _, err := Decode(provider, "out", res.Output)
	if err != nil {
		t.Fatalf("Decode(%s, %s) = %v", provider, res.Output, err)
	}
	return back, res.Warnings
}

var adapters = []string{ProviderClaude, ProviderGemini, ProviderCopilot, ProviderKiro, ProviderCursor, ProviderCodex, ProviderWindsurf}

// TestCore is §13.1.
func TestCore(t *testing.T) {
	t.Run("parse and produce", func(t *testing.T) {
		files, _ := filepath.Glob(filepath.Join(vectorsDir, "canonical", "*.json"))
		files = append(files, filepath.Join("testdata", "input", "hif-capabilities.yaml"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Parse(f, data)
			if err != nil {
				t.Fatalf("Parse(%s) = %v", f, err)
			}
			out, err := Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), `"spec": "hooks/1.0"`) {
				t.Errorf("Marshal(%s) does not write spec hooks/1.0:\n%s", f, out)
			}
			again, err := Parse("out", out)
			if err != nil {
				t.Fatalf("Parse(Marshal(%s)) = %v", f, err)
			}
			if d := cmp.Diff(m, again); d != "" {
				t.Errorf("%s: produce then parse (-want +got):\n%s", f, d)
			}
		}
	})
	t.Run("yaml and json identical", func(t *testing.T) {
		j := mustParse(t, `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":["shell",{"mcp":{"server":"github"}}],"handler":{"type":"command","command":"./a.sh","timeout":10,"platform":{"osx":"./m.sh"}},"blocking":true}]}`)
		y := mustParse(t, "spec: hooks/0.1\nhooks:\n- event: before_tool_execute\n  matcher: [shell, {mcp: {server: github}}]\n  handler:\n    type: command\n    command: ./a.sh\n    timeout: 10\n    platform: {darwin: ./m.sh}\n  blocking: true\n")
		if d := cmp.Diff(j, y); d != "" {
			t.Errorf("YAML (hooks/0.1, darwin) vs JSON (-json +yaml):\n%s", d)
		}
	})
	t.Run("unknown fields ignored", func(t *testing.T) {
		plain := mustParse(t, `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"./a.sh"}}]}`)
		extra := mustParse(t, `{"spec":"hooks/1.0","x-top":1,"hooks":[{"event":"session_start","future":{"a":1},"handler":{"type":"command","command":"./a.sh","retries":3}}]}`)
		if d := cmp.Diff(plain, extra); d != "" {
			t.Errorf("(-plain +extra):\n%s", d)
		}
	})
	t.Run("core events", func(t *testing.T) {
		for event, tier := range Events {
			if tier != TierCore {
				continue
			}
			for _, prov := range adapters {
				if !providers[prov].supports(event) {
					continue
				}
				back, _ := roundTrip(t, prov, oneHook(event, nil))
				if len(back.Hooks) == 0 || back.Hooks[0].Event != event {
					t.Errorf("%s: %s came back as %+v", prov, event, back.Hooks)
				}
				if back.Hooks[0].Handler.Timeout != 7 && providers[prov].timeout != agent.NoTimeout {
					t.Errorf("%s: timeout 7s came back as %v", prov, back.Hooks[0].Handler.Timeout)
				}
			}
		}
	})
	t.Run("tool vocabulary", func(t *testing.T) {
		for _, prov := range []string{ProviderClaude, ProviderCodex, ProviderGemini, ProviderCopilot, ProviderKiro} {
			p := providers[prov]
			for _, tool := range Tools {
				native := p.nativeTool(tool)
				if native == "" {
					continue
				}
				back, _ := roundTrip(t, prov, oneHook("before_tool_execute", &Matcher{Tool: tool}))
				got := back.Hooks[0].Matcher
				if got == nil {
					t.Fatalf("%s: tool %s (%s) came back as no matcher", prov, tool, native)
				}
				for _, e := range got.Elements() {
					if e.Tool == "" || p.nativeTool(e.Tool) != native {
						t.Errorf("%s: tool %s (%s) came back as %+v", prov, tool, native, got)
					}
				}
			}
		}
	})
	t.Run("omitted matcher", func(t *testing.T) {
		for _, prov := range []string{ProviderClaude, ProviderCodex, ProviderGemini, ProviderCopilot, ProviderKiro} {
			back, _ := roundTrip(t, prov, oneHook("after_tool_execute", nil))
			if back.Hooks[0].Matcher != nil {
				t.Errorf("%s: omitted matcher came back as %+v", prov, back.Hooks[0].Matcher)
			}
		}
	})
	t.Run("exit code contract", func(t *testing.T) {
		for _, tc := range []struct {
			name     string
			code     int
			blocking bool
			want     Outcome
		}{
			{"0 proceeds", 0, true, Outcome{}},
			{"1 warns", 1, true, Outcome{Error: true, Reason: "oops"}},
			{"2 blocks a blocking hook", 2, true, Outcome{Block: true, Reason: "oops"}},
			{"2 of a non-blocking hook is 1", 2, false, Outcome{Error: true, Reason: "oops"}},
			{"3 warns, never blocks", 3, true, Outcome{Error: true, Reason: "oops"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got := Interpret(tc.code, nil, []byte("oops\n"), tc.blocking, false)
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("Interpret(%d) (-want +got):\n%s", tc.code, d)
				}
			})
		}
	})
}

// TestExtended is §13.2.
func TestExtended(t *testing.T) {
	t.Run("matcher types", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			matcher *Matcher
			provs   []string
		}{
			{"pattern", &Matcher{Pattern: "Notebook.*"}, []string{ProviderClaude, ProviderCodex, ProviderGemini}},
			{"mcp tool", &Matcher{MCP: &MCPRef{Server: "github", Tool: "create_issue"}}, adapters[:6]},
			{"mcp server", &Matcher{MCP: &MCPRef{Server: "memory"}}, []string{ProviderClaude, ProviderCodex, ProviderGemini, ProviderCopilot, ProviderKiro, ProviderCursor}},
			{"array", &Matcher{Any: []Matcher{{Tool: "shell"}, {Tool: "file_read"}, {MCP: &MCPRef{Server: "github", Tool: "create_issue"}}}}, []string{ProviderClaude, ProviderCodex, ProviderGemini, ProviderCopilot}},
		} {
			for _, prov := range tc.provs {
				t.Run(tc.name+"/"+prov, func(t *testing.T) {
					back, _ := roundTrip(t, prov, oneHook("before_tool_execute", tc.matcher))
					var got []*Matcher
					for _, h := range back.Hooks {
						got = append(got, h.Matcher)
					}
					want := []*Matcher{tc.matcher}
					if prov == ProviderCursor && tc.matcher.Any == nil {
						want = []*Matcher{tc.matcher}
					}
					if d := cmp.Diff(want, got); d != "" {
						t.Errorf("(-want +got):\n%s", d)
					}
				})
			}
		}
	})
	t.Run("mcp names", func(t *testing.T) {
		ref := &Matcher{MCP: &MCPRef{Server: "github", Tool: "create_issue"}}
		for prov, want := range map[string]string{
			ProviderClaude: `"mcp__github__create_issue"`, ProviderCodex: `"mcp__github__create_issue"`,
			ProviderGemini: `"mcp_github_create_issue"`, ProviderCopilot: `"matcher: github/create_issue"`,
			ProviderCursor: `"github__create_issue"`, ProviderKiro: `"@github/create_issue"`,
		} {
			res, err := Encode(prov, oneHook("before_tool_execute", ref), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(res.Output), want) {
				t.Errorf("%s: output lacks %s:\n%s", prov, want, res.Output)
			}
		}
	})
	t.Run("capability inference", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			hook Hook
			want []string
		}{
			{"plain", Hook{Handler: Handler{Type: "command", Command: "x"}}, nil},
			{"prompt", Hook{Handler: Handler{Type: "prompt", Prompt: "p"}}, []string{CapLLMEvaluated}},
			{"agent", Hook{Handler: Handler{Type: "agent", Prompt: "p"}}, []string{CapLLMEvaluated}},
			{"http", Hook{Handler: Handler{Type: "http", URL: "u"}}, []string{CapHTTPHandler}},
			{"fields", Hook{Handler: Handler{Type: "command", Command: "x", Async: true, Cwd: ".", Env: map[string]string{"A": "1"}, Platform: map[string]string{"windows": "y"}}},
				[]string{CapPlatform, CapCwd, CapEnv, CapAsync}},
			{"declared", Hook{Handler: Handler{Type: "command", Command: "x"}, Capabilities: []string{CapStructuredOutput, CapInputRewrite, "made_up"}},
				[]string{CapInputRewrite, CapStructuredOutput}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if d := cmp.Diff(tc.want, Infer(&tc.hook)); d != "" {
					t.Errorf("Infer (-want +got):\n%s", d)
				}
			})
		}
	})
	t.Run("degradation", func(t *testing.T) {
		rewrite := func(strategy string) *Manifest {
			m := oneHook("before_tool_execute", &Matcher{Tool: "shell"})
			m.Hooks[0].Blocking = true
			m.Hooks[0].Capabilities = []string{CapInputRewrite}
			if strategy != "" {
				m.Hooks[0].Degradation = map[string]string{CapInputRewrite: strategy}
			}
			return m
		}
		for _, tc := range []struct {
			name     string
			m        *Manifest
			to       string
			wantCmd  string // "" = hook excluded
			wantWarn string
		}{
			{"input_rewrite defaults to block", rewrite(""), ProviderCursor, "exit 2", "degradation: block"},
			{"input_rewrite warn", rewrite(StrategyWarn), ProviderCursor, "./h.sh", "degradation: warn"},
			{"input_rewrite exclude", rewrite(StrategyExclude), ProviderKiro, "", "degradation: exclude"},
			{"input_rewrite kept where supported", rewrite(""), ProviderClaude, "./h.sh", ""},
			{"llm_evaluated defaults to exclude", &Manifest{Hooks: []Hook{{Event: "agent_stop", Handler: Handler{Type: "prompt", Prompt: "done?"}}}}, ProviderGemini, "", "degradation: exclude"},
			{"http_handler warn becomes curl", &Manifest{Hooks: []Hook{{Event: "session_start", Handler: Handler{Type: "http", URL: "https://example.com/h"}}}}, ProviderGemini, "curl -sS -X POST", "http_handler"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				tc.m.Spec = SpecVersion
				res, err := Encode(tc.to, tc.m, Options{})
				if err != nil {
					t.Fatal(err)
				}
				back, _, err := Decode(tc.to, "out", res.Output)
				if tc.wantCmd == "" {
					if !errors.Is(err, ErrNoHooks) {
						t.Errorf("hook not excluded: %s", res.Output)
					}
				} else if err != nil || !strings.Contains(back.Hooks[0].Handler.Command, tc.wantCmd) {
					t.Errorf("command = %v (%v), want it to contain %q", back, err, tc.wantCmd)
				}
				all := joinWarnings(res.Warnings)
				if tc.wantWarn == "" && all != "" {
					t.Errorf("unexpected warnings:\n%s", all)
				}
				if !strings.Contains(all, tc.wantWarn) {
					t.Errorf("warnings lack %q:\n%s", tc.wantWarn, all)
				}
			})
		}
	})
	t.Run("extended events", func(t *testing.T) {
		for event, tier := range Events {
			if tier != TierExtended {
				continue
			}
			for _, prov := range adapters {
				m := oneHook(event, nil)
				if !providers[prov].supports(event) {
					res, err := Encode(prov, m, Options{})
					if err != nil || !strings.Contains(joinWarnings(res.Warnings), "event '"+event+"' dropped") {
						t.Errorf("%s: unsupported %s not reported: %v %v", prov, event, err, res)
					}
					continue
				}
				back, _ := roundTrip(t, prov, m)
				if back.Hooks[0].Event != event {
					t.Errorf("%s: %s came back as %s", prov, event, back.Hooks[0].Event)
				}
			}
		}
	})
	t.Run("output schema", func(t *testing.T) {
		f := false
		for _, tc := range []struct {
			name        string
			code        int
			stdout      string
			blocking    bool
			interactive bool
			want        Outcome
		}{
			{"empty is {}", 0, "", true, false, Outcome{}},
			{"deny blocks", 0, `{"decision":"deny","reason":"no"}`, true, false, Outcome{Block: true, Reason: "no", Output: Output{Decision: "deny", Reason: "no"}}},
			{"deny of non-blocking warns", 0, `{"decision":"deny","reason":"no"}`, false, false, Outcome{Error: true, Reason: "no", Output: Output{Decision: "deny", Reason: "no"}}},
			{"exit 2 beats allow", 2, `{"decision":"allow"}`, true, false, Outcome{Block: true, Reason: "err"}},
			{"ask without a user is deny", 0, `{"decision":"ask"}`, true, false, Outcome{Block: true, Output: Output{Decision: "ask"}}},
			{"ask with a user", 0, `{"decision":"ask"}`, true, true, Outcome{Ask: true, Output: Output{Decision: "ask"}}},
			{"continue false stops", 0, `{"continue":false,"context":"c","system_message":"s"}`, false, false, Outcome{Stop: true, Output: Output{Continue: &f, Context: "c", SystemMessage: "s"}}},
			{"updated_input", 0, `{"decision":"allow","updated_input":{"command":"ls"}}`, true, false, Outcome{Output: Output{Decision: "allow", UpdatedInput: map[string]any{"command": "ls"}}}},
			{"not JSON is a hook error", 0, `oops`, true, false, Outcome{Error: true, Reason: "hook output is not JSON: invalid character 'o' looking for beginning of value"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got := Interpret(tc.code, []byte(tc.stdout), []byte("err"), tc.blocking, tc.interactive)
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("Interpret (-want +got):\n%s", d)
				}
			})
		}
	})
}

// TestFull is §13.3.
func TestFull(t *testing.T) {
	t.Run("provider_data round trip", func(t *testing.T) {
		for _, file := range inputs(t) {
			base := filepath.Base(file)
			from := inputProvider(base)
			if from == ProviderHIF || strings.Contains(base, "lossy") {
				continue
			}
			t.Run(base, func(t *testing.T) {
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				res, err := Convert(from, from, base, data, true)
				if err != nil {
					t.Fatal(err)
				}
				std, _ := standardize(data)
				if d := cmp.Diff(nativeHooks(t, std), nativeHooks(t, res.Output)); d != "" {
					t.Errorf("%s → %s (-in +out):\n%s", from, from, d)
				}
			})
		}
	})
	t.Run("provider_data rendered for its provider only", func(t *testing.T) {
		data, _ := os.ReadFile(filepath.Join(vectorsDir, "canonical", "full-featured.json"))
		m := mustParse(t, string(data))
		res, err := Encode(ProviderWindsurf, m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(res.Output), `"show_output": true`) || !strings.Contains(string(res.Output), `"working_directory": "/opt/hooks"`) {
			t.Errorf("windsurf output lacks provider_data.windsurf:\n%s", res.Output)
		}
		res, _ = Encode(ProviderClaude, m, Options{})
		if strings.Contains(string(res.Output), "show_output") {
			t.Errorf("claude output renders windsurf's provider_data:\n%s", res.Output)
		}
	})
	t.Run("verification", func(t *testing.T) {
		m := oneHook("before_tool_execute", &Matcher{Tool: "shell"})
		hooks := []*prepared{{Hook: m.Hooks[0], n: 1}}
		p := providers[ProviderGemini]
		good := `{"hooks":{"BeforeTool":[{"matcher":"run_shell_command","hooks":[{"type":"command","command":"./h.sh"}]}]}}`
		if err := verify(p, hooks, []byte(good)); err != nil {
			t.Errorf("verify(good) = %v", err)
		}
		for name, bad := range map[string]string{
			"missing hook":  `{"hooks":{}}`,
			"wrong command": `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"./other.sh"}]}]}}`,
			"wrong event":   `{"hooks":{"AfterTool":[{"hooks":[{"type":"command","command":"./h.sh"}]}]}}`,
			"extra hook":    `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"./h.sh"},{"type":"command","command":"./x.sh"}]}]}}`,
		} {
			if err := verify(p, hooks, []byte(bad)); err == nil {
				t.Errorf("verify(%s) = nil, want an error", name)
			}
		}
	})
	t.Run("provider-exclusive events", func(t *testing.T) {
		for _, tc := range []struct{ prov, event string }{
			{ProviderGemini, "before_model"}, {ProviderGemini, "after_model"}, {ProviderGemini, "before_tool_selection"},
			{ProviderClaude, "config_change"},
		} {
			back, _ := roundTrip(t, tc.prov, oneHook(tc.event, nil))
			if back.Hooks[0].Event != tc.event {
				t.Errorf("%s: %s came back as %s", tc.prov, tc.event, back.Hooks[0].Event)
			}
		}
		for _, event := range []string{"file_saved", "before_task"} {
			res, err := Encode(ProviderKiro, oneHook(event, nil), Options{})
			if err != nil || !strings.Contains(joinWarnings(res.Warnings), "dropped") {
				t.Errorf("kiro %s (IDE-only) not reported as dropped: %v", event, err)
			}
		}
	})
}

// nativeHooks reads a native config's hooks (and version) generically,
// treating Claude's "matcher": "" as no matcher.
func nativeHooks(t *testing.T, data []byte) any {
	t.Helper()
	var top map[string]any
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatal(err)
	}
	out := map[string]any{"hooks": top["hooks"]}
	if v, ok := top["version"]; ok {
		out["version"] = v
	}
	if events, ok := top["hooks"].(map[string]any); ok {
		for _, groups := range events {
			list, _ := groups.([]any)
			for _, g := range list {
				if gm, ok := g.(map[string]any); ok && gm["matcher"] == "" {
					delete(gm, "matcher")
				}
			}
		}
	}
	return out
}

// TestInvalidManifest: every error names the field (a JSON pointer) and why.
func TestInvalidManifest(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"no spec", `{"hooks":[]}`, "test: /spec: required"},
		{"bad spec", `{"spec":"hooks/2.0","hooks":[]}`, `test: /spec: unsupported spec version "hooks/2.0"`},
		{"no hooks", `{"spec":"hooks/1.0"}`, "test: /hooks: required"},
		{"empty hooks", `{"spec":"hooks/1.0","hooks":[]}`, "test: /hooks: must not be empty"},
		{"no event", `{"spec":"hooks/1.0","hooks":[{"handler":{"type":"command","command":"x"}}]}`, "test: /hooks/0/event: required"},
		{"unknown event", `{"spec":"hooks/1.0","hooks":[{"event":"PreToolUse","handler":{"type":"command","command":"x"}}]}`, `test: /hooks/0/event: unknown event "PreToolUse"`},
		{"no handler", `{"spec":"hooks/1.0","hooks":[{"event":"session_start"}]}`, "test: /hooks/0/handler: required"},
		{"bad handler type", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"wasm"}}]}`, `test: /hooks/0/handler/type: unknown handler type "wasm"`},
		{"command missing", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command"}}]}`, `test: /hooks/0/handler/command: required when type is "command"`},
		{"http url missing", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"http"}}]}`, `test: /hooks/0/handler/url: required`},
		{"negative timeout", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"x","timeout":-1}}]}`, "test: /hooks/0/handler/timeout: want a non-negative number"},
		{"bad platform", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"x","platform":{"beos":"y"}}}]}`, "test: /hooks/0/handler/platform/beos: unknown OS"},
		{"unknown tool", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":"Bash","handler":{"type":"command","command":"x"}}]}`, `test: /hooks/0/matcher: unknown tool "Bash"`},
		{"unknown tool in array", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":["shell","Edit"],"handler":{"type":"command","command":"x"}}]}`, `test: /hooks/0/matcher/1: unknown tool "Edit"`},
		{"mcp without server", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":{"mcp":{"tool":"t"}},"handler":{"type":"command","command":"x"}}]}`, "test: /hooks/0/matcher/mcp/server: required"},
		{"bad pattern", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":{"pattern":"("},"handler":{"type":"command","command":"x"}}]}`, "test: /hooks/0/matcher/pattern: not an RE2 regular expression"},
		{"object matcher", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":{"tool":"shell"},"handler":{"type":"command","command":"x"}}]}`, "test: /hooks/0/matcher: a matcher object needs a pattern or an mcp key"},
		{"nested array", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":[["shell"]],"handler":{"type":"command","command":"x"}}]}`, "test: /hooks/0/matcher/0: a matcher array cannot contain another array"},
		{"bad degradation", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"x"},"degradation":{"custom_env":"ignore"}}]}`, `test: /hooks/0/degradation/custom_env: unknown strategy "ignore"`},
		{"bad provider_data", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"x"},"provider_data":{"cursor":1}}]}`, "test: /hooks/0/provider_data: want an object"},
		{"blocking not bool", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"x"},"blocking":"yes"}]}`, "test: /hooks/0/blocking: want true or false"},
		{"json syntax", "{\"spec\":\"hooks/1.0\",\n\"hooks\": [,]}", "test:2:11: invalid character ','"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("test", []byte(tc.in))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Parse(%s) = %v, want %q…", tc.in, err, tc.want)
			}
		})
	}
}

// TestDecodeErrors: malformed native configs are errors naming the place.
func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct{ name, from, in, want string }{
		{"claude groups not array", "claude", `{"hooks":{"PreToolUse":{}}}`, "f: /hooks/PreToolUse: want an array of matcher groups, got an object"},
		{"claude handler without command", "claude", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command"}]}]}}`, "f: /hooks/PreToolUse/0/hooks/0/command: required"},
		{"gemini bad timeout", "gemini", `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"x","timeout":"5s"}]}]}}`, "f: /hooks/BeforeTool/0/hooks/0/timeout: want a number"},
		{"copilot hooks not object", "copilot", `{"version":1,"hooks":[]}`, "f: hooks: want an object"},
		{"kiro entry without command", "kiro", `{"hooks":{"stop":[{"matcher":"x"}]}}`, "f: /hooks/stop/0/command: required"},
		{"only an unknown handler type", "claude", `{"hooks":{"Stop":[{"hooks":[{"type":"mcp_tool","server":"x"}]}]}}`, "f: no hooks found"},
		{"no hooks", "cursor", `{"version":1}`, "f: no hooks found"},
		{"empty", "codex", `{"hooks":{}}`, "f: no hooks found"},
		{"syntax", "claude", "{\n  \"hooks\": {,}\n}", "f:2:13: invalid character ','"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Decode(tc.from, "f", []byte(tc.in))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Decode(%s) = %v, want %q…", tc.in, err, tc.want)
			}
		})
	}
}
