package agent

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/sha256"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Gate is a switch in the user's own agent configuration that makes the
// agent silently ignore what we registered. A registration the agent
// ignores is worse than none, so the installer shows each closed gate.
type Gate struct {
	Agent   string // agent name
	Problem string // what the agent ignores, and why
	Fix     string // exactly what to run or set
	// Action says what Open changes, for the user to consent to. Open is
	// nil for a gate that records the user's own decision (hooks switched
	// off, a server rejected), which only the user should undo, and for
	// one whose fix we could not check against the real agent.
	Action string
	Open   func(w Files) ([]Change, error) `json:"-"`
}

// Record is g as a stream record (sym-install's "gate").
func (g Gate) Record() stream.Gate {
	return stream.Gate{Kind: stream.KindGate, Agent: g.Agent, Problem: g.Problem, Fix: g.Fix, Action: g.Action}
}

// Gates reads the user's files (never writes them) and returns every closed
// gate that stops a from running what is registered for t. The checks and
// their evidence are in each agent's gates function below; the captures in
// ../shared/agent-payloads win over the book.
func (a *Agent) Gates(f Files, t Target) []Gate {
	r := a.reg()
	if r == nil || r.gates == nil {
		return nil
	}
	t = t.withDefaults()
	t.files = f
	return r.gates(a, t)
}

// readJSONC reads a JSON (or JSONC) file as a generic value; nil when the
// file is missing or does not parse (the agent would then complain itself).
func (t Target) readJSONC(p string) map[string]any {
	t.noteRead(p)
	data, err := os.ReadFile(p)
	if err != nil || t.files == nil {
		return nil
	}
	std, err := t.files.StandardizeJSONC(data)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(std, &m) != nil {
		return nil
	}
	return m
}

// noteRead records p in t.Read.
func (t Target) noteRead(p string) {
	if t.Read != nil {
		*t.Read = append(*t.Read, p)
	}
}

