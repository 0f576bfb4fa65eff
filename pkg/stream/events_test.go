package stream

import "testing"

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
