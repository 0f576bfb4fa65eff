package hif

import (
	"strings"
	"testing"
)

// TestKiroV3DecodeErrors: a broken v3 hook file is an error naming the
// entry and field, never a silently empty conversion.
func TestKiroV3DecodeErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"hooks not an array", `{"version":"v1","hooks":{"PreToolUse":[]}}`, "hooks: want an array"},
		{"entry not an object", `{"version":"v1","hooks":[7]}`, "/hooks/0: want a hook entry object"},
		{"no trigger", `{"version":"v1","hooks":[{"action":{"type":"command","command":"x"}}]}`, "/hooks/0/trigger: required"},
		{"no command", `{"version":"v1","hooks":[{"trigger":"Stop","action":{"type":"command"}}]}`, "/hooks/0/action/command: required"},
		{"unknown action", `{"version":"v1","hooks":[{"trigger":"Stop","action":{"type":"webhook"}}]}`, `unknown action type "webhook"`},
		{"timeout not a number", `{"version":"v1","hooks":[{"trigger":"Stop","action":{"type":"command","command":"x"},"timeout":"9"}]}`, "/hooks/0/timeout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Decode(ProviderKiroV3, "h.json", []byte(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
