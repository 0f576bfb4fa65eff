package stream

import "strings"

// The canonical hook events: the "event" of hook records, the keys of the
// symposium hook format, and what every agent's own event names map to.
const (
	EventPreToolUse  = "PreToolUse"
	EventPostToolUse = "PostToolUse"
	// EventPostToolUseFailure: a tool call failed (Claude Code and Qwen
	// Code send it instead of PostToolUse); the payload's error says how.
	EventPostToolUseFailure = "PostToolUseFailure"
	EventUserPromptSubmit   = "UserPromptSubmit"
	EventSessionStart       = "SessionStart"
	// EventStop: the agent is about to end its turn. A block asks it to
	// go on with the reason as its next instruction.
	EventStop = "Stop"
)

// EventArgs are the canonical events as a command line names them (`--event
// pre-tool-use`), in the order usage texts list them; CanonicalEvent reads
// each back.
var EventArgs = []string{"pre-tool-use", "post-tool-use", "post-tool-use-failure", "user-prompt-submit", "session-start", "stop"}

// CanonicalEvent maps any spelling a user writes — PreToolUse in a
// manifest, pre-tool-use on the command line, pre_tool_use — to the
// canonical event.
func CanonicalEvent(s string) (string, bool) {
	switch strings.ToLower(dropSeparators(s)) {
	case "pretooluse":
		return EventPreToolUse, true
	case "posttooluse":
		return EventPostToolUse, true
	case "posttoolusefailure":
		return EventPostToolUseFailure, true
	case "userpromptsubmit":
		return EventUserPromptSubmit, true
	case "sessionstart":
		return EventSessionStart, true
	case "stop":
		return EventStop, true
	}
	return "", false
}

// dropSeparators removes every '-' and '_' from s (without a
// strings.Replacer, whose first use builds tables: the hook path calls
// this once per process).
func dropSeparators(s string) string {
	if !strings.ContainsAny(s, "-_") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '-' && c != '_' {
			b = append(b, c)
		}
	}
	return string(b)
}
