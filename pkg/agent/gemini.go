package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// Gemini CLI. See the book's "Gemini CLI" agent reference and ../shared/agent-payloads/gemini/.
var gemini = &Agent{
	Name:     "gemini",
	Payload:  snakePayload,
	Display:  "Gemini CLI",
	SkillDir: ".agents/skills",
	// Gemini CLI's own files in ~/.gemini, not the directory: Antigravity
	// CLI keeps its own files there too (antigravity-cli/, config/), and
	// they are not Gemini CLI installed. Shut down for consumers, Gemini
	// CLI is offered by init only where found (or configured).
	HomeMarks: []string{".gemini/settings.json", ".gemini/oauth_creds.json", ".gemini/google_accounts.json", ".gemini/installation_id", ".gemini/user_id", ".gemini/GEMINI.md", ".gemini/tmp"},
	Binary:    "gemini",
	// Gemini CLI 0.61.0 runs hook commands on Windows with PowerShell:
	// pwsh.exe when found, else powershell.exe, "-NoProfile -Command"
	// (getShellConfiguration and HookRunner.executeCommandHook in its
	// bundle); exit 2 blocks, any other failure only warns.
	WindowsShell:   ShellPowerShell,
	OfferWhenFound: true,
	Wire:           geminiWire{},
	Notice:         "Gemini CLI was shut down for consumers in June 2026; its successor is Antigravity CLI (agy), which symposium also supports: cargo agents init --add-agent antigravity",
	Tools:          NameTable{{"shell", "run_shell_command"}, {"file_read", "read_file"}, {"file_write", "write_file"}, {"file_edit", "replace"}, {"search", "grep_search"}, {"find", "glob"}, {"web_search", "google_web_search"}, {"web_fetch", "web_fetch"}},
	// As a HIF provider: Gemini CLI 0.61.0's event enum
	// (gemini/output-contract.md). BeforeTool's hookSpecificOutput.tool_input
	// replaces the tool arguments (observed), so input_rewrite is supported
	// although §9.2's table says otherwise. `gemini hooks migrate` writes grep
	// and edit_file; they are accepted.
	HIF: &HIFProvider{
		Slug: "gemini-cli", Name: "Gemini CLI",
		Events: NameTable{
			{"before_tool_execute", "BeforeTool"}, {"after_tool_execute", "AfterTool"},
			{"session_start", "SessionStart"}, {"session_end", "SessionEnd"},
			{"before_prompt", "BeforeAgent"}, {"agent_stop", "AfterAgent"},
			{"before_compact", "PreCompress"}, {"notification", "Notification"},
			{"before_model", "BeforeModel"}, {"after_model", "AfterModel"},
			{"before_tool_selection", "BeforeToolSelection"},
		},
		ToolsIn:      NameTable{{"grep", "search"}, {"search_file_content", "search"}, {"edit_file", "file_edit"}},
		Caps:         []string{"structured_output", "input_rewrite"},
		Blocking:     claudeBlocking,
		ProjectHooks: ".gemini/settings.json",
		Shape:        ShapeGrouped,
		MCP:          MCPNames{Prefix: "mcp_", Sep: "_", All: ".*"},
		Timeout:      Milliseconds,
	},

	// .gemini/skills and its alias .agents/skills: a name in both warns,
	// and the last wins.
	SkillReads:   []string{".gemini/skills", ".agents/skills"},
	registration: &geminiRegistration,
	homeMoves:    geminiHomeMoves,
}

// geminiHookName names our handlers; Gemini de-duplicates hooks by
// name:command and lists them by name (hooksConfig.disabled uses it).
const geminiHookName = "symposium"

// Hooks: settings.json "hooks" with matcher groups; timeout in milliseconds.
// Matcher "*" matches every tool and every SessionStart source (captured
// with 0.61.0). Project settings (hooks and MCP servers) only count in a
// trusted folder: geminiGates checks ~/.gemini/trustedFolders.json.
// MCP: settings.json mcpServers: stdio {command, args, env}, streamable HTTP
// {httpUrl, headers}, SSE {url, headers}.
var geminiRegistration = registration{
	hooks: &hookSpec{
		project: ".gemini/settings.json",
		global:  ".gemini/settings.json",
		grouped: true,
		element: func(t Target, a *Agent, ev string) ordered {
			return groupElement("*", ordered{
				{Key: "name", Value: geminiHookName},
				{Key: "type", Value: "command"},
				{Key: "command", Value: t.hookCommand(a, ev)},
				{Key: "timeout", Value: t.Timeout * 1000},
			})
		},
	},
	mcp: &mcpSpec{
		project:   ".gemini/settings.json",
		global:    ".gemini/settings.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     geminiMCPEntry,
	},
	gates: geminiGates,
}

func geminiMCPEntry(s stream.MCPServer) (any, error) {
	switch typ := serverType(s); typ {
	case "stdio":
		return dropEmpty(ordered{{Key: "command", Value: s.Command}, {Key: "args", Value: args(s.Args)}, {Key: "env", Value: stringMap(s.Env)}}), nil
	case "http":
		return dropEmpty(ordered{{Key: "httpUrl", Value: s.URL}, {Key: "headers", Value: stringMap(s.Headers)}}), nil
	case "sse":
		return dropEmpty(ordered{{Key: "url", Value: s.URL}, {Key: "headers", Value: stringMap(s.Headers)}}), nil
	default:
		return nil, errTransport("gemini", typ)
	}
}

// GEMINI_CLI_HOME is a home directory for Gemini CLI alone: its .gemini
// (settings.json, trustedFolders.json, skills) is $GEMINI_CLI_HOME/.gemini
// (@google/gemini-cli 0.61.0, packages/core/src/utils/paths.ts: homedir()
// returns process.env["GEMINI_CLI_HOME"] when set; Storage.getGlobalGeminiDir
// joins ".gemini" to it). Antigravity's directories under ~/.gemini keep
// their place (antigravity.go).
var geminiHomeMoves = []homeMove{{dir: ".gemini", env: "GEMINI_CLI_HOME", elems: []string{".gemini"}}}
