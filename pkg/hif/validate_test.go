package hif

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
)

// parsedValidate is what Validate did before it checked the structs: each
// hook marshalled and parsed again. It is the reference the struct checks
// must agree with, error for error.
func parsedValidate(m *Manifest) error {
	if len(m.Hooks) == 0 {
		return fieldErr("/hooks", "must not be empty")
	}
	for i := range m.Hooks {
		b, err := marshal(&m.Hooks[i])
		if err != nil {
			return err
		}
		if _, err := parseHook(b, fmt.Sprintf("/hooks/%d", i)); err != nil {
			return err
		}
	}
	return nil
}

// TestValidateAgreesWithParse: Validate reports exactly what parsing the
// marshalled manifest reports, for valid hooks and for each fault.
func TestValidateAgreesWithParse(t *testing.T) {
	cmd := Handler{Type: "command", Command: "x"}
	tests := []struct {
		name string
		hook Hook
		ok   bool
	}{
		{"plain", Hook{Event: "before_tool_execute", Handler: cmd}, true},
		{"every field", Hook{Event: "before_tool_execute", Matcher: &Matcher{Any: []Matcher{{Tool: "shell"}, {Pattern: "^Bash$"}, {MCP: &MCPRef{Server: "gh", Tool: "x"}}}},
			Handler:     Handler{Type: "command", Command: "x", Platform: map[string]string{"windows": "a", "darwin": "b"}, Cwd: "/", Env: map[string]string{"A": "1"}, Timeout: 2.5, Async: true},
			Degradation: map[string]string{CapEnv: StrategyBlock}, Capabilities: []string{"input_rewrite"},
			ProviderData: map[string]map[string]any{"claude-code": {"k": []any{1.0}}}}, true},
		{"http", Hook{Event: "agent_stop", Handler: Handler{Type: "http", URL: "http://x", Headers: map[string]string{"a": "b"}}}, true},
		{"prompt", Hook{Event: "agent_stop", Handler: Handler{Type: "prompt", Prompt: "p"}}, true},
		{"no event", Hook{Handler: cmd}, false},
		{"unknown event", Hook{Event: "nope", Handler: cmd}, false},
		{"unknown tool", Hook{Event: "before_tool_execute", Matcher: &Matcher{Tool: "Bash"}, Handler: cmd}, false},
		{"unknown tool in array", Hook{Event: "before_tool_execute", Matcher: &Matcher{Any: []Matcher{{Tool: "shell"}, {Tool: "Bash"}}}, Handler: cmd}, false},
		{"empty matcher", Hook{Event: "before_tool_execute", Matcher: &Matcher{}, Handler: cmd}, false},
		{"empty element", Hook{Event: "before_tool_execute", Matcher: &Matcher{Any: []Matcher{{Tool: "shell"}, {}}}, Handler: cmd}, false},
		{"empty array", Hook{Event: "before_tool_execute", Matcher: &Matcher{Any: []Matcher{}}, Handler: cmd}, false},
		{"nested array", Hook{Event: "before_tool_execute", Matcher: &Matcher{Any: []Matcher{{Tool: "shell"}, {Any: []Matcher{{Tool: "shell"}}}}}, Handler: cmd}, false},
		{"bad pattern after bad tool", Hook{Event: "before_tool_execute", Matcher: &Matcher{Any: []Matcher{{Tool: "Bash"}, {Pattern: "("}}}, Handler: cmd}, false},
		{"mcp without server", Hook{Event: "before_tool_execute", Matcher: &Matcher{MCP: &MCPRef{Tool: "x"}}, Handler: cmd}, false},
		{"mcp wins over tool", Hook{Event: "before_tool_execute", Matcher: &Matcher{MCP: &MCPRef{Server: "s"}, Tool: "Bash"}, Handler: cmd}, true},
		{"no handler type", Hook{Event: "agent_stop", Handler: Handler{Command: "x"}}, false},
		{"unknown handler type", Hook{Event: "agent_stop", Handler: Handler{Type: "wasm", Command: "x"}}, false},
		{"command without command", Hook{Event: "agent_stop", Handler: Handler{Type: "command"}}, false},
		{"http without url", Hook{Event: "agent_stop", Handler: Handler{Type: "http"}}, false},
		{"agent without prompt", Hook{Event: "agent_stop", Handler: Handler{Type: "agent"}}, false},
		{"unknown OS", Hook{Event: "agent_stop", Handler: Handler{Type: "command", Command: "x", Platform: map[string]string{"plan9": "x"}}}, false},
		{"negative timeout", Hook{Event: "agent_stop", Handler: Handler{Type: "command", Command: "x", Timeout: -1}}, false},
		{"unknown strategy", Hook{Event: "agent_stop", Handler: cmd, Degradation: map[string]string{CapEnv: "ignore"}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &Manifest{Spec: SpecVersion, Hooks: []Hook{{Event: "agent_stop", Handler: cmd}, tc.hook}}
			got, want := Validate(m), parsedValidate(m)
			if (got == nil) != tc.ok {
				t.Errorf("Validate = %v, want ok %v", got, tc.ok)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("Validate = %v, parsing says %v", got, want)
			}
		})
	}
	if Validate(&Manifest{}) == nil {
		t.Error("Validate accepted a manifest without hooks")
	}
	nan := &Manifest{Hooks: []Hook{{Event: "agent_stop", Handler: Handler{Type: "command", Command: "x", Timeout: math.NaN()}}}}
	if Validate(nan) == nil {
		t.Error("Validate accepted a NaN timeout")
	}
}

// TestRawScalars: the reflection-free readers agree with json.Unmarshal on
// every kind of value, null included, and fail where it fails.
func TestRawScalars(t *testing.T) {
	for _, raw := range []string{`"plain"`, `""`, `"esc\"aped\n"`, `"\u00e9"`, "\"bad \xff\"", `null`, `12`, `-1.5e3`, `1e400`, `true`, `false`, `{}`, `[1]`} {
		var s, ws string
		err, werr := rawString(json.RawMessage(raw), &s), json.Unmarshal([]byte(raw), &ws)
		if s != ws || (err == nil) != (werr == nil) {
			t.Errorf("rawString(%s) = %q, %v; Unmarshal: %q, %v", raw, s, err, ws, werr)
		}
		var f, wf float64
		err, werr = rawNumber(json.RawMessage(raw), &f), json.Unmarshal([]byte(raw), &wf)
		if f != wf || (err == nil) != (werr == nil) {
			t.Errorf("rawNumber(%s) = %v, %v; Unmarshal: %v, %v", raw, f, err, wf, werr)
		}
		var b, wb bool
		err, werr = rawBool(json.RawMessage(raw), &b), json.Unmarshal([]byte(raw), &wb)
		if b != wb || (err == nil) != (werr == nil) {
			t.Errorf("rawBool(%s) = %v, %v; Unmarshal: %v, %v", raw, b, err, wb, werr)
		}
	}
}
