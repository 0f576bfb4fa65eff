package agent

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Amp (Sourcegraph's Amp CLI). Nothing here was observed live: Amp needs its
// own backend and its plugin types package could not be installed here.
// The contract comes from Amp's manual ("Plugin API", ampcode.com/manual/
// plugin-api) and rulesync 17.0.0, collected in
// ../shared/agent-payloads/amp/contract-from-docs.md. Amp has no shell
// hooks: TypeScript plugins in .amp/plugins/ (project) and
// ~/.config/amp/plugins/ (user), loaded only when Amp runs with
// PLUGINS=all in its environment (ampGates).
var amp = &Agent{
	Name:      "amp",
	Payload:   &PayloadPaths{Cwd: []string{"cwd"}, Tool: [][]string{{"event", "tool"}}},
	Display:   "Amp",
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".config/amp"},
	Binary:    "amp",
	Wire:      ampWire{},
	// Amp's tool names and their arguments (Bash's "cmd", the file
	// tools' "path") are from its manual's permission examples and
	// third-party references, not from a capture.
	Tools: NameTable{
		{"shell", "Bash"}, {"file_read", "Read"}, {"file_write", "create_file"}, {"file_edit", "edit_file"},
		{"search", "Grep"}, {"find", "glob"}, {"web_fetch", "read_web_page"}, {"web_search", "web_search"}, {"agent", "Task"},
	},
	// The plugin events the shim forwards, by the canonical event each
	// is; agent.end is a Stop that only observes.
	Registers: NameTable{
		{PreToolUse, "tool.call"}, {PostToolUse, "tool.result"},
		{UserPromptSubmit, "agent.start"}, {SessionStart, "session.start"}, {Stop, "agent.end"},
	},
	OfferWhenFound: true,

	// The project skills directories it reads (.agents/skills first, then
	// .claude/skills for compatibility): third-party references to Amp's
	// manual (syllago, decodeclaude); whether a name in both shows
	// twice is not known.
	SkillReads:   []string{".agents/skills", ".claude/skills"},
	registration: &ampRegistration,
}

// ampShim is the plugin sync installs; {{BIN}} (a string literal, quotes
// included) and {{TIMEOUT_MS}} are filled in per target.
//
//go:embed amp_shim.js
var ampShim string

// ampShimMarker starts every plugin we write: a file there without it is
// the user's, never replaced or removed. Its first line is the header the
// manual's examples open with, in case Amp looks for it.
const ampShimMarker = "// @i-know-the-amp-plugin-api-is-wip-and-very-experimental-right-now\n// symposium Amp plugin:"

// renderAmpShim is the plugin for t, as renderPiShim: our command as a JSON
// string (a JavaScript string literal for any path) and a timeout above
// the hook call's own deadline, since the manual names no handler timeout.
func renderAmpShim(t Target) []byte {
	bin, _ := json.Marshal(t.Command) // a string always marshals
	return []byte(strings.NewReplacer(
		"{{BIN}}", string(bin),
		"{{TIMEOUT_MS}}", strconv.Itoa(t.Timeout*1000),
	).Replace(ampShim))
}

// Hooks: one plugin file in the hook scope's directory (a plugin in both
// would run twice). MCP: "amp.mcpServers" (one key with a dot in it, as
// all of Amp's settings) in .amp/settings.json or ~/.config/amp/
// settings.json, {command, args, env} | {url, headers} (rulesync 17.0.0);
// a user's settings.jsonc is edited in place.
var ampRegistration = registration{
	hooks: &hookSpec{
		project: ".amp/plugins/symposium.ts",
		global:  ".config/amp/plugins/symposium.ts",
		script:  renderAmpShim,
		marker:  ampShimMarker,
	},
	mcp: &mcpSpec{
		project:    ".amp/settings.json",
		global:     ".config/amp/settings.json",
		format:     "json",
		container:  []string{"amp.mcpServers"},
		entry:      func(s stream.MCPServer) (any, error) { return claudeStyleEntry(s, "amp", false) },
		alternates: []string{"settings.jsonc"},
	},
	gates: ampGates,
}