// readTOML reads a TOML file as a generic value; nil when missing or broken.
func (t Target) readTOML(p string) map[string]any {
	t.noteRead(p)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	var m map[string]any
	if toml.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

// lookup walks nested objects.
func lookup(m map[string]any, keys ...string) (any, bool) {
	var cur any = m
	for _, k := range keys {
		o, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = o[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

func isFalse(m map[string]any, keys ...string) bool {
	v, ok := lookup(m, keys...)
	b, isBool := v.(bool)
	return ok && isBool && !b
}

func isTrue(m map[string]any, keys ...string) bool {
	v, ok := lookup(m, keys...)
	b, isBool := v.(bool)
	return ok && isBool && b
}

func stringList(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// objectKeys returns the sorted keys of the object at keys.
func objectKeys(m map[string]any, keys ...string) []string {
	v, _ := lookup(m, keys...)
	o, _ := v.(map[string]any)
	out := make([]string, 0, len(o))
	for k := range o {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// realPath resolves symlinks where it can (agents compare real paths).
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// within reports whether p is dir or inside it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// ourHookFiles returns the hook files (project, global) that hold one of
// our entries.
func ourHookFiles(a *Agent, t Target) []string {
	h := a.reg().hooks
	if h == nil {
		return nil
	}
	var out []string
	for _, scope := range []string{ScopeProject, ScopeGlobal} {
		p := h.file(t, scope)
		if p == "" {
			continue
		}
		if h.ownsFile {
			t.noteRead(p)
			if _, err := os.Stat(p); err == nil {
				out = append(out, p)
			}
			continue
		}
		if len(ourHandlers(t.readJSONC(p))) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// ourHandler is one of our handlers in a hooks file.
type ourHandler struct {
	event          string
	group, handler int // handler = -1 for flat entries
	entry          map[string]any
	matcher        any // the group's matcher (nil when absent)
}

// ourHandlers lists our handlers in a parsed hooks file, in file order.
func ourHandlers(doc map[string]any) []ourHandler {
	hooks, _ := doc["hooks"].(map[string]any)
	events := make([]string, 0, len(hooks))
	for ev := range hooks {
		events = append(events, ev)
	}
	sort.Strings(events)
	var out []ourHandler
	isOurs := func(h map[string]any) bool {
		for _, k := range commandKeys {
			if s, ok := h[k].(string); ok && IsOurCommand(s) {
				return true
			}
		}
		return false
	}
	for _, ev := range events {
		list, _ := hooks[ev].([]any)
		for gi, el := range list {
			m, _ := el.(map[string]any)
			if m == nil {
				continue
			}
			if hs, isGroup := m["hooks"].([]any); isGroup {
				for hi, h := range hs {
					if hm, _ := h.(map[string]any); hm != nil && isOurs(hm) {
						out = append(out, ourHandler{ev, gi, hi, hm, m["matcher"]})
					}
				}
				continue
			}
			if isOurs(m) {
				out = append(out, ourHandler{ev, gi, -1, m, nil})
			}
		}
	}
	return out
}

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
				case contains(disabled, n):
					rejected = append(rejected, n)
				case !contains(enabled, n):
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

// geminiGates: Gemini CLI 0.61.0 ignores project hooks (and project
// settings) unless the folder is trusted: folder trust is on unless the
// user settings set security.folderTrust.enabled = false; the longest
// matching rule in ~/.gemini/trustedFolders.json decides (TRUST_FOLDER,
// TRUST_PARENT = the rule's parent, DO_NOT_TRUST); no rule = not trusted in
// headless runs. hooksConfig.enabled = false turns hooks off, and names in
// hooksConfig.disabled are skipped.
func geminiGates(a *Agent, t Target) []Gate {
	var gates []Gate
	userSettings := filepath.Join(t.Home, ".gemini", "settings.json")
	user := t.readJSONC(userSettings)
	if t.Workspace != "" {
		projFile := filepath.Join(t.Workspace, ".gemini", "settings.json")
		proj := t.readJSONC(projFile)
		var what []string
		if len(ourHandlers(proj)) > 0 {
			what = append(what, "hooks")
		}
		if len(objectKeys(proj, "mcpServers")) > 0 {
			what = append(what, "MCP servers")
		}
		if len(what) > 0 && !isFalse(user, "security", "folderTrust", "enabled") && !geminiTrusted(t) {
			trustFile := filepath.Join(t.Home, ".gemini", "trustedFolders.json")
			gates = append(gates, Gate{
				Agent:   a.Name,
				Problem: fmt.Sprintf("Gemini CLI ignores the %s in %s: %s is not a trusted folder", strings.Join(what, " and "), projFile, t.Workspace),
				Fix:     fmt.Sprintf(`add "%s": "TRUST_FOLDER" to %s (or run gemini in %s and choose "Trust folder")`, t.Workspace, trustFile, t.Workspace),
				Action:  fmt.Sprintf(`add "%s": "TRUST_FOLDER" to %s`, t.Workspace, trustFile),
				Open:    opener(jsonSet(t, a.Name, trustFile, "TRUST_FOLDER", t.Workspace)),
			})
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
			if v, ok := lookup(m, "hooksConfig", "disabled"); ok && contains(stringList(v), geminiHookName) {
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
	rules := t.readJSONC(filepath.Join(t.Home, ".gemini", "trustedFolders.json"))
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

// copilotGates: Copilot CLI 1.0.102 loads repo hooks (.github/hooks) and
// workspace MCP servers (.github/mcp.json) only in a trusted folder: one
// listed in ~/.copilot/config.json "trustedFolders", or inside one
// (observed with `copilot mcp list`), or with --trust-folder /
// COPILOT_ALLOW_ALL=true per session. disableAllHooks turns hooks off.
func copilotGates(a *Agent, t Target) []Gate {
	var gates []Gate
	cfgFile := filepath.Join(t.Home, ".copilot", "config.json")
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

// codexGates: Codex 0.169.0 reads a project's .codex/ (hooks.json,
// config.toml) only when ~/.codex/config.toml marks the project trusted;
// runs a hook only when [hooks.state."<file>:<event>:<group>:<handler>"]
// trusted_hash matches the entry's hash (untrusted hooks are skipped
// without a word); and runs none when [features] hooks is false.
func codexGates(a *Agent, t Target) []Gate {
	var gates []Gate
	cfgFile := filepath.Join(t.Home, ".codex", "config.toml")
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
			key, hash := CodexHookTrust(f, h.event, h.group, h.handler, h.matcher, h.entry)
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

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
