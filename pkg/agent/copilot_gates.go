package agent

// Copilot CLI's trust gates: the switches in its own configuration that make it
// ignore what we register (Gate, gates.go).

import (
	"fmt"
	"path/filepath"
	"strings"
)

// copilotGates: Copilot CLI 1.0.102 loads repo hooks (.github/hooks) and
// workspace MCP servers (.github/mcp.json) only in a trusted folder: one
// listed in ~/.copilot/config.json "trustedFolders", or inside one
// (observed with `copilot mcp list`), or with --trust-folder /
// COPILOT_ALLOW_ALL=true per session. disableAllHooks turns hooks off.
func copilotGates(a *Agent, t Target) []Gate {
	var gates []Gate
	cfgFile := t.homeFile(".copilot/config.json")
	cfg := t.readJSONC(cfgFile)
	if t.Workspace != "" {
		var what []string
		if p := a.HookFile(t, ScopeProject); len(ourHandlers(t.readJSONC(p))) > 0 {
			what = append(what, "hooks in "+p)
		}
		mcpFile := filepath.Join(t.Workspace, ".github", "mcp.json")
		if len(objectKeys(t.readJSONC(mcpFile), "mcpServers")) > 0 {
			what = append(what, "MCP servers in "+mcpFile)
		}
		trusted := false
		ws := realPath(t.Workspace)
		for _, f := range stringList(cfg["trustedFolders"]) {
			if within(realPath(f), ws) {
				trusted = true
			}
		}
		if len(what) > 0 && !trusted {
			gates = append(gates, Gate{
				Agent:   a.Name,
				Problem: fmt.Sprintf("Copilot CLI ignores the %s: %s is not a trusted folder", strings.Join(what, " and "), t.Workspace),
				Fix:     fmt.Sprintf(`add %q to "trustedFolders" in %s (or start copilot in %s and trust the folder)`, t.Workspace, cfgFile, t.Workspace),
				Action:  fmt.Sprintf(`add %q to "trustedFolders" in %s`, t.Workspace, cfgFile),
				Open:    opener(jsonAppend(t, a.Name, cfgFile, t.Workspace, "trustedFolders")),
			})
		}
	}
	if len(ourHookFiles(a, t)) > 0 && isTrue(cfg, "disableAllHooks") {
		gates = append(gates, Gate{
			Agent:   a.Name,
			Problem: fmt.Sprintf("Copilot CLI runs no hooks: %s sets disableAllHooks", cfgFile),
			Fix:     fmt.Sprintf(`remove "disableAllHooks": true from %s`, cfgFile),
		})
	}
	return gates
}
