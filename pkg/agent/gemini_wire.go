package agent

import (
	"bytes"
	"encoding/json"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// geminiWire is Gemini CLI's hook wire format (../shared/agent-payloads/
// gemini/output-contract.md). Events are BeforeTool, AfterTool, BeforeAgent
// and SessionStart. Blocking is top-level `decision: "deny"` + reason
// (Claude's permissionDecision is ignored); hookSpecificOutput.tool_input
// rewrites a tool call; hookSpecificOutput.additionalContext adds context.
// Gemini reads stderr as the answer when stdout is empty, blocks on any
// exit code ≥ 2 and reports any non-zero exit as a failed hook, so stdout
// always carries a JSON object, even "{}", and the exit code is always 0.
type geminiWire struct{}

func (geminiWire) Name() string          { return "gemini" }
func (geminiWire) ProceedExit() int      { return 0 }
func (geminiWire) Proceed(string) []byte { return []byte("{}") }
func (geminiWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	return decodeSnake("gemini", event, payload)
}
func (geminiWire) EncodeInput(p *canonhook.Payload) ([]byte, error) { return encodeSnake("gemini", p) }

func (w geminiWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if event == Stop {
		return stopAnswer(w, out, "block"), 0, nil
	}
	if out.Empty() {
		return w.Proceed(event), 0, nil
	}
	top := newObj()
	if out.Denied() {
		top.str("decision", canonhook.Deny)
		top.str("reason", out.ReasonOrDefault())
	} else if out.Decision != "" {
		top.str("decision", out.Decision)
		top.str("reason", out.Reason)
	}
	h := hookSpecific("gemini", event)
	if event == PreToolUse && !out.Denied() {
		h.set("tool_input", out.UpdatedInput)
	}
	h.str("additionalContext", out.AdditionalContext)
	if h.len() > 1 {
		top.child("hookSpecificOutput", h)
	}
	// Even a block exits 0: Gemini reads the JSON deny at any exit code,
	// but reports every non-zero exit as a failed hook to the user.
	return top.bytes(), 0, nil
}

// DecodeOutput reads a Gemini-format hook's answer as Gemini does: JSON
// (a JSON string holding JSON is parsed again) whatever the exit code, else
// plain text, which blocks on exit ≥ 2 and is only a system message (not
// model context) otherwise.
func (geminiWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	t := bytes.TrimSpace(stdout)
	if len(t) > 0 && t[0] == '"' {
		var s string
		if json.Unmarshal(t, &s) == nil {
			t = bytes.TrimSpace([]byte(s))
		}
	}
	out, ok, err := readAnswer(t)
	if err != nil || ok {
		return out, err
	}
	if exit >= 2 {
		return &canonhook.Output{Decision: canonhook.Deny, Reason: string(t)}, nil
	}
	return &canonhook.Output{}, nil
}
