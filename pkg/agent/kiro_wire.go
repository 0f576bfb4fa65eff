package agent

import (
	"bytes"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// kiroWire is the Kiro CLI hook wire format (the book's Kiro reference; no
// captures exist). Payloads are snake_case with camelCase event names;
// answers are plain text: stdout on exit 0 becomes context, exit 2 blocks a
// preToolUse with stderr as the reason. Kiro cannot rewrite tool input.
type kiroWire struct{}

func (kiroWire) Name() string          { return "kiro" }
func (kiroWire) ProceedExit() int      { return 0 }
func (kiroWire) Proceed(string) []byte { return nil }
func (kiroWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	return decodeSnake("kiro", event, payload)
}
func (kiroWire) EncodeInput(p *canonhook.Payload) ([]byte, error) { return encodeSnake("kiro", p) }

func (kiroWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if event == Stop {
		return nil, 0, nil // Kiro's stop only observes
	}
	if out.Empty() {
		return nil, 0, nil
	}
	// Only preToolUse can block; Kiro has no "ask", and a plugin asking for
	// confirmation is not a yes.
	if event == PreToolUse && (out.Denied() || out.Decision == canonhook.Ask) {
		return nil, 2, []byte(out.ReasonOrDefault() + "\n")
	}
	if out.AdditionalContext == "" {
		return nil, 0, nil
	}
	return []byte(out.AdditionalContext + "\n"), 0, nil
}

func (kiroWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	if exit != 0 {
		return &canonhook.Output{}, nil
	}
	return &canonhook.Output{AdditionalContext: string(bytes.TrimSpace(stdout))}, nil
}
