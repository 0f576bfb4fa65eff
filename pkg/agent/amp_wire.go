package agent

import (
	"bytes"
	"encoding/json"
	"maps"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// ampWire is what our Amp plugin (amp_shim.js) sends and reads. Amp has no
// shell hooks: the plugin forwards each event as {hook, cwd, threadId,
// event}, the event object Amp handed it (tool.call's {toolUseID, tool,
// input}, tool.result's with {status, output}, agent.start's {message}),
// and applies our answer the ways Amp's manual documents:
// {"decision":"deny","reason"} becomes tool.call's {action:
// "reject-and-continue", message}, anything else {action: "allow"};
// additionalContext goes after a tool's text output. Every answer exits 0.
// The event fields are from the manual and the @ampcode/plugin type
// declarations as published, not from a capture
// (../shared/agent-payloads/amp/contract-from-docs.md).
type ampWire struct{}

func (ampWire) Name() string          { return "amp" }
func (ampWire) ProceedExit() int      { return 0 }
func (ampWire) Proceed(string) []byte { return nil }

// ampArgs: Amp's Bash takes "cmd", its file tools "path", edit_file
// "old_str"/"new_str".
var ampArgs = argNames{agent: amp, tools: []toolArgs{
	{"shell", [][2]string{{"cmd", "command"}}},
	{"file_read", [][2]string{{"path", "file_path"}}},
	{"file_write", [][2]string{{"path", "file_path"}}},
	{"file_edit", [][2]string{{"path", "file_path"}, {"old_str", "old_string"}, {"new_str", "new_string"}}},
}}

func (ampWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: "amp", Raw: payload}
	if _, err := takeString(m, "hook"); err != nil { // derived from the event on the way back
		return nil, err
	}
	if p.Cwd, err = takeString(m, "cwd"); err != nil {
		return nil, err
	}
	if p.SessionID, err = takeString(m, "threadId"); err != nil {
		return nil, err
	}
	ev, err := takeMembers(m, "event")
	if err != nil {
		return nil, err
	}
	if err := ampDecodeEvent(p, ev); err != nil {
		return nil, err
	}
	// What has no canonical field rides along, so the plugin's own shape
	// comes back whole for a hook written for Amp.
	if len(ev) > 0 {
		m["event"], _ = marshalNoEscape(ev)
	}
	p.Extra = nonEmptyMap(m)
	return p, nil
}

// ampDecodeEvent takes the canonical fields of event out of ev.
func ampDecodeEvent(p *canonhook.Payload, ev map[string]json.RawMessage) error {
	var err error
	switch p.Event {
	case PreToolUse, PostToolUse:
		if p.ToolName, err = takeString(ev, "tool"); err != nil {
			return err
		}
		args, err := takeMembers(ev, "input")
		if err != nil {
			return err
		}
		p.ToolInput = ampArgs.toClaude(p.ToolName, args)
		if p.Event == PostToolUse {
			res := map[string]json.RawMessage{}
			for _, k := range []string{"status", "output"} {
				if v, ok := ev[k]; ok {
					res[k] = v
					delete(ev, k)
				}
			}
			p.ToolResponse, _ = marshalNoEscape(res)
		}
	case UserPromptSubmit:
		if p.Prompt, err = takeString(ev, "message"); err != nil {
			return err
		}
	}
	return nil
}

func (ampWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	ev := map[string]json.RawMessage{}
	if p.Agent == "amp" {
		_ = json.Unmarshal(p.Extra["event"], &ev)
	}
	if ev == nil {
		ev = map[string]json.RawMessage{}
	}
	o := newObj()
	o.str("hook", amp.Event(p.Event))
	o.str("cwd", p.Cwd)
	o.str("threadId", p.SessionID)
	switch p.Event {
	case PreToolUse, PostToolUse:
		tool := NativeTool("amp", p.ToolName)
		ev["tool"] = jsonString(tool)
		var args map[string]json.RawMessage
		if len(p.ToolInput) > 0 {
			_ = json.Unmarshal(p.ToolInput, &args)
		}
		ev["input"] = ampArgs.fromClaude(tool, args)
		if p.Event == PostToolUse && len(p.ToolResponse) > 0 {
			ampResult(ev, p.ToolResponse)
		}
	case UserPromptSubmit:
		ev["message"] = jsonString(p.Prompt)
	}
	evB, _ := marshalNoEscape(ev)
	o.set("event", evB)
	if p.Agent == "amp" {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

// ampResult puts a tool response in ev as tool.result's {status,
// output}: Amp's own pair as it is, another agent's response (Claude's
// {stdout, stderr, ...}) whole as the output of a finished call.
func ampResult(ev map[string]json.RawMessage, resp json.RawMessage) {
	var m map[string]json.RawMessage
	if bytes.TrimSpace(resp)[0] == '{' && json.Unmarshal(resp, &m) == nil {
		if _, ok := m["status"]; ok {
			maps.Copy(ev, m)
			return
		}
	}
	ev["status"], ev["output"] = jsonString("done"), resp
}

// Encode answers in the shim's shape; only tool.call and tool.result
// answers reach Amp (the plugin drops the rest), so Stop only observes.
func (w ampWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if out.Empty() || event == Stop {
		return w.Proceed(event), 0, nil
	}
	return encodeShimAnswer(event, out, ampArgs), 0, nil
}

// DecodeOutput reads a hook written for Amp: the plugin's answer shape,
// read leniently (decision or permissionDecision, updatedInput under Amp's
// argument names).
func (ampWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	return decodeShimAnswer(stdout, ampArgs)
}
