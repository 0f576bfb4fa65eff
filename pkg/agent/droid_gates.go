package agent

// Factory Droid's gates: the switches in its own configuration that make it
// ignore what we register (Gate, gates.go).

import (
	"fmt"
	"os"
	"path/filepath"
)

// droidGates: Droid has no folder trust (project hooks fired in droid exec
// without a prompt, 0.225.2). A hooks.json beside settings.json is read
// instead of settings.json's "hooks" (Factory's hooks reference), and
// Droid 0.225.2 did skip our entries there when a .factory/hooks.json
// existed (scripts/e2e-agents-live.sh: the blocked call ran, the
// hooks.json hook fired). No Open: the user moves the entries.
func droidGates(a *Agent, t Target) []Gate {
	var gates []Gate
	for _, f := range ourHookFiles(a, t) {
		hj := filepath.Join(filepath.Dir(f), "hooks.json")
		t.noteRead(hj)
		if _, err := os.Stat(hj); err == nil {
			gates = append(gates, Gate{
				Agent:   a.Name,
				Problem: fmt.Sprintf("Factory Droid may skip the hooks in %s: %s exists, and Factory's docs say it is read instead", f, hj),
				Fix:     fmt.Sprintf(`move the cargo-agents entries from "hooks" in %s into %s (its top level is the event map)`, f, hj),
			})
		}
	}
	return gates
}
