package agent

import (
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Cline CLI (the SDK-based `cline`, 3.0.65; ../shared/agent-payloads/cline/
// output-contract.md, observed live). Its hooks are executable files named
// after the event in a hook directory: .clinerules/hooks/ in the project,
// ~/.cline/hooks/ for the user (both ran without any trust prompt). Each
// of ours is a small sh program that runs our command with the payload on
// stdin and prints {} (proceed) when the command is missing or fails.
var cline = &Agent{
	Name:      "cline",
	Display:   "Cline CLI",
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".cline"},
	Binary:    "cline",
	Wire:      clineWire{},
	Tools:     NameTable{{"shell", "run_commands"}},
	// TaskStart is the session start (dispatched detached: its context is
	// not injected, observed live); TaskComplete is not registered, as
	// Cline cannot continue a task from it.
	Registers: NameTable{
		{PreToolUse, "PreToolUse"}, {PostToolUse, "PostToolUse"},
		{UserPromptSubmit, "UserPromptSubmit"}, {SessionStart, "TaskStart"},
	},
	OfferWhenFound: true,

	// The project skills directories it lists: cline/output-contract.md (live).
	SkillReads:   []string{".clinerules/skills", ".cline/skills", ".agents/skills"},
	registration: &clineRegistration,
	homeMoves:    clineHomeMoves,
}

// clineHookMarker starts every hook program we write (after the shebang):
// a file there without it is the user's, never replaced or removed.
const clineHookMarker = "#!/bin/sh\n# symposium Cline hook"

// clineHookScript is our program for one event: stdin goes to our command;
// whatever it prints is the answer, and {} when it prints nothing, is not
// installed, or fails (Cline ignores the exit code and must never be
// stopped by us).
func clineHookScript(t Target, a *Agent, canonical string) []byte {
	c := shellQuote(t.Command)
	return []byte(strings.Join([]string{
		clineHookMarker + " (written by `cargo agents sync`; it is replaced there, and removed by uninstall).",
		"out=$(command -v " + c + " >/dev/null 2>&1 && " + c + " " + hookArgs(t.Command, a.Name, cliEvent(canonical)) + ") || out=",
		`[ -n "$out" ] || out='{}'`,
		`printf '%s\n' "$out"`,
		"",
	}, "\n"))
}

// MCP: the user-wide ~/.cline/data/settings/cline_mcp_settings.json
// ($CLINE_MCP_SETTINGS_PATH overrides it; code only, not run here), in
// Claude's {"mcpServers": {…}} form. Cline reads no project file.
var clineRegistration = registration{
	hooks: &hookSpec{
		project:     ".clinerules/hooks",
		global:      ".cline/hooks",
		eventScript: clineHookScript,
		eventFiles:  []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "TaskStart", "TaskComplete", "TaskResume", "TaskCancel", "TaskError", "PreCompact", "SessionShutdown"},
		marker:      clineHookMarker,
	},
	mcp: &mcpSpec{
		global:    ".cline/data/settings/cline_mcp_settings.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "cline", false) },
	},
}

// Cline's directories (cline 3.0.65, @cline/core and @cline/llms): the
// home ~/.cline is $CLINE_DIR (hooks/ under it); its data directory
// $CLINE_DATA_DIR, else <home>/data; the MCP settings file
// $CLINE_MCP_SETTINGS_PATH, else <data>/settings/cline_mcp_settings.json.
// Cline trims each value.
const (
	clineDirVar  = "CLINE_DIR"
	clineDataVar = "CLINE_DATA_DIR"
	clineMCPVar  = "CLINE_MCP_SETTINGS_PATH"
)

var clineHomeMoves = []homeMove{
	{dir: ".cline", at: func(t Target) string { return t.clineEnv(clineDirVar) }, vars: []string{clineDirVar}},
	{dir: ".cline/data", at: clineDataDir, vars: []string{clineDataVar, clineDirVar}},
	{dir: ".cline/data/settings/cline_mcp_settings.json", vars: []string{clineMCPVar, clineDataVar, clineDirVar}, at: func(t Target) string {
		if f := t.clineEnv(clineMCPVar); f != "" {
			return f
		}
		if d := clineDataDir(t); d != "" {
			return filepath.Join(d, "settings", "cline_mcp_settings.json")
		}
		return ""
	}},
}

func clineDataDir(t Target) string {
	if d := t.clineEnv(clineDataVar); d != "" {
		return d
	}
	if d := t.clineEnv(clineDirVar); d != "" {
		return filepath.Join(d, "data")
	}
	return ""
}

// clineEnv is a Cline variable's trimmed, absolute value ("" otherwise).
func (t Target) clineEnv(name string) string {
	if v := strings.TrimSpace(t.Host.env(name)); isAbs(v) {
		return v
	}
	return ""
}
