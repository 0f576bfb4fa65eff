package stream

import (
	"strings"
	"testing"
)

func TestCanonicalEvent(t *testing.T) {
	for in, want := range map[string]string{"PreToolUse": "PreToolUse", "pre-tool-use": "PreToolUse", "post_tool_use": "PostToolUse", "user-prompt-submit": "UserPromptSubmit", "SessionStart": "SessionStart"} {
		if got, ok := CanonicalEvent(in); !ok || got != want {
			t.Errorf("CanonicalEvent(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := CanonicalEvent("BeforeTool"); ok {
		t.Error("BeforeTool accepted")
	}
}

// CanonicalEvent normalises as strings.ToLower after a strings.Replacer
// dropping '-' and '_' did.
func TestCanonicalEventNormalisation(t *testing.T) {
	old := func(s string) (string, bool) {
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
	for _, in := range []string{
		"", "-", "_", "--", "pre-tool-use", "PreToolUse", "pre_tool_use", "PRE-TOOL_USE", "-p-r-e-t-o-o-l-u-s-e-",
		"post--tool__use", "Stop", "STOP", "s_t_o_p", "stops", "session-start", "SessİonStart", "sessıonstart",
		"user-prompt-submit", "userprompt submit", "pre-tool-use\n", "stop\xff", "\xff", "ＳＴＯＰ",
	} {
		gotE, gotOK := CanonicalEvent(in)
		wantE, wantOK := old(in)
		if gotE != wantE || gotOK != wantOK {
			t.Errorf("CanonicalEvent(%q) = %q, %v; want %q, %v", in, gotE, gotOK, wantE, wantOK)
		}
	}
}
