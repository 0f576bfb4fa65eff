package agent

// Claude Code. See the book's "Claude Code" agent reference and ../shared/agent-payloads/claude/.
var claude = &Agent{
	Name:     "claude",
	Display:  "Claude Code",
	SkillDir: ".claude/skills",
	Events:   map[string]string{PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", UserPromptSubmit: "UserPromptSubmit", SessionStart: "SessionStart"},
	Wire:     claudeWire{snakeWire{"claude"}},
	Tools:    map[string]string{"shell": "Bash", "file_read": "Read", "file_write": "Write", "file_edit": "Edit", "search": "Grep", "find": "Glob", "web_search": "WebSearch", "web_fetch": "WebFetch", "agent": "Agent"},
}

// Hooks: settings.json "hooks" with matcher groups, timeout in seconds.
// MCP: Claude Code 2.1.330 does not read mcpServers from settings.json (the
// book's table is wrong there; agent-payloads/claude/output-contract.md):
// project servers live in .mcp.json, where they wait for approval (a gate).
var _ = addRegistration(claude, &registration{
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
		entry:     claudeStyleEntry("claude", true),
	},
	gates: claudeGates,
})
