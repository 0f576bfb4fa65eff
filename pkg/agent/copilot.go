package agent

import "github.com/symposium-dev/symposium-go/pkg/stream"

// GitHub Copilot. See the book's "GitHub Copilot" agent reference and ../shared/agent-payloads/copilot/.
var copilot = &Agent{
	Name:      "copilot",
	Payload:   &PayloadPaths{Cwd: []string{"cwd"}, Tool: [][]string{{"toolName"}, {"tool_name"}}},
	Display:   "GitHub Copilot",
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".copilot"},
	// Copilot CLI 1.0.102 also runs the repository's .claude/settings.json
	// hooks (Claude-shaped payload, no transcript_path), with COPILOT_CLI=1
	// in every hook's environment (seen live).
	AlsoRuns:  []string{"claude"},
	CallerEnv: "COPILOT_CLI",
	Wire:      copilotWire{},
	// Any non-zero hook exit denies the call ("hook errored"), so a
	// sym-hook that fails or crashes must not pass its exit through.
	FailClosed: true,
	// "bash" with camelCase hook keys; PascalCase configs send Claude's names.
	Tools: NameTable{{"shell", "bash"}, {"file_read", "view"}, {"file_write", "create"}, {"file_edit", "edit"}, {"search", "grep"}, {"find", "glob"}, {"web_fetch", "web_fetch"}, {"agent", "task"}},
	// As a HIF provider: Copilot CLI 1.0.102 accepts more camelCase keys
	// than §7.4 lists (runtime.node config paths, copilot/output-contract.md):
	// agentStop, preCompact, subagentStart/Stop, notification,
	// permissionRequest. It honours modifiedArgs (input rewrite) and has cwd,
	// env and bash/powershell.
	HIF: &HIFProvider{
		Slug: "copilot-cli", Name: "Copilot CLI",
		Events: NameTable{
			{"before_tool_execute", "preToolUse"}, {"after_tool_execute", "postToolUse"},
			{"session_start", "sessionStart"}, {"session_end", "sessionEnd"},
			{"before_prompt", "userPromptSubmitted"}, {"agent_stop", "agentStop"},
			{"error_occurred", "errorOccurred"}, {"before_compact", "preCompact"},
			{"subagent_start", "subagentStart"}, {"subagent_stop", "subagentStop"},
			{"notification", "notification"}, {"permission_request", "permissionRequest"},
		},
		Caps: []string{"structured_output", "input_rewrite", "platform_commands", "custom_env", "configurable_cwd"},
		Blocking: NameTable{
			{"after_tool_execute", "observe"}, {"session_start", "observe"},
			{"session_end", "observe"}, {"before_prompt", "observe"},
			{"agent_stop", "observe"}, {"error_occurred", "observe"},
			{"before_compact", "observe"}, {"notification", "observe"},
			{"subagent_start", "observe"}, {"subagent_stop", "observe"},
		},
		ProjectHooks: ".github/hooks/hooks.json",
		Shape:        ShapeCopilot,
		MCP:          MCPNames{Sep: "/", All: "*"},
		Timeout:      Seconds,
	},

	// Copilot CLI docs (add-skills): .github/skills, .claude/skills and
	// .agents/skills. `copilot skill list` (1.0.102) shows a name found in
	// several once: from .github, else .agents, else .claude.
	SkillReads:   []string{".github/skills", ".agents/skills", ".claude/skills"},
	SkillDedupe:  true,
	registration: &copilotRegistration,
	homeMoves:    copilotHomeMoves,
}

// Hooks: a file of our own, {"version": 1, "hooks": {event: [{type, bash,
// powershell, timeoutSec}]}} (camelCase keys: the payloads then have the
// camelCase shape our wire codec reads). Copilot runs "powershell" on
// Windows and "bash" elsewhere when an entry has both; with "bash" alone
// it runs bash.exe on Windows too (Copilot CLI 1.0.20 app.js: "if
// (t.bash&&t.powershell) o=process.platform==="win32"?"powershell":"bash"
// … else if(t.bash) o="bash""), which without Git Bash on PATH fails, and
// a failing preToolUse hook denies the tool call (copilot/output-contract.md).
// So every entry has both, each behind its guard. Project: .github/hooks/symposium.json (loaded only in
// a trusted folder). Global: Copilot CLI 1.0.102 loads every file in
// $COPILOT_HOME/hooks/ (userHooksDir in cli-main.js), so we use
// ~/.copilot/hooks/symposium.json rather than editing ~/.copilot/config.json,
// which Copilot itself rewrites; ours are still removed from its "hooks" key
// (the book's location) when found there. make e2e-agents (SCOPE=global)
// saw a prompt-mode session run a hook from that file.
// MCP: the CLI reads .github/mcp.json or .mcp.json in a trusted folder and
// ~/.copilot/mcp-config.json, all under mcpServers (not .vscode/mcp.json,
// which is VS Code's). .mcp.json is Claude Code's file, so we use
// .github/mcp.json.
var copilotRegistration = registration{
	hooks: &hookSpec{
		project: ".github/hooks/symposium.json",
		global:  ".copilot/hooks/symposium.json",
		legacy:  []string{".copilot/config.json"},
		element: func(t Target, a *Agent, ev string) ordered {
			return ordered{
				{Key: "type", Value: "command"},
				{Key: "bash", Value: HookCommand(t.Command, a.Name, ev)},
				{Key: "powershell", Value: PowerShellHookCommand(t.Command, a.Name, ev)},
				{Key: "timeoutSec", Value: t.Timeout},
			}
		},
		scaffold: func(Target, string) ordered { return ordered{{Key: "version", Value: 1}} },
	},
	mcp: &mcpSpec{
		project:   ".github/mcp.json",
		global:    ".copilot/mcp-config.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "copilot", true) },
	},
	gates: copilotGates,
}

// COPILOT_HOME replaces ~/.copilot (config.json, mcp-config.json, hooks/):
// @github/copilot 1.0.20's app.js `t?.configDir ? t.configDir :
// process.env.COPILOT_HOME ? process.env.COPILOT_HOME :
// join(homedir(),".copilot")`, and its help: "override the directory where
// configuration and state files are stored; defaults to $HOME/.copilot".
var copilotHomeMoves = []homeMove{{dir: ".copilot", env: "COPILOT_HOME"}}
