package stream

import "strings"

// The canonical hook events: the "event" of hook records, the keys of the
// symposium hook format, and what every agent's own event names map to.
const (
	EventPreToolUse       = "PreToolUse"
	EventPostToolUse      = "PostToolUse"
	EventUserPromptSubmit = "UserPromptSubmit"
	EventSessionStart     = "SessionStart"
	// EventStop: the agent is about to end its turn. A block asks it to
	// go on with the reason as its next instruction.
	EventStop = "Stop"
)

// CanonicalEvent maps any spelling a user writes — PreToolUse in a
// manifest, pre-tool-use on the command line, pre_tool_use — to the
// canonical event.
func CanonicalEvent(s string) (string, bool) {
	switch strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(s)) {
	case "pretooluse":
		return EventPreToolUse, true
	case "posttooluse":
		return EventPostToolUse, true
	case "userpromptsubmit":
		return EventUserPromptSubmit, true
	case "sessionstart":
		return EventSessionStart, true
	case "stop":
		return EventStop, true
	}
	return "", false
}
