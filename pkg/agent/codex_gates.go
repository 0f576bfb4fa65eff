package agent

// Codex's trust gates: the switches in its own configuration that make it
// ignore what we register (Gate, gates.go).

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/sha256"
)

// codexGates: Codex 0.169.0 reads a project's .codex/ (hooks.json,
// config.toml) only when ~/.codex/config.toml marks the project trusted;
// runs a hook only when [hooks.state."<file>:<event>:<group>:<handler>"]
// trusted_hash matches the entry's hash (untrusted hooks are skipped
// without a word); and runs none when [features] hooks is false.
func codexGates(a *Agent, t Target) []Gate {
	var gates []Gate
	cfgFile := t.homeFile(".codex/config.toml")
	cfg := t.readTOML(cfgFile)
	if t.Workspace != "" {
		var what []string
		hooksFile := a.HookFile(t, ScopeProject)
		if len(ourHandlers(t.readJSONC(hooksFile))) > 0 {
			what = append(what, "hooks in "+hooksFile)
		}
		mcpFile := filepath.Join(t.Workspace, ".codex", "config.toml")
		if len(objectKeys(t.readTOML(mcpFile), "mcp_servers")) > 0 {
			what = append(what, "MCP servers in "+mcpFile)
		}
		if len(what) > 0 && !codexProjectTrusted(cfg, t.Workspace) {
			gates = append(gates, Gate{
				Agent:   a.Name,
				Problem: fmt.Sprintf("Codex ignores the %s: the project %s is not trusted", strings.Join(what, " and "), t.Workspace),
				Fix:     fmt.Sprintf("add to %s:\n[projects.%q]\ntrust_level = \"trusted\"", cfgFile, t.Workspace),
				Action:  fmt.Sprintf(`set trust_level = "trusted" for the project %s in %s`, t.Workspace, cfgFile),
				Open:    opener(tomlSet(a.Name, t.Workspace, cfgFile, "trusted", "projects", t.Workspace, "trust_level")),
			})
		}
	}
	files := ourHookFiles(a, t)
	if len(files) == 0 {
		return gates
	}
	for _, k := range []string{"hooks", "codex_hooks"} {
		if isFalse(cfg, "features", k) {
			gates = append(gates, Gate{
				Agent:   a.Name,
				Problem: fmt.Sprintf("Codex runs no hooks: %s sets [features] %s = false", cfgFile, k),
				Fix:     fmt.Sprintf("set [features] hooks = true in %s (and drop %s = false)", cfgFile, k),
			})
		}
	}
	// workspace: the project whose hooks file it is; "" for the global one.
	type hookTrust struct{ key, hash, workspace string }
	var untrusted []hookTrust
	for _, f := range files {
		for _, h := range ourHandlers(t.readJSONC(f)) {
			if h.handler < 0 {
				continue // not a Codex handler shape; Codex ignores it anyway
			}
			key, hash := CodexHookTrust(f, h.event, h.group, h.handler, h.matcher, codexEntryOn(t.Host.OS(), h.entry))
			if got, _ := lookup(cfg, "hooks", "state", key, "trusted_hash"); got != hash {
				ws := ""
				if t.Workspace != "" && within(t.Workspace, f) {
					ws = t.Workspace
				}
				untrusted = append(untrusted, hookTrust{key, hash, ws})
			}
		}
	}
	if len(untrusted) > 0 {
		tables := make([]string, len(untrusted))
		var edits []userEdit
		for i, h := range untrusted {
			tables[i] = fmt.Sprintf("[hooks.state.%q]\ntrusted_hash = %q", h.key, h.hash)
			edits = append(edits, tomlSet(a.Name, h.workspace, cfgFile, h.hash, "hooks", "state", h.key, "trusted_hash"))
		}
		gates = append(gates, Gate{
			Agent:   a.Name,
			Problem: fmt.Sprintf("Codex skips %d symposium hook(s) until you trust them", len(untrusted)),
			Fix:     fmt.Sprintf("review them with /hooks in codex, or add to %s:\n%s", cfgFile, strings.Join(tables, "\n")),
			Action:  fmt.Sprintf("record the trusted_hash of %d symposium hook(s) under [hooks.state] in %s", len(untrusted), cfgFile),
			Open:    opener(edits...),
		})
	}
	return gates
}

func codexProjectTrusted(cfg map[string]any, ws string) bool {
	projects, _ := cfg["projects"].(map[string]any)
	rws := realPath(ws)
	for p, v := range projects {
		e, _ := v.(map[string]any)
		if lvl, _ := e["trust_level"].(string); lvl == "trusted" && (within(p, ws) || within(realPath(p), rws)) {
			return true
		}
	}
	return false
}

// CodexHookTrust returns the hooks.state key and the trusted_hash Codex
// 0.169.0 expects for one handler (recipe verified byte-exact against
// `codex app-server` hooks/list in agent-payloads/codex/output-contract.md):
// sha256 of the canonical JSON (sorted keys, compact) of {event_name,
// hooks: [{async, command, timeout, type}], matcher}, where matcher is
// left out when the effective matcher is null (always for UserPromptSubmit
// and Stop) and timeout defaults to 600.
func CodexHookTrust(file, event string, group, handler int, matcher any, entry map[string]any) (key, hash string) {
	snake := codexSnake(event)
	key = fmt.Sprintf("%s:%s:%d:%d", file, snake, group, handler)
	h := map[string]any{"async": false, "type": "command", "timeout": 600}
	for k, v := range entry {
		switch k {
		case "command", "type", "async", "statusMessage":
			h[k] = v
		case "timeout", "timeoutSec":
			if f, ok := v.(float64); ok {
				h["timeout"] = int64(f)
			} else {
				h["timeout"] = v
			}
		}
	}
	ident := map[string]any{"event_name": snake, "hooks": []any{h}}
	if matcher != nil && event != "UserPromptSubmit" && event != "Stop" {
		ident["matcher"] = matcher
	}
	b, _ := marshalNoEscape(ident)
	sum := sha256.Sum256(b)
	return key, "sha256:" + hex.EncodeToString(sum[:])
}

// codexSnake turns PreToolUse into pre_tool_use.
func codexSnake(ev string) string {
	var b strings.Builder
	for i, r := range ev {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
