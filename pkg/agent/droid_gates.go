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
// instead of settings.json's "hooks" (Factory's hooks docs), and Droid
// 0.225.2 did skip our entries there when a .factory/hooks.json existed
// (scripts/e2e-agents-live.sh: the blocked call ran, the hooks.json hook
// fired). Registering puts ours in that hooks.json when it exists
// (hookSpec.instead), so this only shows while one made after the last
// sync stands beside a settings.json holding ours. No Open: sync is the
// fix, and it edits the user's hook files.
func droidGates(a *Agent, t Target) []Gate {
	var gates []Gate
	for _, f := range ourHookFiles(a, t) {
		hj := filepath.Join(filepath.Dir(f), "hooks.json")
		t.noteRead(hj)
		if _, err := os.Stat(hj); err == nil {
			gates = append(gates, Gate{
				Agent:   a.Name,
				Problem: fmt.Sprintf("Factory Droid skips the hooks in %s: %s exists, and Droid reads it instead", f, hj),
				Fix:     fmt.Sprintf("run `cargo agents sync`: it moves symposium's hook entries from %s into %s, beside yours", f, hj),
			})
		}
	}
	return gates
}
