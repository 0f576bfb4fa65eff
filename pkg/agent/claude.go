package agent

// Claude Code. See the book's "Claude Code" agent reference and ../shared/agent-payloads/claude/.
var claude = register(&Agent{
	Name:     "claude",
	Display:  "Claude Code",
	SkillDir: ".claude/skills",
	Events:   map[string]string{PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", UserPromptSubmit: "UserPromptSubmit", SessionStart: "SessionStart"},
})
