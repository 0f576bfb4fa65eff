// Package canonhook is the canonical (symposium) hook format: one hook event
// as a Payload, the merged answer of the plugin hooks as an Output, the
// decisions, and the Wire interface each agent's codec implements
// (pkg/agent). It knows no agent and links nothing but the standard
// library, so the hook path, the codecs, pkg/hif and sym-translate can all
// share it.
package canonhook

import (
	"encoding/json"
	"errors"
	"strings"
)

// Symposium is the name of the canonical wire format.
const Symposium = "symposium"

// Decisions a hook may take on a tool call.
const (
	Allow = "allow"
	Ask   = "ask"
	Deny  = "deny"
)

// Payload is one hook event in canonical form. Agent names the wire it was
// decoded from and Raw keeps the bytes as received, so a plugin hook written
// for the calling agent gets them untouched. Extra holds the payload's fields
// that have no canonical counterpart (transcript_path, source, ...), so
// re-encoding for the same agent loses nothing.
type Payload struct {
	Event        string          // canonical event: PreToolUse, PostToolUse, UserPromptSubmit, SessionStart
	ToolName     string          // as the agent named it
	ToolInput    json.RawMessage // object (nil when absent)
	ToolResponse json.RawMessage // any JSON value (nil when absent)
	ToolError    string          // PostToolUseFailure: what went wrong
	Prompt       string
	SessionID    string
	Cwd          string
	// StopChained: on Stop, the agent is already going on because a Stop
	// hook asked it to (Claude's, Codex's, Gemini's and Copilot's
	// stop_hook_active, Antigravity's executionNum above 0).
	StopChained bool

	Agent string                     // wire it was decoded from
	Raw   []byte                     // the payload as received
	Extra map[string]json.RawMessage // unmapped fields of Raw
}

// Output is the merged answer of the plugin hooks, in canonical form.
type Output struct {
	Decision          string          // "", allow, ask, deny
	Reason            string          // why (deny/ask), shown to the model or the user
	AdditionalContext string          // text for the model
	UpdatedInput      json.RawMessage // replacement tool input (object)
	// Block is set when a hook exited 2: the action is blocked with Reason,
	// using the agent's exit-code channel where it has one.
	Block bool
	// Tool is the tool the answer is about, as the payload named it, for
	// wires that spell a rewrite's arguments per tool (Antigravity).
	Tool string
}

// Empty reports whether o says nothing.
func (o *Output) Empty() bool {
	return o == nil || (o.Decision == "" && o.Reason == "" && o.AdditionalContext == "" && len(o.UpdatedInput) == 0 && !o.Block)
}

// Denied reports whether o blocks the action.
func (o *Output) Denied() bool { return o != nil && (o.Block || o.Decision == Deny) }

// ReasonOrDefault returns o.Reason or a generic one; some agents reject an
// empty reason.
func (o *Output) ReasonOrDefault() string {
	if r := strings.TrimSpace(o.Reason); r != "" {
		return r
	}
	return "blocked by a symposium plugin hook"
}

// ErrNotThisEvent is what Decode returns for a call that is registered on
// the agent's event but is not the canonical event this time (Antigravity's
// session start is the first model invocation of a conversation, and its
// PreInvocation fires before every one): the hook answers Proceed at once,
// runs nothing and reports no failure.
var ErrNotThisEvent = errors.New("not this event")

// Wire is one agent's hook wire format. Events are canonical everywhere.
type Wire interface {
	// Name is the agent (or "symposium") whose format this is.
	Name() string
	// Decode reads a payload the agent sent for event.
	Decode(event string, payload []byte) (*Payload, error)
	// Encode renders out as the agent's answer: what to print on stdout and
	// stderr and the exit code.
	Encode(event string, out *Output) (stdout []byte, exitCode int, stderr []byte)
	// EncodeInput renders p as this agent would have sent it, for a plugin
	// hook declared with format = Name().
	EncodeInput(p *Payload) ([]byte, error)
	// DecodeOutput reads the answer of a plugin hook declared with
	// format = Name() that exited with exit (never 2: that is a block in
	// every format and the dispatcher handles it).
	DecodeOutput(event string, stdout []byte, exit int) (*Output, error)
	// ProceedExit is the exit code that lets the agent go on.
	ProceedExit() int
	// Proceed is the stdout that lets the agent go on with event (nil,
	// "{}", or an explicit allow where silence would deny).
	Proceed(event string) []byte
}
