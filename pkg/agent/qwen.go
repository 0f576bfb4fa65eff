package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// Qwen Code. See ../shared/agent-payloads/qwen/output-contract.md (0.24.4,
// observed live): a Gemini CLI fork whose hooks are Claude Code's (event
// names, matcher groups, snake_case payloads, hookSpecificOutput).
var qwen = &Agent{
	Name:    "qwen",
	Payload: snakePayload,
	Display: "Qwen Code",
	// Qwen lists .qwen/skills, .agents/skills and .claude/skills (and
	// ~/.qwen/skills, ~/.agents/skills, not ~/.claude/skills): the shared
	// .agents/skills serves it.
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".qwen"},
	Binary:    "qwen",
	// Qwen Code 0.24.4 runs hook commands on Windows with %ComSpec% /d /s
	// /c (cmd.exe), or bash when started from Git Bash (MSYSTEM), or
	// PowerShell when ComSpec names it (getShellConfiguration in its
	// bundle); an entry's "shell" key can pick bash or powershell.
	WindowsShell:   ShellCmd,
	OfferWhenFound: true,
	// Claude's payloads and answers, with its own tool names (ToolNames,
	// chunk-RSWOFJBY.js:12). PreToolUse
	// updatedInput is ignored (firePreToolUseHook keeps only proceed,
	// reason and context), so a plugin hook's rewrite does not happen.
	Wire: claudeWire{snakeWire{"qwen"}},
	// Failed tool calls go to PostToolUseFailure, as in Claude Code.
	Registers: NameTable{{PostToolUseFailure, "PostToolUseFailure"}},
	Tools:     NameTable{{"shell", "run_shell_command"}, {"file_read", "read_file"}, {"file_write", "write_file"}, {"file_edit", "edit"}, {"search", "grep_search"}, {"find", "glob"}, {"web_search", "web_search"}, {"web_fetch", "web_fetch"}, {"agent", "agent"}},
	// As a HIF provider: Claude's shape in .qwen/settings.json with Qwen's
	// own event enum (HookEventName, chunk-QA5TENCT.js:94-120); no
	// input_rewrite (updatedInput is ignored on PreToolUse).
	HIF: &HIFProvider{
		Slug: "qwen-code", Name: "Qwen Code",
		Events: NameTable{
			{"before_tool_execute", "PreToolUse"}, {"after_tool_execute", "PostToolUse"},
			{"session_start", "SessionStart"}, {"session_end", "SessionEnd"},
			{"before_prompt", "UserPromptSubmit"}, {"agent_stop", "Stop"},
			{"before_compact", "PreCompact"}, {"notification", "Notification"},
			{"error_occurred", "StopFailure"}, {"subagent_start", "SubagentStart"},
			{"subagent_stop", "SubagentStop"}, {"permission_request", "PermissionRequest"},
		},
		Caps:         []string{"structured_output"},
		Blocking:     claudeBlocking,
		ProjectHooks: ".qwen/settings.json",
		Shape:        ShapeGrouped,
		MCP:          ClaudeMCPNames,
		Timeout:      Seconds,
	},

	// The project skills directories it reads: qwen/output-contract.md (live) (LANDSCAPE.md).
	SkillReads:   []string{".qwen/skills", ".agents/skills", ".claude/skills"},
	registration: &qwenRegistration,
	homeMoves:    qwenHomeMoves,
}

// Hooks: settings.json "hooks" with matcher groups, timeout in seconds
// (a value of 1000 or more is read as legacy milliseconds). Qwen does not
// read .claude/settings.json. MCP: settings.json mcpServers in Claude's
// form; project servers wait for approval in ~/.qwen/mcpApprovals.json
// (qwenGates).
var qwenRegistration = registration{
	hooks: &hookSpec{
		project: ".qwen/settings.json",
		global:  ".qwen/settings.json",
		grouped: true,
		element: claudeStyleHook,
	},
	mcp: &mcpSpec{
		project:   ".qwen/settings.json",
		global:    ".qwen/settings.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "qwen", true) },
	},
	gates: qwenGates,
}

// QWEN_HOME replaces ~/.qwen (settings.json, trustedFolders.json,
// mcpApprovals.json); a leading "~" is the home directory
// (@qwen-code/qwen-code 0.24.4 cli-entry.js resolveQwenHome; its
// settings docs: "Customizes the global configuration directory (default:
// ~/.qwen)"). Qwen also takes QWEN_HOME from ~/.qwen/.env or ~/.env when
// the environment lacks it; we do not read those files.
var qwenHomeMoves = []homeMove{{dir: ".qwen", env: "QWEN_HOME", tilde: true}}
