package agent

import (
	"bytes"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// claudeWire is Claude Code's hook wire format (../shared/agent-payloads/
// claude/output-contract.md). Answers go in hookSpecificOutput
// (permissionDecision allow|deny|ask, permissionDecisionReason, updatedInput
// as an object, additionalContext); exit 2 blocks with stderr as the reason.
type claudeWire struct{ snakeWire }

func (w claudeWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if event == Stop {
		return stopAnswer(w, out, "block"), 0, nil
	}
	if out.Empty() {
		return nil, 0, nil
	}
	if out.Block {
		return nil, 2, []byte(out.ReasonOrDefault() + "\n")
	}
	top := newObj()
	h := hookSpecific(w.agent, event)
	if event == PreToolUse {
		// updatedInput alone is honoured (2.1.330); we never add "allow"
		// ourselves, since that would skip Claude's own permission prompt.
		if out.Decision != "" {
			h.str("permissionDecision", out.Decision)
			if out.Decision != canonhook.Allow || out.Reason != "" {
				h.str("permissionDecisionReason", reasonFor(out))
			}
		}
		h.set("updatedInput", out.UpdatedInput)
	} else if out.Decision == canonhook.Deny {
		top.str("decision", "block")
		top.str("reason", out.ReasonOrDefault())
	}
	h.str("additionalContext", out.AdditionalContext)
	if h.len() > 1 {
		top.child("hookSpecificOutput", h)
	}
	return nonEmpty(top), 0, nil
}

// decodeClaudeLike reads a Claude- or Codex-format hook's answer: JSON, or
// for UserPromptSubmit and SessionStart plain text that becomes context.
func decodeClaudeLike(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	out, ok, err := readAnswer(stdout)
	if err != nil || ok {
		return out, err
	}
	if exit == 0 && (event == UserPromptSubmit || event == SessionStart) {
		return &canonhook.Output{AdditionalContext: string(bytes.TrimSpace(stdout))}, nil
	}
	return &canonhook.Output{}, nil
}

// reasonFor returns the reason to show with o's decision.
func reasonFor(o *canonhook.Output) string {
	if o.Decision == canonhook.Allow {
		return o.Reason
	}
	return o.ReasonOrDefault()
}
