package hif

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
)

// The registries of the Hook Interchange Format 1.0.0-draft (hooks-v1.md §7,
// §9, §10), plus what each provider this package speaks supports. The
// agents symposium installs into describe themselves as providers in their
// own files in pkg/agent (Agent.HIF: events, capabilities, blocking
// behaviours; Agent.Tools: tool names, also used to match hooks); this
// package reads that table. Cursor and Windsurf, which are not agents of
// ours, are described here. Where a live capture in agent-payloads/
// contradicts the draft's tables, the capture wins, and the entry says so.

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

// providerAliases maps the short names users type to slugs: each agent's
// name and its slug, then the providers that are not agents of ours.
var providerAliases = func() map[string]string {
	m := map[string]string{
		ProviderCursor: ProviderCursor, ProviderWindsurf: ProviderWindsurf,
		ProviderKiroV3: ProviderKiroV3, "kirov3": ProviderKiroV3,
		ProviderHIF: ProviderHIF, "canonical": ProviderHIF,
	}
	for _, a := range agent.All() {
		if a.HIF != nil {
			m[a.Name], m[a.HIF.Slug] = a.HIF.Slug, a.HIF.Slug
		}
	}
	return m
}()

// ProviderSlug resolves a provider name or alias ("claude", "gemini-cli",
// "hif", ...) to its slug; ok is false for an unknown name.
func ProviderSlug(name string) (slug string, ok bool) {
	slug, ok = providerAliases[name]
	return slug, ok
}

// Providers lists the provider slugs with adapters (the agents', in the
// agent list's order, then Kiro's v3 hook files, Cursor and Windsurf),
// then hif.
func Providers() []string {
	var out []string
	for _, a := range agent.All() {
		if a.HIF != nil {
			out = append(out, a.HIF.Slug)
		}
	}
	return append(out, ProviderKiroV3, ProviderCursor, ProviderWindsurf, ProviderHIF)
}

// ProviderUsage lists the provider names for usage texts, in Providers'
// order: each slug, with the agent's name where it differs
// ("claude-code (claude)"), and hif last.
func ProviderUsage() []string {
	names := map[string]string{}
	for _, a := range agent.All() {
		if a.HIF != nil && a.HIF.Slug != a.Name {
			names[a.HIF.Slug] = a.Name
		}
	}
	var out []string
	for _, slug := range Providers() {
		switch {
		case slug == ProviderHIF:
			out = append(out, slug+" (the canonical manifest, JSON or YAML)")
		case names[slug] != "":
			out = append(out, slug+" ("+names[slug]+")")
		default:
			out = append(out, slug)
		}
	}
	return out
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
	shape    agent.HookShape   // the hook file's layout: picks the codec
	mcp      agent.MCPNames    // how a matcher names an MCP tool
	mcpIn    []agent.MCPNames  // more MCP spellings read when decoding
	timeout  agent.TimeoutUnit // the native per-hook timeout's unit
	// projectHooks is the project file the provider reads these hooks from
	// (slash-separated; "{agent}" stands for a Kiro agent's name).
	projectHooks string
	// readsInstead is the agent's file read in the project file's place
	// when it exists (agent.HooksReadInstead); nil for no such file.
	readsInstead func(p string) string
}

// ProjectFile is where provider slug reads project hooks from, relative to
// the project root; kiroAgent names Kiro's agent file.
func ProjectFile(slug, kiroAgent string) (string, bool) {
	p, ok := providers[slug]
	if !ok || p.projectHooks == "" {
		return "", false
	}
	return filepath.FromSlash(strings.ReplaceAll(p.projectHooks, "{agent}", kiroAgent)), true
}

// WriteFile is the file under root that `--write` edits for slug: its
// ProjectFile, or the file the agent reads in that one's place when it
// exists beside it (Droid's .factory/hooks.json, agent.HooksReadInstead),
// as `cargo agents sync` does. eventMap reports that the events sit at
// that file's top level rather than under "hooks". ok is false for a
// provider without a project file.
func WriteFile(slug, kiroAgent, root string) (path string, eventMap, ok bool) {
	rel, ok := ProjectFile(slug, kiroAgent)
	if !ok {
		return "", false, false
	}
	path = filepath.Join(root, rel)
	if f := providers[slug].readsInstead; f != nil {
		if alt := f(path); alt != "" {
			return alt, true, true
		}
	}
	return path, false, true
}

