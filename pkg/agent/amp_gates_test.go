package agent

import (
	"strings"
	"testing"
)

// TestAmpGates: Amp runs plugins only under PLUGINS=all, an environment
// variable we must not set for the user: the gate shows (with no Open)
// unless the environment symposium runs in has it.
func TestAmpGates(t *testing.T) {
	for _, tc := range []struct {
		name, plugins string
		closed        bool
	}{
		{"unset", "", true},
		{"another value", "none", true},
		{"PLUGINS=all", "all", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, home := gateDirs(t, nil)
			env := map[string]string{"PLUGINS": tc.plugins}
			gates := amp.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: ScopeProject, Getenv: func(k string) string { return env[k] }})
			if got := len(gates) == 1; got != tc.closed {
				t.Fatalf("gates = %+v, want closed %v", gates, tc.closed)
			}
			if !tc.closed {
				return
			}
			g := gates[0]
			if g.Open != nil || g.Action != "" {
				t.Errorf("gate can be opened (%q): the user's environment is theirs to set", g.Action)
			}
			if !strings.Contains(g.Fix, "PLUGINS=all amp") {
				t.Errorf("fix %q does not say how to start Amp", g.Fix)
			}
		})
	}
}
