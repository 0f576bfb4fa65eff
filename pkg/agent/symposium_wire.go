package agent

import (
	"bytes"
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// symposiumWire is the canonical format (docs: "Symposium hook format"):
// the payload and the answer are wrapped in an object keyed by the event,
// {"PreToolUse": {"tool_name": ..., "tool_input": {...}, "session_id": ...,
// "cwd": ...}}; exit 2 blocks with stderr as the reason.
type symposiumWire struct{}

func (symposiumWire) Name() string          { return canonhook.Symposium }
func (symposiumWire) ProceedExit() int      { return 0 }
func (symposiumWire) Proceed(string) []byte { return nil }

// unwrap returns the object inside {"<Event>": {...}}, or b itself when it
// is not wrapped (a flat object is accepted too).
func unwrap(b []byte) (inner []byte, event string, err error) {
	m, err := fields(b)
	if err != nil {
		return nil, "", err
	}
	if len(m) == 1 {
		for k, v := range m {
			if checkEvent(k) == nil {
				return v, k, nil
			}
		}
	}
	return b, "", nil
}

func (symposiumWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	inner, tag, err := unwrap(payload)
	if err != nil {
		return nil, err
	}
	if tag != "" && tag != event {
		return nil, fmt.Errorf("payload is a %s event, not %s", tag, event)
	}
	m, err := fields(inner)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: canonhook.Symposium, Raw: payload}
	if err := snakeInto(p, m); err != nil {
		return nil, err
	}
	return p, nil
}

func (symposiumWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	o := newObj()
	o.eventFields(p, p.ToolName)
	o.strOrNull("session_id", p.SessionID)
	o.strOrNull("cwd", p.Cwd)
	if p.Agent == canonhook.Symposium {
		o.extra(p.Extra)
	}
	w := newObj()
	w.set(p.Event, o.bytes())
	return w.bytes(), nil
}

func (symposiumWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if out.Empty() {
		return nil, 0, nil
	}
	o := newObj()
	if out.Denied() {
		o.str("decision", canonhook.Deny)
		o.str("reason", out.ReasonOrDefault())
	} else {
		o.str("decision", out.Decision)
		o.str("reason", out.Reason)
	}
	o.str("additionalContext", out.AdditionalContext)
	o.set("updatedInput", out.UpdatedInput)
	w := newObj()
	w.set(event, o.bytes())
	if out.Block {
		return w.bytes(), 2, []byte(out.ReasonOrDefault() + "\n")
	}
	return w.bytes(), 0, nil
}

func (symposiumWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	t := bytes.TrimSpace(stdout)
	if len(t) == 0 {
		return &canonhook.Output{}, nil
	}
	if t[0] != '{' {
		return nil, fmt.Errorf("hook answer is not a JSON object: %s", clip(t))
	}
	inner, tag, err := unwrap(t)
	if err != nil {
		return nil, err
	}
	if tag != "" && tag != event {
		return nil, fmt.Errorf("hook answered for %s, not %s", tag, event)
	}
	out, _, err := readAnswer(inner)
	return out, err
}
