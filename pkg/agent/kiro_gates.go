package agent

// Kiro's trust gates: the switches in its own configuration that make it
// ignore what we register (Gate, gates.go).

import (
	"fmt"
	"path/filepath"
)

// kiroGates: Kiro runs hooks only in sessions of the agent that declares
// them, so ours run only when the symposium agent is used. Kiro CLI keeps
// its default agent in ~/.kiro/settings/cli.json ("chat.defaultAgent").
// Not checked against a real Kiro here (no Kiro captures exist).
func kiroGates(a *Agent, t Target) []Gate {
	if len(ourHookFiles(a, t)) == 0 {
		return nil
	}
	f := filepath.Join(t.Home, ".kiro", "settings", "cli.json")
	if def, _ := t.readJSONC(f)["chat.defaultAgent"].(string); def == KiroAgentName {
		return nil
	}
	return []Gate{{
		Agent:   a.Name,
		Problem: fmt.Sprintf("Kiro runs symposium's hooks only in sessions of the %q agent, which is not the default agent", KiroAgentName),
		Fix:     fmt.Sprintf("run `kiro-cli settings chat.defaultAgent %s` (or start sessions with `kiro-cli chat --agent %s`)", KiroAgentName, KiroAgentName),
	}}
}
