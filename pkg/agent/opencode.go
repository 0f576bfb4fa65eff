package agent

// OpenCode. See the book's "OpenCode" agent reference and ../shared/agent-payloads/opencode/.
var opencode = register(&Agent{
	Name:     "opencode",
	Display:  "OpenCode",
	SkillDir: ".agents/skills",
	Events:   nil,
})
