package agent

// Amp's gate: what makes it ignore what we registered (Gate, gates.go).

// ampGates: Amp runs plugins only when started with PLUGINS=all in its
// environment ("If the PLUGINS env var is not set, plugins are disabled":
// Amp's manual, Plugin API). That is the user's environment, not a file we
// may edit, so the gate has no Open: it is closed unless the environment
// symposium runs in (which an amp started from the same shell shares)
// already has PLUGINS=all.
func ampGates(a *Agent, t Target) []Gate {
	if t.getenv("PLUGINS") == "all" {
		return nil
	}
	return []Gate{{
		Agent:   a.Name,
		Problem: "Amp runs plugins, and so symposium's hooks, only when PLUGINS=all is set in its environment",
		Fix:     "start Amp as `PLUGINS=all amp`, or add `export PLUGINS=all` to your shell profile",
	}}
}
