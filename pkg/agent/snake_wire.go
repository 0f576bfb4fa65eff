package agent

import (
	"encoding/json"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// Claude Code, Codex, Gemini CLI, Kiro and Copilot with PascalCase hook keys
// all send snake_case payloads: session_id, cwd, hook_event_name, tool_name,
// tool_input, tool_response, prompt. Only the event names, the tool names
// and what else rides along differ, so they share one decoder and one
// encoder.

// snakeWire is what Claude Code and Codex share: snake_case payloads, exit
// 0 to proceed, and Claude-shaped answers from a hook written for them.
// Each embeds it and writes its own Encode.
type snakeWire struct{ agent string }

func (s snakeWire) Name() string        { return s.agent }
func (snakeWire) ProceedExit() int      { return 0 }
func (snakeWire) Proceed(string) []byte { return nil }
func (s snakeWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	return decodeSnake(s.agent, event, payload)
}
func (s snakeWire) EncodeInput(p *canonhook.Payload) ([]byte, error) { return encodeSnake(s.agent, p) }
func (snakeWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	return decodeClaudeLike(event, stdout, exit)
}

// decodeSnake decodes a snake_case payload sent by agent for event.
func decodeSnake(agent, event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: agent, Raw: payload}
	if err := snakeInto(p, m); err != nil {
		return nil, err
	}
	return p, nil
}

func snakeInto(p *canonhook.Payload, m map[string]json.RawMessage) error {
	var err error
	if p.SessionID, err = takeString(m, "session_id"); err != nil {
		return err
	}
	if p.Cwd, err = takeString(m, "cwd"); err != nil {
		return err
	}
	delete(m, "hook_event_name") // derived from the event on the way back
	p.StopChained = stopHookActive(m)
	if p.ToolName, err = takeString(m, "tool_name"); err != nil {
		return err
	}
	if p.ToolInput, err = takeObject(m, "tool_input"); err != nil {
		return err
	}
	p.ToolResponse = take(m, "tool_response")
	if p.Event == PostToolUseFailure {
		if p.ToolError, err = takeString(m, "error"); err != nil {
			return err
		}
	}
	// Only a prompt event's prompt is canonical; another event's (Gemini's
	// AfterAgent repeats it) rides along with the agent's own fields.
	if p.Event == UserPromptSubmit {
		if p.Prompt, err = takeString(m, "prompt"); err != nil {
			return err
		}
	}
	if len(m) > 0 {
		p.Extra = m
	}
	return nil
}

// encodeSnake renders p as agent sends it. The agent's own extra fields are
// kept only when p came from that agent.
func encodeSnake(agent string, p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	o := newObj()
	o.str("session_id", p.SessionID)
	o.str("cwd", p.Cwd)
	if a, ok := Lookup(agent); ok && a.Event(p.Event) != "" {
		o.str("hook_event_name", a.Event(p.Event))
	} else {
		o.str("hook_event_name", p.Event)
	}
	o.eventFields(p, NativeTool(agent, p.ToolName))
	if p.Agent == agent {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

// hookSpecific starts a hookSpecificOutput object for event as agent names it.
func hookSpecific(agent, event string) *obj {
	h := newObj()
	name := event
	if a, ok := Lookup(agent); ok && a.Event(event) != "" {
		name = a.Event(event)
	}
	h.str("hookEventName", name)
	return h
}

// nonEmpty returns o's bytes, or nil when o has no key.
func nonEmpty(o *obj) []byte {
	if o.len() == 0 {
		return nil
	}
	return o.bytes()
}

// stopHookActive reads stop_hook_active, which Claude, Codex, Gemini and
// Copilot set on a Stop that a Stop hook caused. It stays among the
// agent's own fields, for hooks written in its format.
func stopHookActive(m map[string]json.RawMessage) bool {
	return isJSONTrue(m["stop_hook_active"])
}
