package hif

import (
	"strings"
	"testing"
)

// agy rejects a whole hooks file whose lifecycle entry is a matcher group
// (contract §1.2); decoding one says which entry and why, instead of
// carrying a file agy would not load.
func TestAntigravityDecode(t *testing.T) {
	tests := []struct {
		name, in  string
		err, warn string
		hooks     int
	}{
		{name: "grouped lifecycle entry", in: `{"x": {"Stop": [{"matcher": "*", "hooks": [{"command": "a"}]}]}}`, err: "/x/Stop/0: a Stop entry is one flat handler"},
		{name: "flat tool entry", in: `{"x": {"PreToolUse": [{"command": "a"}]}}`, err: "/x/PreToolUse/0: want a matcher group"},
		{name: "not an object", in: `[1]`, err: "want an object of named hooks"},
		{name: "disabled hook left out", in: `{"off": {"enabled": false, "Stop": [{"command": "a"}]}, "on": {"Stop": [{"command": "b"}]}}`, warn: "hook 'off' dropped — it is disabled", hooks: 1},
		{name: "unknown event dropped", in: `{"x": {"UserPromptSubmit": [{"command": "a"}], "Stop": [{"command": "b"}]}}`, warn: "event 'UserPromptSubmit' dropped", hooks: 1},
		{name: "a member named hooks is a hook", in: `{"hooks": {"Stop": [{"command": "b"}]}}`, hooks: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, warns, err := Decode("antigravity", "hooks.json", []byte(tc.in))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), "hooks.json") {
					t.Fatalf("Decode = %v, want an error naming hooks.json and %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Decode = %v", err)
			}
			if len(m.Hooks) != tc.hooks {
				t.Errorf("%d hooks, want %d", len(m.Hooks), tc.hooks)
			}
			var all []string
			for _, w := range warns {
				all = append(all, w.Message)
			}
			if tc.warn != "" && !strings.Contains(strings.Join(all, "\n"), tc.warn) {
				t.Errorf("warnings %q, want one containing %q", all, tc.warn)
			}
		})
	}
}
