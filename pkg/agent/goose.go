package agent

// Goose. See the book's "Goose" agent reference and ../shared/agent-payloads/goose/.
var goose = register(&Agent{
	Name:     "goose",
	Display:  "Goose",
	SkillDir: ".agents/skills",
	Events:   nil,
})
