// Package agent holds everything symposium knows about each supported agent:
// where its skills go, where and how hooks and MCP servers are registered,
// and its hook wire format. Each agent lives in its own file; this file is
// the registry.
package agent

import (
	"sort"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Canonical hook events (symposium format) and their CLI spellings.
const (
	PreToolUse       = stream.EventPreToolUse
	PostToolUse      = stream.EventPostToolUse
	UserPromptSubmit = stream.EventUserPromptSubmit
	SessionStart     = stream.EventSessionStart
)

// CLIEvents maps the CLI event argument to the canonical event.
var CLIEvents = map[string]string{
	"pre-tool-use":       PreToolUse,
	"post-tool-use":      PostToolUse,
	"user-prompt-submit": UserPromptSubmit,
	"session-start":      SessionStart,
}

// Agent describes one supported agent.
type Agent struct {
	Name    string // config name: claude, copilot, ...
	Display string // human name for prompts and summaries
	// SkillDir is the project-relative skills directory.
	SkillDir string
	// Events maps canonical events to the agent's own event names; nil for
	// agents without shell hooks (opencode, goose).
	Events map[string]string
	// Wire is the agent's hook wire format (nil when it has no shell hooks);
	// set in wire.go.
	Wire Wire
	// AlsoRuns names the agents whose hook files this agent loads and runs
	// as well as its own, and CallerEnv the variable it sets in every hook
	// process it starts. When both agents are configured, a call through
	// the other agent's entry is a duplicate: this agent's own entry runs
	// the plugin hooks.
	AlsoRuns  []string
	CallerEnv string
}

// RunBy returns the configured agent, if any, that is running caller's
// hook entry rather than caller itself (getenv reads the environment).
func RunBy(configured []string, caller string, getenv func(string) string) string {
	for _, name := range configured {
		a, ok := Lookup(name)
		if ok && name != caller && a.CallerEnv != "" && getenv(a.CallerEnv) != "" && contains(a.AlsoRuns, caller) {
			return name
		}
	}
	return ""
}

var registry = map[string]*Agent{}

func register(a *Agent) *Agent { registry[a.Name] = a; return a }

// Lookup returns the agent named name.
func Lookup(name string) (*Agent, bool) { a, ok := registry[name]; return a, ok }

// All returns every agent, sorted by name.
func All() []*Agent {
	out := make([]*Agent, 0, len(registry))
	for _, a := range registry {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// HasHooks reports whether symposium can register shell hooks for a.
func (a *Agent) HasHooks() bool { return a.Events != nil }
