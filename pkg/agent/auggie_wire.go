package agent

import (
	"encoding/json"
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// auggieWire is Auggie's hook wire format (augment.mjs 0.36.0, read, not
// run; auggie/contract-from-code.md). Payloads are snake_case but not
// Claude's fields: conversation_id, workspace_roots, tool_output,
// user_prompt. Answers are Claude's hookSpecificOutput, except that a
// PostToolUse or Stop block goes inside it too (zod strips a top-level
// "decision"), and exit 2 blocks only PreToolUse.
type auggieWire struct{}

func (auggieWire) Name() string          { return "auggie" }
func (auggieWire) ProceedExit() int      { return 0 }
func (auggieWire) Proceed(string) []byte { return nil }

func (auggieWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: "auggie", Raw: payload}
	if p.SessionID, err = takeString(m, "conversation_id"); err != nil {
		return nil, err
	}
	// workspace_roots stays among Auggie's own fields; its first root is
	// where the hook runs.
	if raw := m["workspace_roots"]; raw != nil {
		var roots []string
		if err := json.Unmarshal(raw, &roots); err != nil {
			return nil, fmt.Errorf("field \"workspace_roots\": want a list of strings, got %s", clip(raw))
		}
		if len(roots) > 0 {
			p.Cwd = roots[0]
		}
	}
	delete(m, "hook_event_name")
	if p.ToolName, err = takeString(m, "tool_name"); err != nil {
		return nil, err
	}
	if p.ToolInput, err = takeObject(m, "tool_input"); err != nil {
		return nil, err
	}
	p.ToolResponse = take(m, "tool_output")
	if event == UserPromptSubmit {
		if p.Prompt, err = takeString(m, "user_prompt"); err != nil {
			return nil, err
		}
	}
	if len(m) > 0 {
		p.Extra = m
	}
	return p, nil
}

func (auggieWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	o := newObj()
	o.str("hook_event_name", auggie.Event(p.Event))
	o.str("conversation_id", p.SessionID)
	if p.Agent != "auggie" && p.Cwd != "" {
		roots, _ := json.Marshal([]string{p.Cwd})
		o.set("workspace_roots", roots)
	}
	if isToolEvent(p.Event) {
		o.str("tool_name", NativeTool("auggie", p.ToolName))
		in := p.ToolInput
		if len(in) == 0 {
			in = json.RawMessage("{}")
		}
		o.set("tool_input", in)
		if p.Event == PostToolUse {
			o.setNull("tool_output", p.ToolResponse)
		}
	}
	if p.Event == UserPromptSubmit {
		o.set("user_prompt", jsonString(p.Prompt))
	}
	if p.Agent == "auggie" {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

func (auggieWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	return decodeClaudeLike(event, stdout, exit)
}

func (auggieWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if out.Empty() {
		return nil, 0, nil
	}
	h := hookSpecific("auggie", event)
	top := newObj()
	switch event {
	case PreToolUse:
		if out.Denied() {
			h.str("permissionDecision", canonhook.Deny)
			h.str("permissionDecisionReason", out.ReasonOrDefault())
		} else if out.Decision != "" {
			h.str("permissionDecision", out.Decision)
			h.str("permissionDecisionReason", reasonFor(out))
		}
		if !out.Denied() {
			h.set("updatedInput", out.UpdatedInput)
		}
		// Top-level context goes to the agent on every event (Gao).
		top.str("additionalContext", out.AdditionalContext)
	case PostToolUse, Stop:
		if out.Denied() {
			h.str("decision", "block")
			h.str("reason", out.ReasonOrDefault())
		}
		h.str("additionalContext", out.AdditionalContext)
	case SessionStart:
		h.str("additionalContext", out.AdditionalContext)
	default:
		// PromptSubmit has no hookSpecificOutput, and Auggie does not
		// wait for its answer: context is written but goes nowhere.
		top.str("additionalContext", out.AdditionalContext)
	}
	if event == Stop {
		h = stopOnly(h)
	}
	if h.len() > 1 {
		top.child("hookSpecificOutput", h)
	}
	return nonEmpty(top), 0, nil
}

// stopOnly drops what Auggie's Stop hookSpecificOutput has no field for.
func stopOnly(h *obj) *obj {
	s := newObj()
	for _, k := range []string{"hookEventName", "decision", "reason"} {
		s.set(k, h.vals[k])
	}
	return s
}
