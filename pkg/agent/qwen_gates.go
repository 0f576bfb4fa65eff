package agent

// Qwen Code's trust gates: the switches in its own configuration that make it
// ignore what we register (Gate, gates.go).

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/sha256"
)

// qwenGates: Qwen Code 0.24.4 (qwen/output-contract.md, observed live).
// Folder trust is off unless security.folderTrust.enabled is true in the
// user settings; when on, an untrusted folder's project hooks and MCP
// servers are skipped without a word (trustedFolders.json rules, Gemini's).
// Project MCP servers then still wait, "Pending approval", for an
// approval in ~/.qwen/mcpApprovals.json bound to a hash of the server's
// config. disableAllHooks turns hooks off.
func qwenGates(a *Agent, t Target) []Gate {
	var gates []Gate
	userFile := t.homeFile(".qwen/settings.json")
	user := t.readJSONC(userFile)
	if t.Workspace != "" {
		projFile := filepath.Join(t.Workspace, ".qwen", "settings.json")
		proj := t.readJSONC(projFile)
		what := projectRegistrations(proj)
		trustFile := t.homeFile(".qwen/trustedFolders.json")
		if len(what) > 0 && isTrue(user, "security", "folderTrust", "enabled") && !folderRulesTrust(t, trustFile) {
			problem := fmt.Sprintf("Qwen Code ignores the %s in %s: folder trust is on in %s and %s is not a trusted folder", strings.Join(what, " and "), projFile, userFile, t.Workspace)
			gates = append(gates, trustFolderGate(a, t, problem, trustFile, "run qwen in %s and trust the folder"))
		}
		gates = append(gates, qwenMCPApprovals(a, t, projFile, proj)...)
	}
	return append(gates, disableAllHooksGates(a, t, ourHookFiles(a, t), "Qwen Code runs none of the hooks in %s: it sets disableAllHooks")...)
}

// qwenMCPApprovals: the project servers in projFile that Qwen will not
// start until approved. A server the user rejected (for this config) is
// the user's decision: reported, never opened.
func qwenMCPApprovals(a *Agent, t Target, projFile string, proj map[string]any) []Gate {
	approvalsFile := t.homeFile(".qwen/mcpApprovals.json")
	approvals := t.readJSONC(approvalsFile)
	servers, _ := lookup(proj, "mcpServers")
	m, _ := servers.(map[string]any)
	var pending, rejected []string
	var edits []userEdit
	for _, name := range objectKeys(proj, "mcpServers") {
		hash, err := qwenMCPHash(m[name])
		if err != nil {
			continue
		}
		rec, _ := lookup(approvals, filepath.Clean(t.Workspace), name)
		r, _ := rec.(map[string]any)
		switch {
		case r != nil && r["hash"] == hash && r["status"] == "approved":
		case r != nil && r["hash"] == hash && r["status"] == "rejected":
			rejected = append(rejected, name)
		default:
			pending = append(pending, name)
			value := ordered{{Key: "hash", Value: hash}, {Key: "status", Value: "approved"}}
			edits = append(edits, jsonSet(t, a.Name, approvalsFile, value, filepath.Clean(t.Workspace), name))
		}
	}
	var gates []Gate
	if len(pending) > 0 {
		gates = append(gates, Gate{
			Agent:   a.Name,
			Problem: fmt.Sprintf("Qwen Code does not start the project MCP servers in %s until they are approved (pending: %s)", projFile, strings.Join(pending, ", ")),
			Fix:     fmt.Sprintf("run qwen in %s and approve them (/mcp)", t.Workspace),
			Action:  fmt.Sprintf("approve %s for %s in %s", strings.Join(pending, ", "), t.Workspace, approvalsFile),
			Open:    opener(edits...),
		})
	}
	if len(rejected) > 0 {
		gates = append(gates, Gate{
			Agent:   a.Name,
			Problem: fmt.Sprintf("Qwen Code does not start the project MCP servers %s: %s records that you rejected them", strings.Join(rejected, ", "), approvalsFile),
			Fix:     fmt.Sprintf("run qwen in %s and approve them (/mcp)", t.Workspace),
		})
	}
	return gates
}

// qwenMCPHash is Qwen's hashMcpServerConfig (chunk-CK5HUN74.js:12825): the
// SHA-256 of the config as compact JSON with every object's keys sorted,
// without its non-behavioural fields. encoding/json sorts map keys; HTML
// escaping is off to match JSON.stringify.
func qwenMCPHash(config any) (string, error) {
	m, ok := config.(map[string]any)
	if !ok {
		return "", fmt.Errorf("not an object")
	}
	behavioral := map[string]any{}
	for k, v := range m {
		if k != "scope" && k != "extensionName" && k != "description" {
			behavioral[k] = v
		}
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(behavioral); err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(strings.TrimSuffix(b.String(), "\n")))
	return hex.EncodeToString(sum[:]), nil
}
