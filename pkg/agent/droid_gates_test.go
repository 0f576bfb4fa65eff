package agent

import (
	"strings"
	"testing"
)

func TestDroidGates(t *testing.T) {
	settings := `{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "cargo-agents hook droid pre-tool-use"}]}]}}`
	tests := []struct {
		name  string
		files map[string]string
		want  []string // problems, $WS replaced
	}{
		{name: "settings.json alone: hooks run", files: map[string]string{"ws/.factory/settings.json": settings}},
		{name: "a hooks.json but none of our hooks", files: map[string]string{"ws/.factory/hooks.json": `{}`}},
		{
			// where registering puts them when a hooks.json exists
			name:  "ours in the hooks.json",
			files: map[string]string{"ws/.factory/settings.json": `{"model": "m"}`, "ws/.factory/hooks.json": `{"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "cargo-agents hook droid pre-tool-use"}]}]}`},
		},
		{
			name:  "hooks.json beside our settings.json",
			files: map[string]string{"ws/.factory/settings.json": settings, "ws/.factory/hooks.json": `{"PostToolUse": []}`},
			want:  []string{"Factory Droid skips the hooks in $WS/.factory/settings.json: $WS/.factory/hooks.json exists, and Droid reads it instead"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws, home := gateDirs(t, tc.files)
			var got []string
			for _, g := range droid.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: "project"}) {
				if g.Open != nil {
					t.Errorf("gate %q offers to open itself; it should not (unverified fix)", g.Problem)
				}
				got = append(got, g.Problem)
			}
			var want []string
			for _, w := range tc.want {
				want = append(want, fillPaths(w, ws, home, quotedBefore))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gates = %q, want %q", got, want)
			}
		})
	}
}
