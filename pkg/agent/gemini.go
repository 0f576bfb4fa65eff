package agent

// Gemini CLI. See the book's "Gemini CLI" agent reference and ../shared/agent-payloads/gemini/.
var gemini = register(&Agent{
	Name:     "gemini",
	Display:  "Gemini CLI",
	SkillDir: ".agents/skills",
	Events:   map[string]string{PreToolUse: "BeforeTool", PostToolUse: "AfterTool", UserPromptSubmit: "BeforeAgent", SessionStart: "SessionStart"},
})
