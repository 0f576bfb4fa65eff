package agent

// Codex CLI. See the book's "Codex CLI" agent reference and ../shared/agent-payloads/codex/.
var codex = register(&Agent{
	Name:     "codex",
	Display:  "Codex CLI",
	SkillDir: ".agents/skills",
	Events:   map[string]string{PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", UserPromptSubmit: "UserPromptSubmit", SessionStart: "SessionStart"},
})
