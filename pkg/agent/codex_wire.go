package agent

import "github.com/symposium-dev/symposium-go/pkg/canonhook"

// codexWire is Codex CLI's hook wire format (../shared/agent-payloads/codex/
// output-contract.md). Codex reads Claude's hookSpecificOutput, but stricter:
// permissionDecision "allow" is rejected unless it carries updatedInput,
// updatedInput is rejected without "allow", "ask" is unsupported, and a
// deny needs a non-empty reason. Exit 2 blocks with stderr.
type codexWire struct{ snakeWire }

func (w codexWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
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
	h := hookSpecific("codex", event)
	if event == PreToolUse {
		switch {
		case out.Decision == canonhook.Deny:
			h.str("permissionDecision", canonhook.Deny)
			h.str("permissionDecisionReason", out.ReasonOrDefault())
		case out.Decision == canonhook.Ask:
			// Codex cannot ask; the plugin wanted a human to confirm, so
			// the safe reading is "not without confirmation".
			h.str("permissionDecision", canonhook.Deny)
			h.str("permissionDecisionReason", "confirmation required: "+out.ReasonOrDefault())
		case len(out.UpdatedInput) > 0:
			h.str("permissionDecision", canonhook.Allow)
			h.set("updatedInput", out.UpdatedInput)
		}
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
