package hif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Output is a hook's canonical JSON output (§5.1, §5.3).
type Output struct {
	Decision       string         `json:"decision,omitempty"` // allow, deny or ask
	Reason         string         `json:"reason,omitempty"`
	Continue       *bool          `json:"continue,omitempty"`
	Context        string         `json:"context,omitempty"`
	UpdatedInput   map[string]any `json:"updated_input,omitempty"`   // input_rewrite
	SuppressOutput bool           `json:"suppress_output,omitempty"` // structured_output
	SystemMessage  string         `json:"system_message,omitempty"`  // structured_output
}

// Outcome is what a hook's result means for the triggering action.
type Outcome struct {
	Block  bool   // the action is prevented
	Ask    bool   // the user is asked to confirm
	Stop   bool   // the agent should stop its loop (continue: false)
	Reason string // why it was blocked or asked, or the hook error's stderr
	Error  bool   // the hook failed: a non-blocking warning, the action proceeds
	Output Output // the parsed stdout (zero when there was none)
}

// Interpret applies the exit code contract (§4) and its interaction with
// the JSON output (§5.2) to one hook run. interactive says whether the
// agent can ask the user; without it "ask" is treated as "deny".
func Interpret(exitCode int, stdout, stderr []byte, blocking, interactive bool) Outcome {
	errText := strings.TrimSpace(string(stderr))
	switch exitCode {
	case 0:
	case 2:
		if blocking {
			return Outcome{Block: true, Reason: errText}
		}
		return Outcome{Error: true, Reason: errText} // exit 2 of a non-blocking hook is exit 1
	default:
		return Outcome{Error: true, Reason: errText}
	}
	var out Output
	if b := bytes.TrimSpace(stdout); len(b) > 0 {
		if err := json.Unmarshal(b, &out); err != nil {
			return Outcome{Error: true, Reason: fmt.Sprintf("hook output is not JSON: %v", err)}
		}
	}
	o := Outcome{Output: out, Reason: out.Reason}
	if out.Continue != nil && !*out.Continue {
		o.Stop = true
	}
	decision := out.Decision
	if decision == "ask" && !interactive {
		decision = "deny"
	}
	switch decision {
	case "deny":
		if blocking {
			o.Block = true
		} else {
			o.Error = true // a deny is exit 2, which a non-blocking hook cannot give
		}
	case "ask":
		o.Ask = true
	}
	return o
}
