package hif

import "github.com/symposium-dev/symposium-go/pkg/agent"

// The registries of the Hook Interchange Format 1.0.0-draft (hooks-v1.md §7,
// §9, §10), plus what each provider this package speaks supports. Where a
// live capture in agent-payloads/ contradicts the draft's tables, the capture
// wins, and the entry says so. The tool names of the agents symposium
// installs into come from pkg/agent's vocabulary (one place per agent, also
// used to match hooks); Cursor's and Windsurf's are only here.

// Event tiers (§7).
const (
	TierCore      = "core"
	TierExtended  = "extended"
	TierExclusive = "provider-exclusive"
)

// Events maps every canonical event name to its tier.
var Events = map[string]string{
	"before_tool_execute": TierCore,
	"after_tool_execute":  TierCore,
	"session_start":       TierCore,
	"session_end":         TierCore,
	"before_prompt":       TierCore,
	"agent_stop":          TierCore,

	"before_compact":     TierExtended,
	"notification":       TierExtended,
	"error_occurred":     TierExtended,
	"subagent_start":     TierExtended,
	"subagent_stop":      TierExtended,
	"permission_request": TierExtended,

	"before_model":          TierExclusive,
	"after_model":           TierExclusive,
	"before_tool_selection": TierExclusive,
	"config_change":         TierExclusive,
	"file_created":          TierExclusive,
	"file_saved":            TierExclusive,
	"file_deleted":          TierExclusive,
	"before_task":           TierExclusive,
	"after_task":            TierExclusive,
}

// toolEvents are the events whose matcher filters on a tool name (§6: for
// other events the matcher does not apply).
var toolEvents = map[string]bool{
	"before_tool_execute": true,
	"after_tool_execute":  true,
	"permission_request":  true,
}

// IsToolEvent reports whether a matcher on event filters tools.
func IsToolEvent(event string) bool { return toolEvents[event] }

// Tools is the canonical tool vocabulary (§10.1), in table order.
var Tools = []string{"shell", "file_read", "file_write", "file_edit", "search", "find", "web_search", "web_fetch", "agent"}

func isTool(name string) bool {
	for _, t := range Tools {
		if t == name {
			return true
		}
	}
	return false
}

// Capability identifiers (§9).
const (
	CapStructuredOutput = "structured_output"
	CapInputRewrite     = "input_rewrite"
	CapLLMEvaluated     = "llm_evaluated"
	CapHTTPHandler      = "http_handler"
	CapAsync            = "async_execution"
	CapPlatform         = "platform_commands"
	CapEnv              = "custom_env"
	CapCwd              = "configurable_cwd"
)

// Degradation strategies (§11.1).
const (
	StrategyBlock   = "block"
	StrategyWarn    = "warn"
	StrategyExclude = "exclude"
)

// DefaultDegradation is §11.3's table of safe defaults.
var DefaultDegradation = map[string]string{
	CapStructuredOutput: StrategyWarn,
	CapInputRewrite:     StrategyBlock,
	CapLLMEvaluated:     StrategyExclude,
	CapHTTPHandler:      StrategyWarn,
	CapAsync:            StrategyWarn,
	CapPlatform:         StrategyWarn,
	CapEnv:              StrategyWarn,
	CapCwd:              StrategyWarn,
}

// capabilityOrder fixes the order in which capabilities are checked, so
// warnings come out in a stable order.
var capabilityOrder = []string{CapLLMEvaluated, CapHTTPHandler, CapInputRewrite, CapStructuredOutput, CapPlatform, CapCwd, CapEnv, CapAsync}

// Blocking behaviours (§8.1).
const (
	behaviourPrevent = "prevent"
	behaviourRetry   = "retry"
	behaviourObserve = "observe"
)

// Handler types (§3.5, §9.3, §9.4).
var handlerTypes = map[string]bool{"command": true, "http": true, "prompt": true, "agent": true}

// Provider slugs this package has adapters for. HIF is the canonical
// manifest itself.
const (
	ProviderClaude   = "claude-code"
	ProviderGemini   = "gemini-cli"
	ProviderCopilot  = "copilot-cli"
	ProviderKiro     = "kiro"
	ProviderCursor   = "cursor"
	ProviderCodex    = "codex"
	ProviderWindsurf = "windsurf"
	ProviderHIF      = "hif"
)

// providerAliases maps the short names users type to slugs.
var providerAliases = map[string]string{
	"claude": ProviderClaude, "claude-code": ProviderClaude,
	"gemini": ProviderGemini, "gemini-cli": ProviderGemini,
	"copilot": ProviderCopilot, "copilot-cli": ProviderCopilot,
	"kiro": ProviderKiro, "cursor": ProviderCursor, "codex": ProviderCodex,
	"windsurf": ProviderWindsurf,
	"hif":      ProviderHIF, "canonical": ProviderHIF,
}

