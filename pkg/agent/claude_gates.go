package agent

// Claude Code's trust gates: the switches in its own configuration that make it
// ignore what we register (Gate, gates.go).

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// claudeGates: Claude Code 2.1.330 shows project servers from .mcp.json as
// "Pending approval" and does not start them until the folder is trusted
// (projects.<dir>.hasTrustDialogAccepted in ~/.claude.json, set by the
// trust dialog) and each server is approved (enabledMcpjsonServers in
// .claude/settings.local.json or .claude/settings.json, where the approval
// prompt puts it; older versions kept it in ~/.claude.json, which 2.1.330
// moves to settings.local.json), or until the user's ~/.claude/settings.json
// sets enableAllProjectMcpServers. Checked with `claude mcp list`.
// disableAllHooks in any settings file turns every hook off.
func claudeGates(a *Agent, t Target) []Gate {
	var gates []Gate
	userSettings := filepath.Join(t.Home, ".claude", "settings.json")
	if t.Workspace != "" {
		mcp := t.readJSONC(filepath.Join(t.Workspace, ".mcp.json"))
		if names := objectKeys(mcp, "mcpServers"); len(names) > 0 && !isTrue(t.readJSONC(userSettings), "enableAllProjectMcpServers") {
			stateFile := filepath.Join(t.Home, ".claude.json")
			localSettings := filepath.Join(t.Workspace, ".claude", "settings.local.json")
			state := t.readJSONC(stateFile)
			proj, _ := lookup(state, "projects")
			pm, _ := proj.(map[string]any)
			trusted := false
			var enabled, disabled []string
			for _, key := range []string{t.Workspace, realPath(t.Workspace)} {
				if e, ok := pm[key].(map[string]any); ok {
					trusted = trusted || e["hasTrustDialogAccepted"] == true
					enabled = append(enabled, stringList(e["enabledMcpjsonServers"])...)
					disabled = append(disabled, stringList(e["disabledMcpjsonServers"])...)
				}
			}
			for _, f := range []string{filepath.Join(t.Workspace, ".claude", "settings.json"), localSettings} {
				m := t.readJSONC(f)
				enabled = append(enabled, stringList(m["enabledMcpjsonServers"])...)
				disabled = append(disabled, stringList(m["disabledMcpjsonServers"])...)
			}
			var pending, toApprove, rejected []string
			for _, n := range names {
				switch {
				case slices.Contains(disabled, n):
					rejected = append(rejected, n)
				case !slices.Contains(enabled, n):
					pending = append(pending, n)
					toApprove = append(toApprove, n)
				case !trusted:
					pending = append(pending, n)
				}
			}
			if len(pending) > 0 {
				var steps []string
				var edits []userEdit
				if !trusted {
					steps = append(steps, fmt.Sprintf(`set "hasTrustDialogAccepted": true under "projects" > %q in %s`, t.Workspace, stateFile))
					edits = append(edits, jsonSet(t, a.Name, stateFile, true, "projects", t.Workspace, "hasTrustDialogAccepted"))
				}
				if len(toApprove) > 0 {
					steps = append(steps, fmt.Sprintf(`add %s to "enabledMcpjsonServers" in %s`, quoteList(toApprove), localSettings))
					for _, n := range toApprove {
						edits = append(edits, jsonAppend(t, a.Name, localSettings, n, "enabledMcpjsonServers"))
					}
				}
				gates = append(gates, Gate{
					Agent:   a.Name,
					Problem: fmt.Sprintf("Claude Code does not start the project MCP servers in %s until the folder is trusted and they are approved (pending: %s)", filepath.Join(t.Workspace, ".mcp.json"), strings.Join(pending, ", ")),
					Fix:     fmt.Sprintf(`run claude in %s, trust the folder and approve them; or %s`, t.Workspace, strings.Join(steps, " and ")),
					Action:  strings.Join(steps, ", and "),
					Open:    opener(edits...),
				})
			}
			if len(rejected) > 0 {
				gates = append(gates, Gate{
					Agent:   a.Name,
					Problem: fmt.Sprintf("Claude Code was told not to start the project MCP servers %s", strings.Join(rejected, ", ")),
					Fix:     fmt.Sprintf(`remove them from "disabledMcpjsonServers" in %s (or under projects.%q in %s)`, localSettings, t.Workspace, stateFile),
				})
			}
		}
	}
	if len(ourHookFiles(a, t)) > 0 {
		files := []string{userSettings}
		if t.Workspace != "" {
			files = append(files, filepath.Join(t.Workspace, ".claude", "settings.json"), filepath.Join(t.Workspace, ".claude", "settings.local.json"))
		}
		for _, f := range files {
			if isTrue(t.readJSONC(f), "disableAllHooks") {
				gates = append(gates, Gate{
					Agent:   a.Name,
					Problem: fmt.Sprintf("Claude Code runs no hooks: %s sets disableAllHooks", f),
					Fix:     fmt.Sprintf(`remove "disableAllHooks": true from %s`, f),
				})
			}
		}
	}
	return gates
}
