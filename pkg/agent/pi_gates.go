package agent

// Pi's trust gate: the switch in its own configuration that makes it ignore
// what we registered (Gate, gates.go).

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// piGates: Pi 1.3.0 loads a project's .pi/extensions, .pi/mcp.json and
// .agents/skills only in a trusted project (docs/security.md; observed: no
// extension event, "ignored because the project is not trusted" from `pi
// mcp list`, no project skill in the prompt). In -p runs there is no
// prompt: the saved decision in ~/.pi/agent/trust.json ({"/abs/project":
// true}) decides (piTrust). Writing that entry made the project's MCP
// servers load.
func piGates(a *Agent, t Target) []Gate {
	if t.Workspace == "" {
		return nil
	}
	what := piProjectResources(a, t)
	trusted, decided := piTrust(t)
	if len(what) == 0 || trusted {
		return nil
	}
	trustFile := t.homeFile(".pi/agent/trust.json")
	problem := fmt.Sprintf("Pi ignores the %s in %s: the project is not trusted", strings.Join(what, ", "), t.Workspace)
	if decided {
		// The user said no (trust.json or defaultProjectTrust "never"):
		// theirs to undo.
		return []Gate{{Agent: a.Name, Problem: problem + " (your decision)",
			Fix: fmt.Sprintf(`set "%s": true in %s if you trust it`, t.Workspace, trustFile)}}
	}
	return []Gate{{
		Agent:   a.Name,
		Problem: problem,
		Fix:     fmt.Sprintf(`add "%s": true to %s (or start pi in %s and trust the project)`, t.Workspace, trustFile, t.Workspace),
		Action:  fmt.Sprintf(`add "%s": true to %s`, t.Workspace, trustFile),
		// Pi looks the key up by the canonical path (trust-manager.js).
		Open: opener(jsonSet(t, a.Name, trustFile, true, realPath(t.Workspace))),
	}}
}

// piProjectResources names what we put in the project that Pi reads only
// when it is trusted.
func piProjectResources(a *Agent, t Target) []string {
	var what []string
	shim := filepath.Join(t.Workspace, ".pi", "extensions", "symposium.js")
	t.noteRead(shim)
	if _, err := os.Stat(shim); err == nil {
		what = append(what, "hooks")
	}
	if len(objectKeys(t.readJSONC(filepath.Join(t.Workspace, ".pi", "mcp.json")), "mcpServers")) > 0 {
		what = append(what, "MCP servers")
	}
	skills := filepath.Join(t.Workspace, filepath.FromSlash(a.SkillDir))
	t.noteRead(skills)
	if entries, err := os.ReadDir(skills); err == nil && len(entries) > 0 {
		what = append(what, "skills")
	}
	return what
}

// piTrust is Pi's decision for the workspace (trust-manager.js,
// project-trust.js): the nearest entry of ~/.pi/agent/trust.json, walking up
// from the workspace, that is true or false (null entries are skipped);
// without one, the user settings' defaultProjectTrust ("always", "never"
// or "ask", which in -p runs is no). decided is false when nothing said.
func piTrust(t Target) (trusted, decided bool) {
	rules := t.readJSONC(t.homeFile(".pi/agent/trust.json"))
	byPath := map[string]bool{}
	for dir, v := range rules {
		if b, ok := v.(bool); ok {
			byPath[realPath(dir)] = b
		}
	}
	for dir := realPath(t.Workspace); ; dir = filepath.Dir(dir) {
		if b, ok := byPath[dir]; ok {
			return b, true
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	settings := t.readJSONC(t.homeFile(".pi/agent/settings.json"))
	switch v, _ := settings["defaultProjectTrust"].(string); v {
	case "always":
		return true, true
	case "never":
		return false, true
	}
	return false, false
}