// ProviderSlug resolves a provider name or alias ("claude", "gemini-cli",
// "hif", ...) to its slug; ok is false for an unknown name.
func ProviderSlug(name string) (slug string, ok bool) {
	slug, ok = providerAliases[name]
	return slug, ok
}

// Providers lists the provider slugs with adapters, then hif.
func Providers() []string {
	return []string{ProviderClaude, ProviderGemini, ProviderCopilot, ProviderKiro, ProviderCursor, ProviderCodex, ProviderWindsurf, ProviderHIF}
}

// provider describes one target: names, events, tools, capabilities.
type provider struct {
	slug, name string
	// events maps canonical → native for providers with one native name per
	// event; split-event providers (cursor, windsurf) list the events they
	// can carry at all with an empty native name and map in their encoder.
	events   map[string]string
	tools    map[string]string // canonical tool → native name ("" = none)
	toolsIn  map[string]string // extra native names accepted when decoding
	caps     map[string]bool
	blocking map[string]string // canonical event → behaviour; missing = prevent
	timeouts bool              // the native format carries a timeout
}

func (p *provider) supports(event string) bool {
	_, ok := p.events[event]
	return ok
}

func (p *provider) behaviour(event string) string {
	if b, ok := p.blocking[event]; ok {
		return b
	}
	return behaviourPrevent
}

// canonicalEvent returns the canonical event for a native name.
func (p *provider) canonicalEvent(native string) (string, bool) {
	for c, n := range p.events {
		if n == native && n != "" {
			return c, true
		}
	}
	return "", false
}

// nativeTool returns the provider's name for a canonical tool.
func (p *provider) nativeTool(tool string) string { return p.tools[tool] }

// claudeBlocking is §8.2's claude-code column (retry on Stop).
var claudeBlocking = map[string]string{
	"after_tool_execute": behaviourObserve, "session_start": behaviourObserve,
	"session_end": behaviourObserve, "agent_stop": behaviourRetry,
	"before_compact": behaviourObserve, "notification": behaviourObserve,
	"error_occurred": behaviourObserve, "subagent_start": behaviourObserve,
	"subagent_stop": behaviourRetry, "config_change": behaviourPrevent,
}

