package agent

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/skillowner"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Pi (the pi coding agent). See ../shared/agent-payloads/pi/output-contract.md
// (Pi 1.3.0, observed live): no shell hooks, but TS/JS extensions loaded
// from .pi/extensions/ (project, only in a trusted project) and
// ~/.pi/agent/extensions/ (user).
var pi = &Agent{
	Name:      "pi",
	Payload:   &PayloadPaths{Cwd: []string{"cwd"}, Tool: [][]string{{"event", "toolName"}}},
	Display:   "Pi",
	SkillDir:  ".agents/skills", // read (trusted projects only) beside .pi/skills, walking up to the repo root
	HomeMarks: []string{".pi/agent"},
	Binary:    "pi",
	Wire:      piWire{},
	Tools:     NameTable{{"shell", "bash"}, {"file_read", "read"}, {"file_write", "write"}, {"file_edit", "edit"}, {"search", "grep"}, {"find", "find"}},
	// The extension events the shim forwards, by the canonical event each
	// is; agent_end is a Stop that only observes.
	Registers: NameTable{
		{PreToolUse, "tool_call"}, {PostToolUse, "tool_result"},
		{UserPromptSubmit, "before_agent_start"}, {SessionStart, "session_start"}, {Stop, "agent_end"},
	},
	OfferWhenFound: true,

	// The project skills directories it reads: pi/output-contract.md (live) (LANDSCAPE.md).
	SkillReads:   []string{".pi/skills", ".agents/skills"},
	registration: &piRegistration,
	homeMoves:    piHomeMoves,
}

// piShim is the extension sync installs; {{BIN}} (a string literal, quotes
// included) and {{TIMEOUT_MS}} are filled in per target.
//
//go:embed pi_shim.js
var piShim string

// piShimMarker starts every extension we write: a file there without it is
// the user's, never replaced or removed.
const piShimMarker = "// symposium Pi extension:"

// renderPiShim is the extension for t, as renderOpencodeShim: our command
// as a JSON string (a JavaScript string literal for any path) and a
// timeout above the hook call's own deadline, since Pi gives a handler
// none and a hung one wedges the session. It also carries skillowner's
// marks, with which it finds the skills sync installed: Pi's own scan
// skips them, as their .gitignore ignores SKILL.md too.
func renderPiShim(t Target) []byte {
	bin, _ := json.Marshal(t.Command) // strings always marshal
	gitignore, _ := json.Marshal(skillowner.Gitignore)
	manifests, _ := json.Marshal([]string{skillowner.ManifestName, skillowner.LegacyManifestName})
	return []byte(strings.NewReplacer(
		"{{BIN}}", string(bin),
		"{{TIMEOUT_MS}}", strconv.Itoa(t.Timeout*1000),
		"{{GITIGNORE}}", string(gitignore),
		"{{MANIFESTS}}", string(manifests),
	).Replace(piShim))
}

// Hooks: one extension file, in the hook scope's directory (an extension in
// both would run twice). MCP: Pi's built-in MCP reads ~/.pi/agent/mcp.json
// and, in a trusted project, .pi/mcp.json, both {"mcpServers": {name:
// {command, args, env} | {url, headers}}} (observed with `pi mcp list`).
var piRegistration = registration{
	hooks: &hookSpec{
		project: ".pi/extensions/symposium.js",
		global:  ".pi/agent/extensions/symposium.js",
		script:  renderPiShim,
		marker:  piShimMarker,
	},
	mcp: &mcpSpec{
		project:   ".pi/mcp.json",
		global:    ".pi/agent/mcp.json",
		format:    "json",
		container: []string{"mcpServers"},
		entry:     func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "pi", false) },
	},
	gates: piGates,
}

// PI_CODING_AGENT_DIR replaces ~/.pi/agent (settings.json, trust.json,
// extensions/), "~" expanded: pi-coding-agent 1.3.0 dist/config.js
// getAgentDir: `process.env[ENV_AGENT_DIR]` through expandTildePath, else
// join(homedir(), ".pi", "agent").
var piHomeMoves = []homeMove{{dir: ".pi/agent", env: "PI_CODING_AGENT_DIR", tilde: true}}
