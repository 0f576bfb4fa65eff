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
	userSettings := t.homeFile(".claude/settings.json")
	var gates []Gate
	if t.Workspace != "" {
		gates = append(gates, claudeMCPGates(a, t, userSettings)...)
	}
	return append(gates, claudeHookGates(a, t, userSettings)...)
}

// claudeApprovals gathers what Claude Code's state and project settings say
// about the workspace: whether the folder is trusted and which project
// servers were approved or rejected.
func claudeApprovals(t Target, stateFile, localSettings string) (trusted bool, enabled, disabled []string) {
	state := t.readJSONC(stateFile)
	proj, _ := lookup(state, "projects")
	pm, _ := proj.(map[string]any)
	for _, key := range []string{claudeProjectKey(t, t.Workspace), claudeProjectKey(t, realPath(t.Workspace))} {
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
	return trusted, enabled, disabled
}

// claudeProjectKey is dir as Claude Code keys it under "projects" in
// ~/.claude.json: with "/" separators on Windows (C:/src/app), where it
// never looks up a key in the system's own form. Claude Code 2.1.330's
// key function: `if(x()==="windows")return n.replaceAll("\\","/")`.
func claudeProjectKey(t Target, dir string) string {
	if t.Host.OS() == "windows" {
		return strings.ReplaceAll(dir, `\`, "/")
	}
	return dir
}

// claudeMCPGates reports the project servers in .mcp.json that Claude Code
// will not start: pending trust or approval, or rejected.
func claudeMCPGates(a *Agent, t Target, userSettings string) []Gate {
	mcp := t.readJSONC(filepath.Join(t.Workspace, ".mcp.json"))
	names := objectKeys(mcp, "mcpServers")
	if len(names) == 0 || isTrue(t.readJSONC(userSettings), "enableAllProjectMcpServers") {
		return nil
	}
	stateFile := t.homeFile(".claude.json")
	localSettings := filepath.Join(t.Workspace, ".claude", "settings.local.json")
	trusted, enabled, disabled := claudeApprovals(t, stateFile, localSettings)
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
	var gates []Gate
	if len(pending) > 0 {
		gates = append(gates, claudePendingGate(a, t, stateFile, localSettings, trusted, pending, toApprove))
	}
	if len(rejected) > 0 {
		gates = append(gates, Gate{
			Agent:   a.Name,
			Problem: fmt.Sprintf("Claude Code was told not to start the project MCP servers %s", strings.Join(rejected, ", ")),
			Fix:     fmt.Sprintf(`remove them from "disabledMcpjsonServers" in %s (or under projects.%q in %s)`, localSettings, claudeProjectKey(t, t.Workspace), stateFile),
		})
	}
	return gates
}

// claudePendingGate is the gate for servers waiting on folder trust or
// approval, with the edits that would trust the folder and approve them.
func claudePendingGate(a *Agent, t Target, stateFile, localSettings string, trusted bool, pending, toApprove []string) Gate {
	var steps []string
	var edits []userEdit
	if !trusted {
		key := claudeProjectKey(t, t.Workspace)
		steps = append(steps, fmt.Sprintf(`set "hasTrustDialogAccepted": true under "projects" > %q in %s`, key, stateFile))
		edits = append(edits, jsonSet(t, a.Name, stateFile, true, "projects", key, "hasTrustDialogAccepted"))
	}
	if len(toApprove) > 0 {
		steps = append(steps, fmt.Sprintf(`add %s to "enabledMcpjsonServers" in %s`, quoteList(toApprove), localSettings))
		for _, n := range toApprove {
			edits = append(edits, jsonAppend(t, a.Name, localSettings, n, "enabledMcpjsonServers"))
		}
	}
	return Gate{
		Agent:   a.Name,
		Problem: fmt.Sprintf("Claude Code does not start the project MCP servers in %s until the folder is trusted and they are approved (pending: %s)", filepath.Join(t.Workspace, ".mcp.json"), strings.Join(pending, ", ")),
		Fix:     fmt.Sprintf(`run claude in %s, trust the folder and approve them; or %s`, t.Workspace, strings.Join(steps, " and ")),
		Action:  strings.Join(steps, ", and "),
		Open:    opener(edits...),
	}
}

// claudeHookGates reports settings files that set disableAllHooks while we
// have hooks registered.
func claudeHookGates(a *Agent, t Target, userSettings string) []Gate {
	if len(ourHookFiles(a, t)) == 0 {
		return nil
	}
	var gates []Gate
	files := []string{userSettings}
	if t.Workspace != "" {
		files = append(files, filepath.Join(t.Workspace, ".claude", "settings.json"), filepath.Join(t.Workspace, ".claude", "settings.local.json"))
	}
	return append(gates, disableAllHooksGates(a, t, files, "Claude Code runs no hooks: %s sets disableAllHooks")...)
}
