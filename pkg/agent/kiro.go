package agent

// Kiro. See the book's "Kiro" agent reference and ../shared/agent-payloads/kiro/.
var kiro = register(&Agent{
	Name:     "kiro",
	Display:  "Kiro",
	SkillDir: ".kiro/skills",
	Events:   map[string]string{PreToolUse: "preToolUse", PostToolUse: "postToolUse", UserPromptSubmit: "userPromptSubmit", SessionStart: "agentSpawn"},
})
