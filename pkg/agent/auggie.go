package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// Auggie (Augment Code's CLI). Read from @augmentcode/auggie 0.36.0's
// augment.mjs, not run: it talks only to Augment's backend
// (../shared/agent-payloads/auggie/contract-from-code.md).
var auggie = &Agent{
	Name:    "auggie",
	Display: "Auggie",
	// Auggie lists .augment/skills, .claude/skills and .agents/skills,
	// in the workspace and in the home (jy(), Epn): the shared
	// .agents/skills serves it.
	SkillDir:       ".agents/skills",
	HomeMarks:      []string{".augment"},
	Binary:         "auggie",
	OfferWhenFound: true,
	Wire:           auggieWire{},
	Tools:          NameTable{{"shell", "launch-process"}, {"file_read", "view"}, {"file_write", "save-file"}, {"file_edit", "str-replace-editor"}, {"search", "grep-search"}, {"web_search", "web-search"}, {"web_fetch", "web-fetch"}},
	// As a HIF provider: Claude's grouped shape with Auggie's strict event
	// list (jnt: an unknown event key invalidates the hooks), timeouts in
	// milliseconds, matchers as regular expressions ("mcp:<regex>" for MCP
	// tools).
	HIF: &HIFProvider{
		Slug: "auggie", Name: "Auggie",
		Events: NameTable{
			{"before_tool_execute", "PreToolUse"}, {"after_tool_execute", "PostToolUse"},
			{"session_start", "SessionStart"}, {"session_end", "SessionEnd"},
			{"before_prompt", "PromptSubmit"}, {"agent_stop", "Stop"},
			{"notification", "Notification"},
		},
		Caps: []string{"structured_output", "input_rewrite"},
		// PromptSubmit is fired and forgotten (firePromptSubmitHook
		// does not wait for the answer). Stop's block is written as the
		// schema has it, but triggerStopHook discards onStop's result,
		// so whether 0.36.0 goes on is unknown (and it cannot loop).
		// Otherwise Claude Code's column.
		Blocking: NameTable{
			{"before_prompt", "observe"},
			{"after_tool_execute", "observe"}, {"session_start", "observe"},
			{"session_end", "observe"}, {"agent_stop", "retry"},
			{"before_compact", "observe"}, {"notification", "observe"},
			{"error_occurred", "observe"}, {"subagent_start", "observe"},
			{"subagent_stop", "retry"}, {"config_change", "prevent"},
		},
		ProjectHooks: ".augment/settings.json",
		Shape:        ShapeGrouped,
		MCP:          MCPNames{Unknown: true}, // "mcp:<regex>", against what name is not documented
		Timeout:      Milliseconds,
	},

	// The project skills directories it reads: auggie/contract-from-code.md (its code) (LANDSCAPE.md).
	SkillReads:   []string{".augment/skills", ".claude/skills", ".agents/skills"},
	registration: &auggieRegistration,
}

// Hooks: settings.json "hooks" with matcher groups (a regex; "*" is not
// one and would invalidate the file, so ".*"), timeout in milliseconds.
// MCP: mcpServers in the same file (auggie mcp add --project).
var auggieRegistration = registration{
	hooks: &hookSpec{
		project: ".augment/settings.json",
		global:  ".augment/settings.json",
		grouped: true,
		element: func(t Target, a *Agent, ev string) ordered {
			return groupElement(".*", ordered{
				{Key: "type", Value: "command"},
				{Key: "command", Value: HookCommand(t.Command, a.Name, ev)},
				{Key: "timeout", Value: t.Timeout * 1000},
			})
		},
	},
	mcp: &mcpSpec{
		project:   ".augment/settings.json",
		global:    ".augment/settings.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "auggie", true) },
	},
}
