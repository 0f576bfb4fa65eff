// Package agent holds everything symposium knows about each supported agent:
// where its skills go, where and how hooks and MCP servers are registered,
// its trust gates and its hook wire format. Each agent lives in its own
// files; this file holds the one list of them.
package agent

import (
	"os"
	"os/exec"
	"slices"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Canonical hook events (symposium format) and their CLI spellings.
const (
	PreToolUse  = stream.EventPreToolUse
	PostToolUse = stream.EventPostToolUse
	// PostToolUseFailure is no HIF event: agents that send it name it
	// in Registers.
	PostToolUseFailure = stream.EventPostToolUseFailure
	UserPromptSubmit   = stream.EventUserPromptSubmit
	SessionStart       = stream.EventSessionStart
	Stop               = stream.EventStop
)

// CLIEvents maps the CLI event argument to the canonical event.
var CLIEvents = NameTable{
	{"pre-tool-use", PreToolUse},
	{"post-tool-use", PostToolUse},
	{"post-tool-use-failure", PostToolUseFailure},
	{"user-prompt-submit", UserPromptSubmit},
	{"session-start", SessionStart},
	{"stop", Stop},
}

// Agent describes one supported agent.
type Agent struct {
	Name    string // config name: claude, copilot, ...
	Display string // human name for prompts and summaries
	// SkillDir is the project-relative skills directory symposium
	// installs into for this agent when it is the only one configured.
	SkillDir string
	// SkillReads are every project-relative skills directory the agent
	// loads skills from (SkillDir among them), in its own precedence
	// order; nil means SkillDir alone. With several agents configured,
	// skills install into the fewest of these directories such that each
	// agent reads each skill from exactly one (skillplace.go).
	SkillReads []string
	// SkillDedupe: a skill found in several of SkillReads shows once, from
	// a fixed one of them, without a warning (Copilot CLI, checked live), so
	// reading more than one install directory costs it nothing.
	SkillDedupe bool
	// HomeMarks are home-relative paths the agent creates on first use:
	// any of them present means the user has it (init's choice when no
	// one can be asked).
	HomeMarks []string
	// Wire is the agent's hook wire format (nil when it has no shell hooks).
	Wire canonhook.Wire
	// Tools maps HIF's canonical tool names (shell, file_read, ...) to the
	// agent's own, for the tools it has (tools_wire.go reads them).
	Tools NameTable
	// HIF is the agent as a Hook Interchange Format provider (pkg/hif
	// reads it); nil for agents without shell hooks.
	HIF *HIFProvider
	// AlsoRuns names the agents whose hook files this agent loads and runs
	// as well as its own, and CallerEnv the variable it sets in every hook
	// process it starts. When both agents are configured, a call through
	// the other agent's entry is a duplicate: this agent's own entry runs
	// the plugin hooks.
	AlsoRuns  []string
	CallerEnv string
	// Registers names, for a canonical event, the agent event symposium
	// registers when it is not the one HIF's vocabulary maps it to
	// (Antigravity's session start is its first PreInvocation).
	Registers NameTable
	// SilenceDenies: the agent denies a tool call when the hook prints
	// nothing, so the registered command's guard prints the agent's
	// proceed answer when our executable is missing.
	SilenceDenies bool
	// FailClosed: the agent denies a tool call when the hook exits
	// non-zero, so the registered command's guard runs our executable as a
	// child, not with exec, and answers exit 0 when it fails or crashes.
	FailClosed bool
	// ExecHooks: the agent may run a hook command without a shell (split
	// into words and exec'd), so HookCommand registers the bare command,
	// without the shell guard; the agent's registration should name our
	// executable by absolute path where it can.
	ExecHooks bool
	// WindowsShell is what the agent runs a hook command with on Windows,
	// which decides the guard a global registration there gets: "" the sh
	// one (Git Bash, as Claude Code), ShellPowerShell or ShellCmd.
	WindowsShell string
	// Binary is the agent's executable: found on PATH, the user has it
	// (like HomeMarks).
	Binary string
	// OfferWhenFound: init's menu lists the agent only where it is found
	// (HomeMarks, Binary) or already configured.
	OfferWhenFound bool
	// Notice is what init tells a user who has the agent configured.
	Notice string

	// Payload locates the working directory and the tool name in the
	// agent's hook payload, for the lean sym-hook (pkg/hookfast), which
	// decodes no JSON: nil when they are not plain members (its calls
	// then go to the full hook). Wire.Decode is what reads them; a test
	// holds the two to the same answer on the captured payloads.
	Payload *PayloadPaths

	// registration is where and how symposium registers the agent's
	// hooks and MCP servers, and the agent's gates (regspec.go). A field,
	// not a table filled at start-up, so that the agents are static data
	// the hook's process start does not build.
	registration *registration
	// homeMoves are the agent's user-wide directories that the host's
	// variables put elsewhere (host.go).
	homeMoves []homeMove
}

// PayloadPaths are member paths into a hook payload, each a list of
// object keys from the top level.
type PayloadPaths struct {
	Cwd []string
	// Tool lists the places the tool name may be, for an agent with two
	// payload shapes (Copilot's camelCase and snake_case forms).
	Tool [][]string
}

// snakePayload is where the snake_case payloads (decodeSnake) hold them.
var snakePayload = &PayloadPaths{Cwd: []string{"cwd"}, Tool: [][]string{{"tool_name"}}}

// Offered reports whether init's menu lists a for the user of t (its Home
// and Host): it is configured already, or it is (or may be) installed.
func (a *Agent) Offered(t Target, configured bool) bool {
	return configured || !a.OfferWhenFound || a.Found(t)
}

// Found reports whether the user of t has a: one of its HomeMarks where
// the agent keeps it (under the home, or where the host's variables moved
// it: $CODEX_HOME for ~/.codex), or its Binary on PATH.
func (a *Agent) Found(t Target) bool {
	for _, m := range a.HomeMarks {
		if p := t.homeFile(m); p != "" {
			if _, err := os.Lstat(p); err == nil {
				return true
			}
		}
	}
	if a.Binary != "" {
		if _, err := exec.LookPath(a.Binary); err == nil {
			return true
		}
	}
	return false
}

// RunBy returns the configured agent, if any, that is running caller's
// hook entry rather than caller itself (getenv reads the environment).
func RunBy(configured []string, caller string, getenv func(string) string) string {
	for _, name := range configured {
		a, ok := Lookup(name)
		if ok && name != caller && a.CallerEnv != "" && getenv(a.CallerEnv) != "" && slices.Contains(a.AlsoRuns, caller) {
			return name
		}
	}
	return ""
}

// Hook scopes: where an agent's hook file is (config's hook-scope).
const (
	ScopeGlobal  = "global"  // the user's home
	ScopeProject = "project" // the workspace
)

// all is the one list of the agents symposium supports, in the order init
// offers them. Everything about each lives in its own file (claude.go,
// claude_wire.go, ...); docs/adding-an-agent.md says what a new one needs.
//
// The package's init sets it from agentList, not its declaration: the
// agents' data refers to functions (gates, hook commands) that read this
// list, and Go refuses an initializer that depends on itself. The agents
// stay static data, which a hook's process start does not have to build
// (TestHotPathInit).
var all []*Agent

var agentList = [...]*Agent{amp, antigravity, auggie, claude, cline, codex, copilot, droid, gemini, goose, kilo, kiro, opencode, pi, qwen}

func init() { all = agentList[:] }

// Lookup returns the agent named name.
func Lookup(name string) (*Agent, bool) {
	for _, a := range all {
		if a.Name == name {
			return a, true
		}
	}
	return nil, false
}

// All returns every agent, in the list's order (by name).
func All() []*Agent { return append([]*Agent(nil), all...) }

// Installed lists, in the list's order, the agents the user has (Found).
func Installed(t Target) []string {
	var names []string
	for _, a := range all {
		if a.Found(t) {
			names = append(names, a.Name)
		}
	}
	return names
}

// Names lists every agent's name, in the list's order.
func Names() []string {
	names := make([]string, len(all))
	for i, a := range all {
		names[i] = a.Name
	}
	return names
}

// HIFProvider is what the Hook Interchange Format (HIF 1.0.0-draft,
// pkg/hif) knows of an agent beyond its tool names. Event, capability and
// behaviour names are HIF's vocabulary (hooks-v1 §7, §8, §9).
type HIFProvider struct {
	Slug string // HIF provider slug: claude-code, gemini-cli, ...
	Name string // display name in warnings
	// Events maps HIF canonical events (before_tool_execute, ...) to the
	// agent's native names: its whole hook vocabulary, wider than the
	// events symposium registers.
	Events NameTable
	// ToolsIn are more native tool names accepted when decoding.
	ToolsIn NameTable
	// Caps are the HIF capabilities the agent supports.
	Caps []string
	// Blocking maps events to prevent, retry or observe (§8.1); a missing
	// event prevents.
	Blocking NameTable
	// Shape is the layout of the agent's hook file, which picks pkg/hif's
	// decoder and encoder.
	Shape HookShape
	// MCP is how a matcher names an MCP server's tool; MCPIn are more
	// spellings accepted when decoding.
	MCP   MCPNames
	MCPIn []MCPNames
	// Timeout is the unit of the native per-hook timeout ("" when the
	// format has none).
	Timeout TimeoutUnit
	// ProjectHooks is the project-relative file the agent reads hooks from
	// in the HIF-translated shape (`sym-translate hooks --write`); "{agent}"
	// stands for the Kiro agent's name.
	ProjectHooks string
}

// HookShape names a layout of hook files; each has a codec in pkg/hif.
type HookShape string

// The hook file layouts of the HIF providers among our agents.
const (
	// ShapeGrouped is Claude Code's settings "hooks": native event →
	// matcher groups {matcher, hooks: [{type, command, timeout}]} (Claude
	// Code, Codex, Gemini CLI).
	ShapeGrouped HookShape = "grouped"
	// ShapeCopilot is Copilot CLI's {"version": 1, "hooks": {event: [{type,
	// bash, powershell, cwd, env, timeoutSec}]}}: flat entries, no matcher.
	ShapeCopilot HookShape = "copilot"
	// ShapeKiro is a Kiro agent file's "hooks": event → flat entries
	// {matcher, command, timeout_ms}, the matcher one tool name.
	ShapeKiro HookShape = "kiro"
	// ShapeNamed is Antigravity's hooks.json: an object keyed by hook name,
	// each holding its events (tool events as matcher groups).
	ShapeNamed HookShape = "named"
)

// TimeoutUnit is the unit of a native per-hook timeout.
type TimeoutUnit string

// Timeout units; NoTimeout means the format has no per-hook timeout.
const (
	NoTimeout    TimeoutUnit = ""
	Seconds      TimeoutUnit = "s"
	Milliseconds TimeoutUnit = "ms"
)

// MCPNames is how an agent names an MCP server's tool in a hook matcher
// (HIF §6.3, §10.2): Prefix + server + Sep + tool. All is the tool part
// that means every tool of the server ("" = the server alone, as Kiro's
// @server). Unknown marks an agent whose names for MCP tools are not
// documented: a matcher element naming one is dropped with a warning.
type MCPNames struct {
	Prefix, Sep, All string
	Unknown          bool
}

// ClaudeMCPNames is Claude Code's mcp__server__tool, which Codex shares and
// Kiro also reads.
var ClaudeMCPNames = MCPNames{Prefix: "mcp__", Sep: "__", All: ".*"}

// HasHooks reports whether symposium can register shell hooks for a.
func (a *Agent) HasHooks() bool { return a.Wire != nil }

// PluginHooks reports whether a's hooks reach us through a program we
// install (OpenCode's JS shim, Cline's per-event programs), not a hook
// configuration file, so that it is no Hook Interchange Format provider:
// its registration writes scripts.
func (a *Agent) PluginHooks() bool {
	r := a.reg()
	return r != nil && r.hooks != nil && (r.hooks.script != nil || r.hooks.eventScript != nil)
}

// hifEvents names, in HIF's vocabulary, each event symposium registers.
var hifEvents = NameTable{
	{PreToolUse, "before_tool_execute"},
	{PostToolUse, "after_tool_execute"},
	{UserPromptSubmit, "before_prompt"},
	{SessionStart, "session_start"},
	{Stop, "agent_stop"},
}

// Event is a's own name for the canonical event ev ("" when it has none):
// read from its HIF event vocabulary, the one place each agent names its
// events.
func (a *Agent) Event(ev string) string {
	if n, ok := a.Registers.Get(ev); ok {
		return n
	}
	if a.HIF == nil {
		return ""
	}
	return a.HIF.Events.Of(hifEvents.Of(ev))
}
