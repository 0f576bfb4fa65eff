package agent

// Antigravity CLI's trust gates: the switches in its own configuration that
// make it ignore what we register (Gate, gates.go).

import (
	"fmt"
)

// antigravityGates: agy has no trust gate for hooks (§8), but it reads a
// project's .agents/hooks.json only in a session that attaches the folder.
// Whether a session will is not in any file, so with project-scope hooks
// this is always reported.
// §1.1: agy runs no hooks at all when it signs in with an API key; with
// GEMINI_API_KEY set where symposium runs, that is likely.
func antigravityGates(a *Agent, t Target) []Gate {
	var gates []Gate
	if t.Scope == ScopeProject && t.Workspace != "" {
		gates = append(gates, Gate{
			Agent:   a.Name,
			Problem: fmt.Sprintf("Antigravity CLI reads %s only in a session that attaches the folder", a.HookFile(t, ScopeProject)),
			Fix:     fmt.Sprintf("start it with `agy --add-dir %s`, or set hook-scope = \"global\" in the symposium config", shellQuote(t.Workspace)),
		})
	}
	if t.getenv("GEMINI_API_KEY") != "" {
		gates = append(gates, Gate{
			Agent:   a.Name,
			Problem: "Antigravity CLI runs no hooks when it signs in with an API key, and GEMINI_API_KEY is set",
			Fix:     "sign agy in with your Google account rather than GEMINI_API_KEY (skills and MCP servers work either way)",
		})
	}
	return gates
}
