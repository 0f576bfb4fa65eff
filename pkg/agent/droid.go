package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// Factory Droid. See ../shared/agent-payloads/droid/output-contract.md
// (0.225.2, observed live): Claude Code's hook format, payloads and
// answers.
var droid = &Agent{
	Name:    "droid",
	Payload: snakePayload,
	Display: "Factory Droid",
	// Droid lists .factory/skills, .agents/skills and .agent/skills (and
	// ~/.factory/skills, ~/.agents/skills), not .claude/skills: the shared
	// .agents/skills serves it.
	SkillDir:       ".agents/skills",
	HomeMarks:      []string{".factory"},
	Binary:         "droid",
	OfferWhenFound: true,
	// updatedInput is honoured (observed). A Stop block re-runs the turn
	// with no cap of Droid's own (94 Stops in 90 s): the payload's
	// stop_hook_active makes the hook runner let the second stop through.
	Wire: claudeWire{snakeWire{"droid"}},
	// Tool names from the payloads (Execute) and Factory's hooks reference
	// (docs.factory.ai/reference/hooks-reference: Read, Edit, Create, …).
	Tools: NameTable{{"shell", "Execute"}, {"file_read", "Read"}, {"file_write", "Create"}, {"file_edit", "Edit"}, {"search", "Grep"}, {"find", "Glob"}, {"web_search", "WebSearch"}, {"web_fetch", "FetchUrl"}, {"agent", "Task"}},
	// As a HIF provider: Claude's shape with Droid's event list (VL).
	HIF: &HIFProvider{
		Slug: "droid", Name: "Factory Droid",
		Events: NameTable{
			{"before_tool_execute", "PreToolUse"}, {"after_tool_execute", "PostToolUse"},
			{"session_start", "SessionStart"}, {"session_end", "SessionEnd"},
			{"before_prompt", "UserPromptSubmit"}, {"agent_stop", "Stop"},
			{"before_compact", "PreCompact"}, {"notification", "Notification"},
			{"subagent_stop", "SubagentStop"},
		},
		Caps:         []string{"structured_output", "input_rewrite"},
		Blocking:     claudeBlocking,
		ProjectHooks: ".factory/settings.json",
		Shape:        ShapeGrouped,
		MCP:          ClaudeMCPNames,
		Timeout:      Seconds,
	},

	// The project skills directories it reads: droid/output-contract.md (live) (LANDSCAPE.md).
	SkillReads:   []string{".factory/skills", ".agents/skills", ".agent/skills"},
	registration: &droidRegistration,
}

// Hooks: settings.json "hooks" with matcher groups, timeout in seconds
// (observed firing from .factory/settings.json and ~/.factory/settings.json).
// A hooks.json beside it, the bare event map, is read instead (Factory's
// hooks docs: "If hooks.json is absent, Droid also reads hook declarations
// from the hooks key in the matching settings.json"; Droid 0.225.2 skipped
// our settings.json entries when a .factory/hooks.json existed): when the
// user has one, ours go there.
// MCP: mcp.json mcpServers with an explicit type, no approval step.
var droidRegistration = registration{
	hooks: &hookSpec{
		project: ".factory/settings.json",
		global:  ".factory/settings.json",
		grouped: true,
		element: claudeStyleHook,
		instead: "hooks.json",
	},
	mcp: &mcpSpec{
		project:   ".factory/mcp.json",
		global:    ".factory/mcp.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     droidMCPEntry,
	},
	gates: droidGates,
}

// droidMCPEntry is Claude's form with "type" on stdio servers too, as
// the captured mcp.json has it.
func droidMCPEntry(s stream.MCPServer) (any, error) {
	e, err := claudeStyleEntry(s, "droid", true)
	if err != nil || serverType(s) != "stdio" {
		return e, err
	}
	return append(ordered{{Key: "type", Value: "stdio"}}, e.(ordered)...), nil
}
