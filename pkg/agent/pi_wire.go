package agent

import (
	"bytes"
	"encoding/json"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// piWire is what our Pi extension (pi_shim.js) sends and reads
// (../shared/agent-payloads/pi/output-contract.md, observed live on Pi
// 1.3.0). Pi has no shell hooks: the extension forwards each event as
// {hook, cwd, sessionId, event}, the event object Pi handed it (before_agent_start
// cut down to its prompt: the rest is the whole system prompt), and applies
// our answer the ways Pi allows: {"decision":"deny","reason"} becomes
// tool_call's {block: true, reason} (the model gets the reason as the tool
// result), updatedInput is written into event.input in place,
// additionalContext goes after the tool result, or (prompt and session
// start) into an extra message after the prompt. Every answer exits 0:
// the extension lets the call proceed whatever else happens.
type piWire struct{}

func (piWire) Name() string          { return "pi" }
func (piWire) ProceedExit() int      { return 0 }
func (piWire) Proceed(string) []byte { return nil }

// piArgs: Pi's file tools name the file "path".
var piArgs = argNames{agent: pi, tools: []toolArgs{
	{"file_read", [][2]string{{"path", "file_path"}}},
	{"file_write", [][2]string{{"path", "file_path"}}},
	{"file_edit", [][2]string{{"path", "file_path"}}},
}}

func (piWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: "pi", Raw: payload}
	if _, err := takeString(m, "hook"); err != nil { // derived from the event on the way back
		return nil, err
	}
	if p.Cwd, err = takeString(m, "cwd"); err != nil {
		return nil, err
	}
	if p.SessionID, err = takeString(m, "sessionId"); err != nil {
		return nil, err
	}
	ev, err := takeMembers(m, "event")
	if err != nil {
		return nil, err
	}
	switch event {
	case PreToolUse, PostToolUse:
		if p.ToolName, err = takeString(ev, "toolName"); err != nil {
			return nil, err
		}
		args, err := takeMembers(ev, "input")
		if err != nil {
			return nil, err
		}
		p.ToolInput = piArgs.toClaude(p.ToolName, args)
		if event == PostToolUse {
			// {content, structuredContent, isError, details}: the
			// result; type and toolCallId ride along.
			res := map[string]json.RawMessage{}
			for k, v := range ev {
				if k != "type" && k != "toolCallId" {
					res[k] = v
					delete(ev, k)
				}
			}
			p.ToolResponse, _ = marshalNoEscape(res)
		}
	case UserPromptSubmit:
		if p.Prompt, err = takeString(ev, "prompt"); err != nil {
			return nil, err
		}
	}
	// What has no canonical field rides along, so the extension's own
	// shape comes back whole for a hook written for Pi.
	if len(ev) > 0 {
		m["event"], _ = marshalNoEscape(ev)
	}
	p.Extra = nonEmptyMap(m)
	return p, nil
}

func (piWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	ev := map[string]json.RawMessage{}
	if p.Agent == "pi" {
		_ = json.Unmarshal(p.Extra["event"], &ev)
	}
	if ev == nil {
		ev = map[string]json.RawMessage{}
	}
	o := newObj()
	o.str("hook", pi.Event(p.Event))
	o.str("cwd", p.Cwd)
	o.str("sessionId", p.SessionID)
	ev["type"] = jsonString(pi.Event(p.Event))
	switch p.Event {
	case PreToolUse, PostToolUse:
		tool := NativeTool("pi", p.ToolName)
		ev["toolName"] = jsonString(tool)
		var args map[string]json.RawMessage
		if len(p.ToolInput) > 0 {
			_ = json.Unmarshal(p.ToolInput, &args)
		}
		ev["input"] = piArgs.fromClaude(tool, args)
		if p.Event == PostToolUse && len(p.ToolResponse) > 0 {
			if bytes.TrimSpace(p.ToolResponse)[0] == '{' {
				_ = json.Unmarshal(p.ToolResponse, &ev)
			} else {
				ev["content"], _ = marshalNoEscape([]map[string]json.RawMessage{{"type": jsonString("text"), "text": p.ToolResponse}})
			}
		}
	case UserPromptSubmit:
		ev["prompt"] = jsonString(p.Prompt)
	}
	evB, _ := marshalNoEscape(ev)
	o.set("event", evB)
	if p.Agent == "pi" {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

func (w piWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if out.Empty() || event == Stop { // agent_end only observes
		return w.Proceed(event), 0, nil
	}
	return encodeShimAnswer(event, out, piArgs), 0, nil
}

// DecodeOutput reads a hook written for Pi: the extension's answer shape,
// read leniently (decision or permissionDecision, updatedInput under Pi's
// argument names).
func (piWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	return decodeShimAnswer(stdout, piArgs)
}
