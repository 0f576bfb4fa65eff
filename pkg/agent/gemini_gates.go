package agent

// Gemini CLI's trust gates: the switches in its own configuration that make it
// ignore what we register (Gate, gates.go).

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// geminiGates: Gemini CLI 0.61.0 ignores project hooks (and project
// settings) unless the folder is trusted: folder trust is on unless the
// user settings set security.folderTrust.enabled = false; the longest
// matching rule in ~/.gemini/trustedFolders.json decides (TRUST_FOLDER,
// TRUST_PARENT = the rule's parent, DO_NOT_TRUST); no rule = not trusted in
// headless runs. hooksConfig.enabled = false turns hooks off, and names in
// hooksConfig.disabled are skipped.
func geminiGates(a *Agent, t Target) []Gate {
	var gates []Gate
	userSettings := t.homeFile(".gemini/settings.json")
	user := t.readJSONC(userSettings)
	if t.Workspace != "" {
		projFile := filepath.Join(t.Workspace, ".gemini", "settings.json")
		proj := t.readJSONC(projFile)
		what := projectRegistrations(proj)
		if len(what) > 0 && !isFalse(user, "security", "folderTrust", "enabled") && !geminiTrusted(t) {
			problem := fmt.Sprintf("Gemini CLI ignores the %s in %s: %s is not a trusted folder", strings.Join(what, " and "), projFile, t.Workspace)
			gates = append(gates, trustFolderGate(a, t, problem, t.homeFile(".gemini/trustedFolders.json"), `run gemini in %s and choose "Trust folder"`))
		}
	}
	if files := ourHookFiles(a, t); len(files) > 0 {
		settings := []string{userSettings}
		if t.Workspace != "" {
			settings = append(settings, filepath.Join(t.Workspace, ".gemini", "settings.json"))
		}
		for _, f := range settings {
			m := t.readJSONC(f)
			if isFalse(m, "hooksConfig", "enabled") {
				gates = append(gates, Gate{
					Agent:   a.Name,
					Problem: fmt.Sprintf("Gemini CLI runs no hooks: %s sets hooksConfig.enabled to false", f),
					Fix:     fmt.Sprintf(`set "hooksConfig": {"enabled": true} in %s`, f),
				})
			}
			if v, ok := lookup(m, "hooksConfig", "disabled"); ok && slices.Contains(stringList(v), geminiHookName) {
				gates = append(gates, Gate{
					Agent:   a.Name,
					Problem: fmt.Sprintf("Gemini CLI skips the %q hooks: %s lists them in hooksConfig.disabled", geminiHookName, f),
					Fix:     fmt.Sprintf(`remove %q from "hooksConfig.disabled" in %s`, geminiHookName, f),
				})
			}
		}
	}
	return gates
}

// geminiTrusted applies Gemini's trustedFolders.json rules to the workspace.
func geminiTrusted(t Target) bool {
	return folderRulesTrust(t, t.homeFile(".gemini/trustedFolders.json"))
}

// folderRulesTrust applies the trustedFolders.json rules in file (Gemini
// CLI's, which Qwen Code kept) to the workspace.
func folderRulesTrust(t Target, file string) bool {
	rules := t.readJSONC(file)
	ws := realPath(t.Workspace)
	best, level := -1, ""
	for rule, v := range rules {
		l, _ := v.(string)
		eff := rule
		if l == "TRUST_PARENT" {
			eff = filepath.Dir(rule)
		}
		if within(realPath(eff), ws) && len(rule) > best {
			best, level = len(rule), l
		}
	}
	return level == "TRUST_FOLDER" || level == "TRUST_PARENT"
}
