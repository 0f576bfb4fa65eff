package agent

// GitHub Copilot. See the book's "GitHub Copilot" agent reference and ../shared/agent-payloads/copilot/.
var copilot = register(&Agent{
	Name:     "copilot",
	Display:  "GitHub Copilot",
	SkillDir: ".agents/skills",
	Events:   map[string]string{PreToolUse: "preToolUse", PostToolUse: "postToolUse", UserPromptSubmit: "userPromptSubmitted", SessionStart: "sessionStart"},
})