// perSecond is the provider's timeout unit per second.
func (p *provider) perSecond() float64 {
	if p.timeout == agent.Milliseconds {
		return 1000
	}
	return 1
}

// codec is a hook file layout's decoder and encoder. wholeDocument marks a
// layout whose file is the hooks value itself, with no "hooks" member to
// read (Antigravity's named hooks).
type codec struct {
	decode        func(p *provider, raw json.RawMessage, w *warner) ([]Hook, error)
	encode        func(p *provider, hooks []*prepared, w *warner) (any, error)
	wholeDocument bool
}

// shapeSplit is Cursor's and Windsurf's layout (split.go); they are no
// agents of ours, so pkg/agent does not name it.
const shapeSplit agent.HookShape = "split"

// codecs are the adapters, by the layout an agent's HIF description names
// (agent.HIFProvider.Shape): a new agent whose hook file has one of these
// layouts needs nothing here.
var codecs = map[agent.HookShape]codec{
	agent.ShapeGrouped: {decode: decodeGrouped, encode: encodeGrouped},
	agent.ShapeCopilot: {decode: decodeCopilot, encode: encodeCopilot},
	agent.ShapeKiro:    {decode: decodeKiro, encode: encodeKiro},
	agent.ShapeNamed:   {decode: decodeAntigravity, encode: encodeAntigravity, wholeDocument: true},
	shapeSplit:         {decode: decodeSplit, encode: encodeSplit},
	shapeKiroV3:        {decode: decodeKiroV3, encode: encodeKiroV3},
}

// WholeDocument reports whether provider slug's hooks file is keyed by
// hook name, with no "hooks" member (Antigravity's named shape).
func WholeDocument(slug string) bool {
	p, ok := providers[slug]
	return ok && codecs[p.shape].wholeDocument
}

// codec returns p's adapter; an agent whose Shape has none is a
// programming error (TestProvidersComplete), reported, not a panic.
func (p *provider) codec() (codec, error) {
	c, ok := codecs[p.shape]
	if !ok || c.decode == nil || c.encode == nil {
		return codec{}, fmt.Errorf("%s: no codec for hook file shape %q", p.name, p.shape)
	}
	return c, nil
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

// providers are every target: each agent's, built from its HIFProvider
// in pkg/agent (one place per agent), and Cursor's and Windsurf's, which
// are not agents of ours and live here.
var providers = func() map[string]*provider {
	m := map[string]*provider{ProviderCursor: cursor, ProviderWindsurf: windsurf, ProviderKiroV3: kiroV3}
	for _, a := range agent.All() {
		h := a.HIF
		if h == nil {
			continue
		}
		caps := map[string]bool{}
		for _, c := range h.Caps {
			caps[c] = true
		}
		m[h.Slug] = &provider{slug: h.Slug, name: h.Name, events: h.Events.Map(), tools: agent.ToolNames(a.Name),
			toolsIn: h.ToolsIn.Map(), caps: caps, blocking: h.Blocking.Map(), shape: h.Shape, mcp: h.MCP, mcpIn: h.MCPIn,
			timeout: h.Timeout, projectHooks: h.ProjectHooks, readsInstead: a.HooksReadInstead}
	}
	return m
}()

var (
	// Cursor is split-event: the encoder picks the native event from the
	// matcher. Only §7.4's events are listed.
	cursor = &provider{
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
		shape:        shapeSplit,
		mcp:          agent.MCPNames{Sep: "__", All: ".*"},
		timeout:      agent.Seconds,
		projectHooks: ".cursor/hooks.json",
	}
	// Windsurf (Cascade hooks) is split-event too and has no timeout field;
	// working_directory is its cwd.
	windsurf = &provider{
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
		shape:        shapeSplit,
		mcp:          agent.MCPNames{Sep: "__", All: ".*"},
		projectHooks: ".windsurf/hooks.json",
	}
)
