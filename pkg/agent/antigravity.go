package agent

import (
	"os/exec"
	"path/filepath"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Antigravity CLI (`agy`), Gemini CLI's successor. No build of it can be
// installed here: everything below follows the contract gathered from live
// probes of agy 1.0.3–1.3.0 in
// ../shared/agent-payloads/antigravity/contract-from-public-reports.md (§
// numbers below are its sections).
var antigravity = &Agent{
	Name:     "antigravity",
	Display:  "Antigravity CLI",
	SkillDir: ".agents/skills", // §7: project skills; loaded for an attached folder
	Wire:     antigravityWire{},
	// §5: tool names are the lowercased step types.
	Tools: NameTable{
		{"shell", "run_command"}, {"file_read", "view_file"}, {"file_write", "write_to_file"},
		{"file_edit", "replace_file_content"}, {"search", "grep_search"}, {"find", "find_by_name"},
		{"web_search", "search_web"}, {"web_fetch", "read_url_content"}, {"agent", "invoke_subagent"},
	},
	// §2: SessionStart is undocumented, absent before 1.1.27, and its answer
	// cannot carry context; the portable session start is the first
	// PreInvocation of a conversation (invocationNum 0), whose answer can
	// (injectSteps). agy has no event that carries the user's prompt, so
	// UserPromptSubmit is not registered.
	Registers: NameTable{{SessionStart, "PreInvocation"}},
	// §4.1: agy denies a tool call on empty output, and (§1.2) denies it
	// too when the hook cannot be spawned. Some launchers (Zed's agy ACP
	// server, agy on Windows) split the command and exec it without a
	// shell, so no shell guard can answer for a missing sym-hook: the
	// command is bare, by absolute path in the global file (see
	// antigravityCommand).
	SilenceDenies: true,
	ExecHooks:     true,
	// §9: detect agy by its binary or its own directory, never by
	// ~/.gemini alone, which Gemini CLI also uses.
	Binary:         "agy",
	HomeMarks:      []string{".gemini/antigravity-cli"},
	OfferWhenFound: true,
	HIF: &HIFProvider{
		Slug: "antigravity", Name: "Antigravity CLI",
		Events: NameTable{
			{"before_tool_execute", "PreToolUse"}, {"after_tool_execute", "PostToolUse"},
			{"before_model", "PreInvocation"}, {"after_model", "PostInvocation"},
			{"agent_stop", "Stop"}, {"session_start", "SessionStart"},
		},
		ToolsIn: NameTable{
			{"multi_replace_file_content", "file_edit"}, {"view_file_outline", "file_read"},
			{"view_code_item", "file_read"}, {"list_dir", "find"},
		},
		// §4.1: PreToolUse's overwrite is shallow-merged into the arguments.
		Caps: []string{"structured_output", "input_rewrite"},
		Blocking: NameTable{
			{"after_tool_execute", "observe"}, {"session_start", "observe"},
			{"before_model", "observe"}, {"after_model", "observe"}, {"agent_stop", "retry"},
		},
		ProjectHooks: ".agents/hooks.json",
		Shape:        ShapeNamed,
		MCP:          MCPNames{Unknown: true}, // its names for MCP tools are not documented
		Timeout:      Seconds,
	},
	registration: &antigravityRegistration,
	homeMoves:    antigravityHomeMoves,
}

// antigravityHookName is the one top-level key of hooks.json that is ours
// (§1.2: the file is an object keyed by hook name).
const antigravityHookName = "symposium"

// Hooks (§1): ~/.gemini/config/hooks.json, or the project's
// .agents/hooks.json, which agy loads only for a folder the session
// attaches (--add-dir), so global is the scope that works (antigravityGates
// says so for project scope). Tool events are matcher groups, lifecycle
// events flat handlers: one grouped lifecycle entry makes agy reject the
// whole file. The command runs through `sh -c`, or without a shell, with
// the hooks file's directory as its working directory: the payload
// (workspacePaths, a tool's path arguments) locates the workspace.
// MCP (§6): ~/.gemini/config/mcp_config.json; remote servers use serverUrl
// for both SSE and streamable HTTP, with no type key; no ${VAR} expansion.
var antigravityRegistration = registration{
	hooks: &hookSpec{
		project: ".agents/hooks.json",
		global:  ".gemini/config/hooks.json",
		ownKey:  antigravityHookName,
		element: func(t Target, a *Agent, ev string) ordered {
			handler := ordered{
				{Key: "type", Value: "command"},
				{Key: "command", Value: HookCommand(antigravityCommand(t), a.Name, ev)},
				{Key: "timeout", Value: t.Timeout},
			}
			if isToolEvent(ev) {
				return groupElement("*", handler)
			}
			return handler
		},
	},
	mcp: &mcpSpec{
		global:    ".gemini/config/mcp_config.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     antigravityMCPEntry,
	},
	gates: antigravityGates,
}

// antigravityCommand is our executable as the global hooks file names it:
// by absolute path, which exists now, so a launcher that execs without a
// shell or runs with another PATH (a GUI editor's) finds it. A project
// file, committed with the project, keeps the name (withDefaults).
func antigravityCommand(t Target) string {
	if t.Scope != ScopeGlobal || filepath.IsAbs(t.Command) {
		return t.Command
	}
	if p, err := exec.LookPath(t.Command); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return abs
		}
	}
	return t.Command
}

func antigravityMCPEntry(s stream.MCPServer) (any, error) {
	switch typ := serverType(s); typ {
	case "stdio":
		return dropEmpty(ordered{{Key: "command", Value: s.Command}, {Key: "args", Value: args(s.Args)}, {Key: "env", Value: stringMap(s.Env)}}), nil
	case "http", "sse":
		return dropEmpty(ordered{{Key: "serverUrl", Value: s.URL}, {Key: "headers", Value: stringMap(s.Headers)}}), nil
	default:
		return nil, errTransport("antigravity", typ)
	}
}

// Antigravity shares ~/.gemini with Gemini CLI, but whether agy follows
// GEMINI_CLI_HOME is not known (its binary is not at hand), so its own
// directories stay under the home when Gemini CLI's ~/.gemini moves.
var antigravityHomeMoves = []homeMove{{dir: ".gemini/config"}, {dir: ".gemini/antigravity-cli"}}
