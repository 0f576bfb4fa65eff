package agent

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// opencodeWire is what our OpenCode shim (opencode_shim.js) sends and
// reads (../shared/agent-payloads/opencode/plugin-contract.md, observed live
// on 1.18.33). OpenCode has no shell hooks: the shim, a JS plugin, forwards
// each plugin hook as {hook, directory, worktree, input, output}, the
// (input, output) OpenCode handed it, and applies our answer the only ways
// OpenCode allows: {"decision":"deny","reason"} becomes a throw (the model
// gets the reason verbatim), updatedInput is written into output.args in
// place, additionalContext goes after the tool's output, into the prompt,
// or (session start) into the system prompt. Every answer exits 0: the
// shim lets the call proceed whatever else happens. Kilo, an OpenCode
// fork, runs the same shim: agent names the wire ("" is opencode).
type opencodeWire struct{ agent string }

func (w opencodeWire) Name() string {
	if w.agent == "" {
		return "opencode"
	}
	return w.agent
}

func (opencodeWire) ProceedExit() int      { return 0 }
func (opencodeWire) Proceed(string) []byte { return nil }

// opencodeArgs: OpenCode's camelCase argument names (bash's command,
// workdir and write's content need none).
var opencodeArgs = argNames{agent: opencode, tools: []toolArgs{
	{"file_read", [][2]string{{"filePath", "file_path"}}},
	{"file_write", [][2]string{{"filePath", "file_path"}}},
	{"file_edit", [][2]string{{"filePath", "file_path"}, {"oldString", "old_string"}, {"newString", "new_string"}, {"replaceAll", "replace_all"}}},
}}

func (w opencodeWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: w.Name(), Raw: payload}
	if _, err := takeString(m, "hook"); err != nil { // derived from the event on the way back
		return nil, err
	}
	if p.Cwd, err = takeString(m, "directory"); err != nil {
		return nil, err
	}
	in, err := takeMembers(m, "input")
	if err != nil {
		return nil, err
	}
	out, err := takeMembers(m, "output")
	if err != nil {
		return nil, err
	}
	if p.SessionID, err = takeString(in, "sessionID"); err != nil {
		return nil, err
	}
	switch event {
	case PreToolUse, PostToolUse:
		if p.ToolName, err = takeString(in, "tool"); err != nil {
			return nil, err
		}
		from := out // before: the arguments OpenCode is about to run
		if event == PostToolUse {
			from = in
		}
		args, err := takeMembers(from, "args")
		if err != nil {
			return nil, err
		}
		p.ToolInput = opencodeArgs.toClaude(p.ToolName, args)
		if event == PostToolUse {
			// {title, output, metadata}, or an MCP tool's {content}.
			p.ToolResponse, _ = marshalNoEscape(out)
			out = nil
		}
	case UserPromptSubmit:
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if raw, ok := out["parts"]; ok && json.Unmarshal(raw, &parts) != nil {
			return nil, errField("output.parts", "an array of message parts", raw)
		}
		var text []string
		for _, pt := range parts {
			if pt.Type == "text" {
				text = append(text, pt.Text)
			}
		}
		p.Prompt = strings.Join(text, "\n")
	}
	// What has no canonical field rides along, so the shim's own shape
	// comes back whole for a hook written for OpenCode.
	if len(in) > 0 {
		m["input"], _ = marshalNoEscape(in)
	}
	if len(out) > 0 {
		m["output"], _ = marshalNoEscape(out)
	}
	p.Extra = nonEmptyMap(m)
	return p, nil
}

// takeMembers removes key from m and returns its members (an empty map
// when absent).
func takeMembers(m map[string]json.RawMessage, key string) (map[string]json.RawMessage, error) {
	v, err := takeObject(m, key)
	if err != nil || v == nil {
		return map[string]json.RawMessage{}, err
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(v, &out); err != nil {
		return nil, errField(key, "an object", v)
	}
	return out, nil
}

func (w opencodeWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	own := p.Agent == w.Name()
	extra := func(key string) map[string]json.RawMessage {
		var m map[string]json.RawMessage
		if own {
			_ = json.Unmarshal(p.Extra[key], &m)
		}
		if m == nil {
			m = map[string]json.RawMessage{}
		}
		return m
	}
	in, out := extra("input"), extra("output")
	o := newObj()
	o.str("hook", opencode.Event(p.Event))
	o.str("directory", p.Cwd)
	if !own {
		o.str("worktree", p.Cwd)
	}
	if p.SessionID != "" {
		in["sessionID"] = jsonString(p.SessionID)
	}
	switch p.Event {
	case PreToolUse, PostToolUse:
		tool := NativeTool(w.Name(), p.ToolName)
		in["tool"] = jsonString(tool)
		var args map[string]json.RawMessage
		if len(p.ToolInput) > 0 {
			_ = json.Unmarshal(p.ToolInput, &args)
		}
		renamed := opencodeArgs.fromClaude(tool, args)
		if p.Event == PreToolUse {
			out["args"] = renamed
		} else {
			in["args"] = renamed
			if len(p.ToolResponse) > 0 && bytes.TrimSpace(p.ToolResponse)[0] == '{' {
				_ = json.Unmarshal(p.ToolResponse, &out)
			} else if len(p.ToolResponse) > 0 {
				out["output"] = p.ToolResponse
			}
		}
	case UserPromptSubmit:
		if _, ok := out["parts"]; !ok {
			part := newObj()
			part.str("type", "text")
			part.set("text", jsonString(p.Prompt))
			out["parts"] = append(append([]byte("["), part.bytes()...), ']')
		}
	}
	inB, _ := marshalNoEscape(in)
	outB, _ := marshalNoEscape(out)
	o.set("input", inB)
	o.set("output", outB)
	if own {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

func (w opencodeWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if out.Empty() || event == Stop { // session.idle only observes
		return w.Proceed(event), 0, nil
	}
	return encodeShimAnswer(event, out, opencodeArgs), 0, nil
}

// DecodeOutput reads a hook written for OpenCode: the shim's answer
// shape, read leniently (decision or permissionDecision, updatedInput
// under OpenCode's argument names).
func (opencodeWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	return decodeShimAnswer(stdout, opencodeArgs)
}
