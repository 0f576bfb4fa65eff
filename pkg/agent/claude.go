package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// Claude Code. See the book's "Claude Code" agent reference and ../shared/agent-payloads/claude/.
var claude = &Agent{
	Name:      "claude",
	Payload:   snakePayload,
	Display:   "Claude Code",
	SkillDir:  ".claude/skills",
	HomeMarks: []string{".claude", ".claude.json"},
	Wire:      claudeWire{snakeWire{"claude"}},
	// Failed tool calls go to PostToolUseFailure, not PostToolUse.
	Registers: NameTable{{PostToolUseFailure, "PostToolUseFailure"}},
	Tools:     NameTable{{"shell", "Bash"}, {"file_read", "Read"}, {"file_write", "Write"}, {"file_edit", "Edit"}, {"search", "Grep"}, {"find", "Glob"}, {"web_search", "WebSearch"}, {"web_fetch", "WebFetch"}, {"agent", "Agent"}},
	// HIF hooks-v1 §7.4 / §8.2's claude-code column.
	HIF: &HIFProvider{
		Slug: "claude-code", Name: "Claude Code",
		Events: NameTable{
			{"before_tool_execute", "PreToolUse"}, {"after_tool_execute", "PostToolUse"},
			{"session_start", "SessionStart"}, {"session_end", "SessionEnd"},
			{"before_prompt", "UserPromptSubmit"}, {"agent_stop", "Stop"},
			{"before_compact", "PreCompact"}, {"notification", "Notification"},
			{"error_occurred", "StopFailure"}, {"subagent_start", "SubagentStart"},
			{"subagent_stop", "SubagentStop"}, {"permission_request", "PermissionRequest"},
			{"config_change", "ConfigChange"},
		},
		ToolsIn:      NameTable{{"Task", "agent"}, {"MultiEdit", "file_edit"}},
		Caps:         []string{"structured_output", "input_rewrite", "llm_evaluated", "http_handler", "async_execution"},
		Blocking:     claudeBlocking,
		ProjectHooks: ".claude/settings.json",
		Shape:        ShapeGrouped,
		MCP:          ClaudeMCPNames,
		Timeout:      Seconds,
	},
	registration: &claudeRegistration,
	homeMoves:    claudeHomeMoves,
}

// Hooks: settings.json "hooks" with matcher groups, timeout in seconds.
// MCP: Claude Code 2.1.330 does not read mcpServers from settings.json (the
// book's table is wrong there; agent-payloads/claude/output-contract.md):
// project servers live in .mcp.json, where they wait for approval (a gate).
var claudeRegistration = registration{
	hooks: &hookSpec{
		project: ".claude/settings.json",
		global:  ".claude/settings.json",
		grouped: true,
		element: claudeStyleHook,
	},
	mcp: &mcpSpec{
		project:   ".mcp.json",
		global:    ".claude.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "claude", true) },
	},
	gates: claudeGates,
}

// claudeBlocking is HIF §8.2's claude-code column (a Stop hook's block
// asks for another turn); Codex and Gemini CLI behave the same.
var claudeBlocking = NameTable{
	{"after_tool_execute", "observe"}, {"session_start", "observe"},
	{"session_end", "observe"}, {"agent_stop", "retry"},
	{"before_compact", "observe"}, {"notification", "observe"},
	{"error_occurred", "observe"}, {"subagent_start", "observe"},
	{"subagent_stop", "retry"}, {"config_change", "prevent"},
}

// CLAUDE_CONFIG_DIR moves both of Claude Code's user-wide places: the
// directory ~/.claude (settings.json, skills) and the state file
// ~/.claude.json (user MCP servers, project trust), which becomes
// $CLAUDE_CONFIG_DIR/.claude.json. Claude Code 2.1.330's binary: the
// config home is `(CLAUDE_CONFIG_DIR ?? join(homedir(),".claude"))`, and
// the global file `join(process.env.CLAUDE_CONFIG_DIR||homedir(),
// ".claude"+suffix+".json")` (suffix "" in production); it warns when
// the variable is relative.
var claudeHomeMoves = []homeMove{
	{dir: ".claude", env: "CLAUDE_CONFIG_DIR"},
	{dir: ".claude.json", env: "CLAUDE_CONFIG_DIR", elems: []string{".claude.json"}},
}
