package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// Kiro. See the book's "Kiro" agent reference and ../shared/agent-payloads/kiro/.
var kiro = &Agent{
	Name:      "kiro",
	Payload:   snakePayload,
	Display:   "Kiro",
	SkillDir:  ".kiro/skills",
	HomeMarks: []string{".kiro"},
	Wire:      kiroWire{},
	Tools:     NameTable{{"shell", "execute_bash"}, {"file_read", "fs_read"}, {"file_write", "fs_write"}, {"file_edit", "fs_write"}, {"search", "grep"}, {"find", "glob"}, {"web_search", "web_search"}, {"web_fetch", "web_fetch"}, {"agent", "use_subagent"}},
	// As a HIF provider: Kiro CLI agent files (book, "Kiro Hooks
	// Reference"). session_end is not mapped: §7.4 gives Kiro's stop to both
	// session_end and agent_stop, and a hook cannot be both; stop is
	// agent_stop.
	HIF: &HIFProvider{
		Slug: "kiro", Name: "Kiro",
		Events: NameTable{
			{"before_tool_execute", "preToolUse"}, {"after_tool_execute", "postToolUse"},
			{"session_start", "agentSpawn"}, {"before_prompt", "userPromptSubmit"}, {"agent_stop", "stop"},
		},
		ToolsIn: NameTable{{"shell", "shell"}, {"read", "file_read"}, {"write", "file_write"}},
		Blocking: NameTable{
			{"after_tool_execute", "observe"}, {"session_start", "observe"},
			{"before_prompt", "observe"}, {"agent_stop", "observe"},
		},
		ProjectHooks: ".kiro/agents/{agent}.json",
		Shape:        ShapeKiro,
		// Kiro CLI names MCP tools @server/tool and matches @server for all
		// of a server's tools (book, "Kiro Hooks Reference"); §6.3 gives
		// Kiro Claude's form, which decoding accepts too.
		MCP:     MCPNames{Prefix: "@", Sep: "/"},
		MCPIn:   []MCPNames{ClaudeMCPNames},
		Timeout: Milliseconds,
	},
	registration: &kiroRegistration,
}

// KiroAgentName is the custom agent we define; Kiro runs its hooks only in
// sessions of that agent.
const KiroAgentName = "symposium"

// Hooks: Kiro attaches hooks to a named agent, so we write our own agent
// definition, .kiro/agents/symposium.json, with flat entries {matcher?,
// command, timeout_ms} (book: Kiro reference). Without "tools" a custom agent
// has none, and it discovers no skills unless "resources" names them.
// Unregistering deletes the file. There are no Kiro captures in
// agent-payloads; this follows the book.
// MCP: .kiro/settings/mcp.json mcpServers ({command, args, env} or {url,
// headers}).
var kiroRegistration = registration{
	hooks: &hookSpec{
		project:  ".kiro/agents/" + KiroAgentName + ".json",
		global:   ".kiro/agents/" + KiroAgentName + ".json",
		ownsFile: true,
		element: func(t Target, a *Agent, ev string) ordered {
			o := ordered{}
			if ev == PreToolUse || ev == PostToolUse {
				o = append(o, member{Key: "matcher", Value: "*"})
			}
			return append(o, member{Key: "command", Value: HookCommand(t.Command, a.Name, ev)}, member{Key: "timeout_ms", Value: t.Timeout * 1000})
		},
		scaffold: func(t Target, scope string) ordered {
			resources := []string{"skill://.kiro/skills/**/SKILL.md"}
			if scope == ScopeGlobal {
				resources = append(resources, "skill://~/.kiro/skills/**/SKILL.md")
			}
			return ordered{
				{Key: "name", Value: KiroAgentName},
				{Key: "description", Value: "Kiro with the skills and hooks symposium installs for this workspace's crates"},
				{Key: "tools", Value: []string{"*"}},
				{Key: "resources", Value: resources},
			}
		},
	},
	mcp: &mcpSpec{
		project:   ".kiro/settings/mcp.json",
		global:    ".kiro/settings/mcp.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "kiro", false) },
	},
	gates: kiroGates,
}
