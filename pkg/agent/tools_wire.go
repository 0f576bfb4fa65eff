package agent

import (
	"slices"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// The tool vocabulary: one tool, each agent's name for it (HIF hooks-v1
// §10.1, plus what the captures show). Each agent lists its own names in its
// file (Agent.Tools); this file reads them all. A plugin hook written
// against one agent's tool names then matches the same tool under every
// agent, and a hook declared with format = X sees X's name for the tool.
// Names are compared exactly (case matters: Copilot's "bash" and Claude's
// "Bash" are both names of the shell tool).

// canonicalTools are HIF's canonical tool names, in table order.
var canonicalTools = [...]string{"shell", "file_read", "file_write", "file_edit", "search", "find", "web_search", "web_fetch", "agent"}

// otherSpellings are names of a canonical tool seen in the wild that no
// agent of ours uses (a slice: see NameTable).
var otherSpellings = []struct {
	canon string
	names []string
}{
	{"shell", []string{"shell", "exec_command"}},
	{"file_read", []string{"read"}},
	{"file_write", []string{"write"}},
	{"file_edit", []string{"apply_patch"}},
	{"agent", []string{"Task"}},
}

// otherSpellingsOf are canonical tool canon's other spellings.
func otherSpellingsOf(canon string) []string {
	for _, o := range otherSpellings {
		if o.canon == canon {
			return o.names
		}
	}
	return nil
}

// toolsOf is the vocabulary of a wire format: an agent's, or Claude's for
// the symposium format.
func toolsOf(wire string) NameTable {
	if wire == canonhook.Symposium {
		wire = claude.Name
	}
	if a, ok := Lookup(wire); ok {
		return a.Tools
	}
	return nil
}

// isTool reports whether name is one of the names of canonical tool canon.
func isTool(canon, name string) bool {
	if name == "" {
		return false
	}
	if name == canon {
		return true
	}
	for _, a := range all {
		if a.Tools.Of(canon) == name {
			return true
		}
	}
	return slices.Contains(otherSpellingsOf(canon), name)
}

// ToolAliases returns every name of the tool called name: name itself, its
// HIF canonical name and each agent's name, without duplicates. A name not
// in the vocabulary (an MCP tool, a new built-in) has only itself.
func ToolAliases(name string) []string {
	if name == "" {
		return nil
	}
	out := []string{name}
	for _, canon := range canonicalTools {
		if isTool(canon, name) {
			out = appendNamesOf(out, canon)
		}
	}
	return out
}

// appendNamesOf appends to out each name of canonical tool canon (itself,
// each agent's, the other spellings) that out does not hold yet.
func appendNamesOf(out []string, canon string) []string {
	add := func(s string) {
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	add(canon)
	for _, a := range all {
		add(a.Tools.Of(canon))
	}
	for _, s := range otherSpellingsOf(canon) {
		add(s)
	}
	return out
}

// NativeTool returns agent's name for the tool called name by any agent;
// name itself when the vocabulary does not know it or agent has no such tool.
func NativeTool(agent, name string) string {
	if name == "" {
		return ""
	}
	tools := toolsOf(agent)
	if _, ok := tools.From(name); ok {
		return name // already native (fs_write is both Kiro's write and edit)
	}
	for _, canon := range canonicalTools {
		if isTool(canon, name) {
			if n := tools.Of(canon); n != "" {
				return n
			}
			return name
		}
	}
	return name
}

// ToolNames is agent's vocabulary: each HIF canonical tool name mapped to
// the agent's own name, for the tools the agent has. pkg/hif's provider
// tables take theirs from here, so each agent's tool names live in one
// place.
func ToolNames(agent string) map[string]string {
	return toolsOf(agent).Map()
}

// canonicalTool is HIF's canonical name of a's tool called name ("" for a
// tool outside the vocabulary).
func canonicalTool(a *Agent, name string) string {
	for _, canon := range canonicalTools {
		if a.Tools.Of(canon) == name {
			return canon
		}
	}
	if a.HIF != nil {
		return a.HIF.ToolsIn.Of(name)
	}
	return ""
}

// VocabularyNames are every tool name the vocabulary knows, each once:
// the names ToolAliases gives more than themselves for (pkg/hookfast
// tabulates them).
func VocabularyNames() []string {
	var out []string
	for _, canon := range canonicalTools {
		out = appendNamesOf(out, canon)
	}
	return out
}
