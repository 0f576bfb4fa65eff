package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// OpenCode. See the book's "OpenCode" agent reference and ../shared/agent-payloads/opencode/.
var opencode = &Agent{
	Name:      "opencode",
	Display:   "OpenCode",
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".config/opencode"},
}

// No shell hooks (plugins are JS). MCP: opencode.json "mcp": local servers
// take the command as one array and need "enabled" (1.18.33 rejects the
// config otherwise; agent-payloads/opencode/output-contract.md). OpenCode
// reads opencode.jsonc as well: a user's .jsonc is edited in place (with its
// comments) rather than a second file created beside it.
var _ = addRegistration(opencode, &registration{
	mcp: &mcpSpec{
		project:    "opencode.json",
		global:     ".config/opencode/opencode.json",
		format:     "json",
		container:  []string{"mcp"},
		entry:      opencodeMCPEntry,
		alternates: []string{"opencode.jsonc"},
	},
})

func opencodeMCPEntry(s stream.MCPServer) (any, error) {
	switch typ := serverType(s); typ {
	case "stdio":
		return dropEmpty(ordered{
			{"type", "local"},
			{"command", append([]string{s.Command}, s.Args...)},
			{"environment", stringMap(s.Env)},
			{"enabled", true},
		}), nil
	case "http", "sse":
		return dropEmpty(ordered{{"type", "remote"}, {"url", s.URL}, {"headers", stringMap(s.Headers)}, {"enabled", true}}), nil
	default:
		return nil, errTransport("opencode", typ)
	}
}