var providers = map[string]*provider{
	ProviderClaude: {
		slug: ProviderClaude, name: "Claude Code",
		events: map[string]string{
			"before_tool_execute": "PreToolUse", "after_tool_execute": "PostToolUse",
			"session_start": "SessionStart", "session_end": "SessionEnd",
			"before_prompt": "UserPromptSubmit", "agent_stop": "Stop",
			"before_compact": "PreCompact", "notification": "Notification",
			"error_occurred": "StopFailure", "subagent_start": "SubagentStart",
			"subagent_stop": "SubagentStop", "permission_request": "PermissionRequest",
			"config_change": "ConfigChange",
		},
		tools:    agent.ToolNames("claude"),
		toolsIn:  map[string]string{"Task": "agent", "MultiEdit": "file_edit"},
		caps:     map[string]bool{CapStructuredOutput: true, CapInputRewrite: true, CapLLMEvaluated: true, CapHTTPHandler: true, CapAsync: true},
		blocking: claudeBlocking,
		timeouts: true,
	},
	// Codex reads Claude's shape from .codex/hooks.json with its own event
	// list (app-server HookEventName, codex/output-contract.md). It honours
	// permissionDecision allow + updatedInput (observed), has no async mode
	// and runs command handlers only.
	ProviderCodex: {
		slug: ProviderCodex, name: "Codex CLI",
		events: map[string]string{
			"before_tool_execute": "PreToolUse", "after_tool_execute": "PostToolUse",
			"session_start": "SessionStart", "session_end": "SessionEnd",
			"before_prompt": "UserPromptSubmit", "agent_stop": "Stop",
			"before_compact": "PreCompact", "subagent_start": "SubagentStart",
			"subagent_stop": "SubagentStop", "permission_request": "PermissionRequest",
		},
		tools:    agent.ToolNames("codex"),
		caps:     map[string]bool{CapStructuredOutput: true, CapInputRewrite: true},
		blocking: claudeBlocking,
		timeouts: true,
	},
	// Gemini CLI 0.61.0's event enum (gemini/output-contract.md). BeforeTool's
	// hookSpecificOutput.tool_input replaces the tool arguments (observed), so
	// input_rewrite is supported although §9.2's table says otherwise.
	ProviderGemini: {
		slug: ProviderGemini, name: "Gemini CLI",
		events: map[string]string{
			"before_tool_execute": "BeforeTool", "after_tool_execute": "AfterTool",
			"session_start": "SessionStart", "session_end": "SessionEnd",
			"before_prompt": "BeforeAgent", "agent_stop": "AfterAgent",
			"before_compact": "PreCompress", "notification": "Notification",
			"before_model": "BeforeModel", "after_model": "AfterModel",
			"before_tool_selection": "BeforeToolSelection",
		},
		tools: agent.ToolNames("gemini"),
		// `gemini hooks migrate` writes grep and edit_file; accept them.
		toolsIn:  map[string]string{"grep": "search", "search_file_content": "search", "edit_file": "file_edit"},
		caps:     map[string]bool{CapStructuredOutput: true, CapInputRewrite: true},
		blocking: claudeBlocking,
		timeouts: true,
	},
	// Copilot CLI 1.0.102 accepts more camelCase keys than §7.4 lists
	// (runtime.node config paths, copilot/output-contract.md): agentStop,
	// preCompact, subagentStart/Stop, notification, permissionRequest. It
	// honours modifiedArgs (input rewrite) and has cwd, env and bash/powershell.
	ProviderCopilot: {
		slug: ProviderCopilot, name: "Copilot CLI",
		events: map[string]string{
			"before_tool_execute": "preToolUse", "after_tool_execute": "postToolUse",
			"session_start": "sessionStart", "session_end": "sessionEnd",
			"before_prompt": "userPromptSubmitted", "agent_stop": "agentStop",
			"error_occurred": "errorOccurred", "before_compact": "preCompact",
			"subagent_start": "subagentStart", "subagent_stop": "subagentStop",
			"notification": "notification", "permission_request": "permissionRequest",
		},
		tools: agent.ToolNames("copilot"),
		caps:  map[string]bool{CapStructuredOutput: true, CapInputRewrite: true, CapPlatform: true, CapEnv: true, CapCwd: true},
		blocking: map[string]string{
			"after_tool_execute": behaviourObserve, "session_start": behaviourObserve,
			"session_end": behaviourObserve, "before_prompt": behaviourObserve,
			"agent_stop": behaviourObserve, "error_occurred": behaviourObserve,
			"before_compact": behaviourObserve, "notification": behaviourObserve,
			"subagent_start": behaviourObserve, "subagent_stop": behaviourObserve,
		},
		timeouts: true,
	},
	// Kiro CLI agent files (book, "Kiro Hooks Reference"). session_end is
	// not mapped: §7.4 gives Kiro's stop to both session_end and agent_stop,
	// and a hook cannot be both; stop is agent_stop.
	ProviderKiro: {
		slug: ProviderKiro, name: "Kiro",
		events: map[string]string{
			"before_tool_execute": "preToolUse", "after_tool_execute": "postToolUse",
			"session_start": "agentSpawn", "before_prompt": "userPromptSubmit", "agent_stop": "stop",
		},
		tools:   agent.ToolNames("kiro"),
		toolsIn: map[string]string{"shell": "shell", "read": "file_read", "write": "file_write"},
		caps:    map[string]bool{},
		blocking: map[string]string{
			"after_tool_execute": behaviourObserve, "session_start": behaviourObserve,
			"before_prompt": behaviourObserve, "agent_stop": behaviourObserve,
		},
		timeouts: true,
	},
	// Cursor is split-event: the encoder picks the native event from the
	// matcher. Only §7.4's events are listed.
	ProviderCursor: {
		slug: ProviderCursor, name: "Cursor",
		events: map[string]string{
			"before_tool_execute": "", "after_tool_execute": "",
			"before_prompt": "beforeSubmitPrompt", "agent_stop": "stop",
		},
		tools: map[string]string{
			"shell": "run_terminal_cmd", "file_read": "read_file", "file_write": "edit_file", "file_edit": "edit_file",
			"search": "grep_search", "find": "file_search", "web_search": "web_search",
		},
		caps: map[string]bool{CapStructuredOutput: true},
		blocking: map[string]string{
			"after_tool_execute": behaviourObserve, "before_prompt": behaviourObserve, "agent_stop": behaviourObserve,
		},
		timeouts: true,
	},
	// Windsurf (Cascade hooks) is split-event too and has no timeout field;
	// working_directory is its cwd.
	ProviderWindsurf: {
		slug: ProviderWindsurf, name: "Windsurf",
		events: map[string]string{
			"before_tool_execute": "", "after_tool_execute": "",
			"before_prompt": "pre_user_prompt", "agent_stop": "post_cascade_response",
		},
		tools: map[string]string{},
		caps:  map[string]bool{CapCwd: true},
		blocking: map[string]string{
			"after_tool_execute": behaviourObserve, "before_prompt": behaviourObserve, "agent_stop": behaviourObserve,
		},
	},
}
