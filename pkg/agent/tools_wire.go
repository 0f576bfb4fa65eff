package agent

// The tool vocabulary: one tool, each agent's name for it (HIF hooks-v1
// §10.1, plus what the captures show: Codex reports its shell tool as
// "Bash", Copilot as "bash" with camelCase hook keys and "Bash" with
// PascalCase ones). A plugin hook written against one agent's tool names
// then matches the same tool under every agent, and a hook declared with
// format = X sees X's name for the tool.

// toolRow is one tool: its HIF canonical name and each agent's name.
// Names are compared exactly (case matters: Copilot's "bash" and Claude's
// "Bash" are both listed).
type toolRow struct {
	canon                                string
	claude, codex, copilot, gemini, kiro string
	also                                 []string // other spellings seen in the wild
}

// The table is a fixed array scanned linearly: a handful of string compares
// per lookup, and no start-up work on the hook path.
var toolVocabulary = [...]toolRow{
	{canon: "shell", claude: "Bash", codex: "Bash", copilot: "bash", gemini: "run_shell_command", kiro: "execute_bash", also: []string{"shell", "exec_command"}},
	{canon: "file_read", claude: "Read", codex: "Read", copilot: "view", gemini: "read_file", kiro: "fs_read", also: []string{"read"}},
	{canon: "file_write", claude: "Write", codex: "Write", copilot: "create", gemini: "write_file", kiro: "fs_write", also: []string{"write"}},
	{canon: "file_edit", claude: "Edit", codex: "Edit", copilot: "edit", gemini: "replace", kiro: "fs_write", also: []string{"apply_patch"}},
	{canon: "search", claude: "Grep", codex: "Grep", copilot: "grep", gemini: "grep_search", kiro: "grep"},
	{canon: "find", claude: "Glob", codex: "Glob", copilot: "glob", gemini: "glob", kiro: "glob"},
	{canon: "web_search", claude: "WebSearch", codex: "WebSearch", gemini: "google_web_search", kiro: "web_search"},
	{canon: "web_fetch", claude: "WebFetch", codex: "WebFetch", copilot: "web_fetch", gemini: "web_fetch", kiro: "web_fetch"},
	{canon: "agent", claude: "Agent", codex: "Agent", copilot: "task", kiro: "use_subagent", also: []string{"Task"}},
}

func (r *toolRow) has(name string) bool {
	if name == "" {
		return false
	}
	if name == r.canon || name == r.claude || name == r.codex || name == r.copilot || name == r.gemini || name == r.kiro {
		return true
	}
	for _, a := range r.also {
		if name == a {
			return true
		}
	}
	return false
}

func (r *toolRow) native(agent string) string {
	switch agent {
	case "claude", Symposium:
		return r.claude
	case "codex":
		return r.codex
	case "copilot":
		return r.copilot
	case "gemini":
		return r.gemini
	case "kiro":
		return r.kiro
	}
	return ""
}

// ToolAliases returns every name of the tool called name: name itself, its
// HIF canonical name and each agent's name, without duplicates. A name not
// in the vocabulary (an MCP tool, a new built-in) has only itself.
func ToolAliases(name string) []string {
	if name == "" {
		return nil
	}
	out := []string{name}
	add := func(s string) {
		if s == "" {
			return
		}
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	for i := range toolVocabulary {
		r := &toolVocabulary[i]
		if !r.has(name) {
			continue
		}
		add(r.canon)
		add(r.claude)
		add(r.codex)
		add(r.copilot)
		add(r.gemini)
		add(r.kiro)
		for _, a := range r.also {
			add(a)
		}
	}
	return out
}

// NativeTool returns agent's name for the tool called name by any agent;
// name itself when the vocabulary does not know it or agent has no such tool.
func NativeTool(agent, name string) string {
	if name == "" {
		return ""
	}
	for i := range toolVocabulary {
		r := &toolVocabulary[i]
		if r.native(agent) == name {
			return name // already native (fs_write is both Kiro's write and edit)
		}
	}
	for i := range toolVocabulary {
		r := &toolVocabulary[i]
		if r.has(name) {
			if n := r.native(agent); n != "" {
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
	out := map[string]string{}
	for i := range toolVocabulary {
		r := &toolVocabulary[i]
		if n := r.native(agent); n != "" {
			out[r.canon] = n
		}
	}
	return out
}
