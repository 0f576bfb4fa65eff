package agent

import (
	"encoding/json"
	"errors"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// The JS shims' answer (OpenCode's and Kilo's plugin, Pi's extension):
// one shape, {decision, reason, updatedInput, additionalContext}, with
// the tool's arguments under the agent's own names (args).

// encodeShimAnswer is a shim's answer to out for event. A hook asking for
// confirmation is a deny: these agents ask nobody on a plugin's behalf,
// and asking is not a yes.
func encodeShimAnswer(event string, out *canonhook.Output, args argNames) []byte {
	o := newObj()
	if event == PreToolUse {
		switch {
		case out.Denied():
			o.str("decision", canonhook.Deny)
			o.str("reason", out.ReasonOrDefault())
		case out.Decision == canonhook.Ask:
			o.str("decision", canonhook.Deny)
			o.str("reason", "confirmation required: "+out.ReasonOrDefault())
		default:
			if in := argsObject(out.UpdatedInput); in != nil {
				o.set("updatedInput", args.fromClaudeJSON(out.Tool, in))
			}
		}
	}
	o.str("additionalContext", out.AdditionalContext)
	return nonEmpty(o)
}

// decodeShimAnswer reads a hook written for a shim's agent, leniently
// (decision or permissionDecision, updatedInput under args' names).
func decodeShimAnswer(stdout []byte, args argNames) (*canonhook.Output, error) {
	out, ok, err := readAnswer(stdout)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("hook answer is not a JSON object")
	}
	if in := argsObject(out.UpdatedInput); in != nil {
		var m map[string]json.RawMessage
		if json.Unmarshal(in, &m) == nil {
			out.UpdatedInput = args.toClaude("", m)
		}
	}
	return out, nil
}
