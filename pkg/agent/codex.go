package agent

import (
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Codex CLI. See the book's "Codex CLI" agent reference and ../shared/agent-payloads/codex/.
var codex = &Agent{
	Name:      "codex",
	Payload:   snakePayload,
	Display:   "Codex CLI",
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".codex"},
	Wire:      codexWire{snakeWire{"codex"}},
	// Codex reports its shell tool as "Bash", like Claude.
	Tools: NameTable{{"shell", "Bash"}, {"file_read", "Read"}, {"file_write", "Write"}, {"file_edit", "Edit"}, {"search", "Grep"}, {"find", "Glob"}, {"web_search", "WebSearch"}, {"web_fetch", "WebFetch"}, {"agent", "Agent"}},
	// As a HIF provider: Claude's shape from .codex/hooks.json with Codex's
	// own event list (app-server HookEventName, codex/output-contract.md).
	// It honours permissionDecision allow + updatedInput (observed), has no
	// async mode and runs command handlers only.
	HIF: &HIFProvider{
		Slug: "codex", Name: "Codex CLI",
		Events: NameTable{
			{"before_tool_execute", "PreToolUse"}, {"after_tool_execute", "PostToolUse"},
			{"session_start", "SessionStart"}, {"session_end", "SessionEnd"},
			{"before_prompt", "UserPromptSubmit"}, {"agent_stop", "Stop"},
			{"before_compact", "PreCompact"}, {"subagent_start", "SubagentStart"},
			{"subagent_stop", "SubagentStop"}, {"permission_request", "PermissionRequest"},
		},
		Caps:         []string{"structured_output", "input_rewrite"},
		Blocking:     claudeBlocking,
		ProjectHooks: ".codex/hooks.json",
		Shape:        ShapeGrouped,
		MCP:          ClaudeMCPNames,
		Timeout:      Seconds,
	},
	registration: &codexRegistration,
	homeMoves:    codexHomeMoves,
}

// Hooks: hooks.json with Claude-style groups, timeout in seconds. Codex
// 0.169.0 runs a hook only once the user trusted it (a hash of the entry in
// ~/.codex/config.toml) and reads a project's .codex/ only for a trusted
// project; codexGates says what to set. MCP: [mcp_servers.<name>] in
// .codex/config.toml (stdio, or streamable HTTP with url + http_headers; no
// SSE).
var codexRegistration = registration{
	hooks: &hookSpec{
		project: ".codex/hooks.json",
		global:  ".codex/hooks.json",
		grouped: true,
		element: codexHook,
	},
	mcp: &mcpSpec{
		project:   ".codex/config.toml",
		global:    ".codex/config.toml",
		format:    "toml",
		container: []string{"mcp_servers"},
		entry:     codexMCPEntry,
	},
	gates: codexGates,
}

// codexHook is Claude's entry plus "commandWindows", which Codex runs
// instead of "command" on Windows, with cmd.exe (%COMSPEC% /C), where the
// sh guard fails with exit 1 on every event (codex-rs
// hooks/src/engine/discovery.rs: `if cfg!(windows)
// command_windows.unwrap_or(command)`; command_runner.rs).
func codexHook(t Target, a *Agent, ev string) ordered {
	return groupElement("*", ordered{
		{Key: "type", Value: "command"},
		{Key: "command", Value: HookCommand(t.Command, a.Name, ev)},
		{Key: "commandWindows", Value: CmdHookCommand(t.Command, a.Name, ev)},
		{Key: "timeout", Value: t.Timeout},
	})
}

// codexEntryOn is a hook entry as Codex on goos hashes it for trust: the
// command it runs there in "command", without "commandWindows" (discovery.rs
// normalizes the handler so before hashing).
func codexEntryOn(goos string, entry map[string]any) map[string]any {
	win, ok := entry["commandWindows"]
	out := make(map[string]any, len(entry))
	for k, v := range entry {
		if k != "commandWindows" {
			out[k] = v
		}
	}
	if ok && goos == "windows" {
		out["command"] = win
	}
	return out
}

// Codex keeps everything user-wide in $CODEX_HOME, ~/.codex when unset, on
// every system (https://developers.openai.com/codex/environment-variables:
// "CODEX_HOME … Default ~/.codex … Sets the root for Codex state, including
// config"), so our global hooks.json and config.toml go there.
var codexHomeMoves = []homeMove{{dir: ".codex", env: "CODEX_HOME"}}

func codexMCPEntry(s stream.MCPServer) (any, error) {
	m := map[string]any{}
	switch typ := serverType(s); typ {
	case "stdio":
		m["command"] = s.Command
		if len(s.Args) > 0 {
			m["args"] = toAnySlice(s.Args)
		}
		if len(s.Env) > 0 {
			m["env"] = toAnyMap(s.Env)
		}
	case "http":
		m["url"] = s.URL
		if len(s.Headers) > 0 {
			m["http_headers"] = toAnyMap(s.Headers)
		}
	default:
		return nil, errTransport("codex", typ)
	}
	return m, nil
}

func toAnySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func toAnyMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
