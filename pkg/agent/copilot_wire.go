package agent

import (
	"bytes"
	"encoding/json"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// copilotWire is GitHub Copilot CLI's hook wire format (../shared/
// agent-payloads/copilot/output-contract.md). It has two payload dialects:
// with camelCase hook keys, {sessionId, timestamp (epoch ms), cwd, toolName,
// toolArgs, toolResult, prompt} where toolArgs is an object today and a JSON
// string in older CLIs; with Claude-style PascalCase keys, Claude's
// snake_case shape. Answers are flat (permissionDecision,
// permissionDecisionReason, modifiedArgs, additionalContext, and
// decision: "block" for prompts), honoured in both dialects. Copilot is
// fail-closed: any non-zero exit denies, and exit 2's stderr is not shown,
// so every answer exits 0.
type copilotWire struct{}

func (copilotWire) Name() string          { return "copilot" }
func (copilotWire) ProceedExit() int      { return 0 }
func (copilotWire) Proceed(string) []byte { return nil }

func (copilotWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: "copilot", Raw: payload}
	if _, snake := m["hook_event_name"]; snake {
		if err := snakeInto(p, m); err != nil {
			return nil, err
		}
		if r := take(m, "tool_result"); r != nil && p.ToolResponse == nil {
			p.ToolResponse = r
		}
		p.Extra = nonEmptyMap(m)
		return p, nil
	}
	p.StopChained = stopHookActive(m)
	if p.SessionID, err = takeString(m, "sessionId"); err != nil {
		return nil, err
	}
	if p.Cwd, err = takeString(m, "cwd"); err != nil {
		return nil, err
	}
	if p.ToolName, err = takeString(m, "toolName"); err != nil {
		return nil, err
	}
	if args := take(m, "toolArgs"); args != nil {
		// Older CLIs send the arguments as a JSON string; the canonical
		// tool_input is always an object.
		p.ToolInput = argsObject(args)
		if p.ToolInput == nil {
			p.ToolInput = mustObject("arguments", args)
		}
	}
	p.ToolResponse = take(m, "toolResult")
	// Only a prompt event's prompt is canonical; another event's (Gemini's
	// AfterAgent repeats it) rides along with the agent's own fields.
	if p.Event == UserPromptSubmit {
		if p.Prompt, err = takeString(m, "prompt"); err != nil {
			return nil, err
		}
	}
	p.Extra = nonEmptyMap(m)
	return p, nil
}

// mustObject wraps a non-object value as {key: value}, so tool_input stays
// an object.
func mustObject(key string, v json.RawMessage) json.RawMessage {
	o := newObj()
	o.set(key, v)
	return o.bytes()
}

func nonEmptyMap(m map[string]json.RawMessage) map[string]json.RawMessage {
	if len(m) == 0 {
		return nil
	}
	return m
}

// EncodeInput renders p in the camelCase dialect (the default hook config).
func (copilotWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	// A camelCase Copilot payload's extras (epoch-ms timestamp, source,
	// initialPrompt) go back as they came; a snake_case one's (ISO
	// timestamp, initial_prompt) have no camelCase spelling we could be
	// sure of, so they are left out.
	ts := p.Extra["timestamp"]
	camel := p.Agent == "copilot" && (len(ts) == 0 || ts[0] != '"')
	o := newObj()
	o.str("sessionId", p.SessionID)
	if camel {
		o.set("timestamp", ts)
	}
	o.str("cwd", p.Cwd)
	if isToolEvent(p.Event) {
		o.str("toolName", NativeTool("copilot", p.ToolName))
		in := p.ToolInput
		if len(in) == 0 {
			in = json.RawMessage("{}")
		}
		o.set("toolArgs", in)
		if p.Event == PostToolUse {
			o.set("toolResult", copilotResult(p.ToolResponse))
		}
	}
	if p.Event == UserPromptSubmit {
		o.set("prompt", jsonString(p.Prompt))
	}
	if camel {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

// copilotResult turns any tool response into Copilot's
// {resultType, textResultForLlm}.
func copilotResult(v json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(v)
	if len(t) == 0 {
		return nil
	}
	if t[0] == '{' {
		var r struct {
			ResultType       *string `json:"resultType"`
			TextResultForLlm *string `json:"textResultForLlm"`
			SnakeType        *string `json:"result_type"`
			SnakeText        *string `json:"text_result_for_llm"`
		}
		if json.Unmarshal(t, &r) == nil {
			if r.TextResultForLlm != nil {
				return t
			}
			if r.SnakeText != nil {
				o := newObj()
				typ := "success"
				if r.SnakeType != nil {
					typ = *r.SnakeType
				}
				o.str("resultType", typ)
				o.set("textResultForLlm", jsonString(*r.SnakeText))
				return o.bytes()
			}
		}
	}
	text := string(t)
	var s string
	if t[0] == '"' && json.Unmarshal(t, &s) == nil {
		text = s
	}
	o := newObj()
	o.str("resultType", "success")
	o.set("textResultForLlm", jsonString(text))
	return o.bytes()
}

func (w copilotWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if event == Stop {
		return stopAnswer(w, out, "block"), 0, nil
	}
	if out.Empty() {
		return nil, 0, nil
	}
	o := newObj()
	switch event {
	case PreToolUse:
		switch {
		case out.Denied():
			o.str("permissionDecision", canonhook.Deny)
			o.str("permissionDecisionReason", out.ReasonOrDefault())
		case out.Decision == canonhook.Ask:
			o.str("permissionDecision", canonhook.Ask)
			o.str("permissionDecisionReason", out.ReasonOrDefault())
		case len(out.UpdatedInput) > 0:
			// The observed rewrite is modifiedArgs with "allow".
			o.str("permissionDecision", canonhook.Allow)
			o.set("modifiedArgs", out.UpdatedInput)
		case out.Decision == canonhook.Allow:
			o.str("permissionDecision", canonhook.Allow)
			o.str("permissionDecisionReason", out.Reason)
		}
	case UserPromptSubmit:
		if out.Denied() {
			o.str("decision", "block")
			o.str("reason", out.ReasonOrDefault())
		}
	}
	o.str("additionalContext", out.AdditionalContext)
	return nonEmpty(o), 0, nil
}

// DecodeOutput reads a Copilot-format hook's answer: flat fields, or the
// nested hookSpecificOutput the PascalCase dialect also honours.
func (copilotWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	out, ok, err := readAnswer(stdout)
	if err != nil || ok {
		return out, err
	}
	return &canonhook.Output{}, nil
}
