package agent

import (
	"strings"
	"testing"
)

// TestAmpGates: Amp runs plugins only under PLUGINS=all, an environment
// variable we must not set for the user: the gate shows (with no Open)
// unless the environment symposium runs in has it, and its fix is in the
// syntax of the system's shells (`VAR=value cmd` is sh's, not PowerShell's
// or cmd.exe's).
func TestAmpGates(t *testing.T) {
	for _, tc := range []struct {
		name, goos, plugins string
		closed              bool
		fix                 []string // in the fix
		notFix              string   // not in it
	}{
		{"unset", "linux", "", true, []string{"`PLUGINS=all amp`", "export PLUGINS=all"}, "$env:"},
		{"another value", "linux", "none", true, []string{"`PLUGINS=all amp`"}, "setx"},
		{"PLUGINS=all", "linux", "all", false, nil, ""},
		{"windows unset", "windows", "", true, []string{"`$env:PLUGINS = 'all'; amp`", "`setx PLUGINS all`"}, "export"},
		{"windows PLUGINS=all", "windows", "all", false, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, home := gateDirs(t, nil)
			env := map[string]string{"PLUGINS": tc.plugins}
			tgt := Target{Workspace: ws, Home: home, Scope: ScopeProject, Host: Host{GOOS: tc.goos}, Getenv: func(k string) string { return env[k] }}
			gates := amp.Gates(realFiles(), tgt)
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
			for _, want := range tc.fix {
				if !strings.Contains(g.Fix, want) {
					t.Errorf("fix %q does not say %q", g.Fix, want)
				}
			}
			if strings.Contains(g.Fix, tc.notFix) {
				t.Errorf("fix %q says %q, another system's shell syntax", g.Fix, tc.notFix)
			}
		})
	}
}
