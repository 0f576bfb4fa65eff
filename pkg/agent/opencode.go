package agent

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// OpenCode. See the book's "OpenCode" agent reference and
// ../shared/agent-payloads/opencode/ (plugin-contract.md: the plugin hooks
// observed live on 1.18.33).
var opencode = &Agent{
	Name:      "opencode",
	Payload:   &PayloadPaths{Cwd: []string{"directory"}, Tool: [][]string{{"input", "tool"}}},
	Display:   "OpenCode",
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".config/opencode"},
	Wire:      opencodeWire{},
	Tools:     NameTable{{"shell", "bash"}, {"file_read", "read"}, {"file_write", "write"}, {"file_edit", "edit"}, {"search", "grep"}, {"find", "glob"}, {"web_fetch", "webfetch"}, {"agent", "task"}},
	// The plugin hooks the shim forwards, by the canonical event each is;
	// session.idle is a Stop that only observes.
	Registers: NameTable{
		{PreToolUse, "tool.execute.before"}, {PostToolUse, "tool.execute.after"},
		{UserPromptSubmit, "chat.message"}, {SessionStart, "session.created"}, {Stop, "session.idle"},
	},

	// OpenCode docs (skills): a name in two of these shows once, picked
	// at random from run to run, with a warning.
	SkillReads:   []string{".opencode/skills", ".claude/skills", ".agents/skills"},
	registration: &opencodeRegistration,
	homeMoves:    opencodeHomeMoves,
}

// opencodeShim is the JS plugin sync installs; {{BIN}} (a string literal,
// quotes included), {{TIMEOUT_MS}} and {{AGENT}} (the agent it calls us as:
// Kilo, a fork, runs the same plugin) are filled in per target.
//
//go:embed opencode_shim.js
var opencodeShim string

// opencodeShimMarker starts every shim we write: a file there without it
// is the user's, never replaced or removed.
const opencodeShimMarker = "// symposium OpenCode shim:"

// renderOpencodeShim is the shim for t: our command (by name in a project,
// where the file is committed) and a timeout above the hook call's own
// deadline, so the shim only ever kills a wedged call.
// The path goes in as a JSON string, which is a JavaScript string literal
// for any path (a newline, a quote, U+2028 in a directory name).
func renderOpencodeShim(t Target) []byte { return renderPluginShim(t, "opencode") }

// renderPluginShim is opencodeShim for t, calling `hook agent EVENT`.
func renderPluginShim(t Target, agent string) []byte {
	bin, _ := json.Marshal(t.Command) // a string always marshals
	return []byte(strings.NewReplacer(
		"{{BIN}}", string(bin),
		"{{TIMEOUT_MS}}", strconv.Itoa(t.Timeout*1000),
		"{{AGENT}}", strconv.Quote(agent),
	).Replace(opencodeShim))
}

// Hooks: OpenCode has no shell hooks but loads JS plugins from
// {plugin,plugins}/*.{js,ts} in .opencode/ and ~/.config/opencode/, and a
// plugin in both runs twice: the shim goes in exactly one of them, per hook
// scope, and the other scope's copy of ours is removed.
// MCP: opencode.json "mcp": local servers
// take the command as one array and need "enabled" (1.18.33 rejects the
// config otherwise; agent-payloads/opencode/output-contract.md). OpenCode
// reads opencode.jsonc as well: a user's .jsonc is edited in place (with its
// comments) rather than a second file created beside it.
var opencodeRegistration = registration{
	hooks: &hookSpec{
		project: ".opencode/plugins/symposium.js",
		global:  ".config/opencode/plugins/symposium.js",
		script:  renderOpencodeShim,
		marker:  opencodeShimMarker,
	},
	mcp: &mcpSpec{
		project:    "opencode.json",
		global:     ".config/opencode/opencode.json",
		format:     "json",
		container:  []string{"mcp"},
		entry:      opencodeMCPEntry,
		alternates: []string{"opencode.jsonc"},
	},
}

func opencodeMCPEntry(s stream.MCPServer) (any, error) {
	switch typ := serverType(s); typ {
	case "stdio":
		return dropEmpty(ordered{
			{Key: "type", Value: "local"},
			{Key: "command", Value: append([]string{s.Command}, s.Args...)},
			{Key: "environment", Value: stringMap(s.Env)},
			{Key: "enabled", Value: true},
		}), nil
	case "http", "sse":
		return dropEmpty(ordered{{Key: "type", Value: "remote"}, {Key: "url", Value: s.URL}, {Key: "headers", Value: stringMap(s.Headers)}, {Key: "enabled", Value: true}}), nil
	default:
		return nil, errTransport("opencode", typ)
	}
}

// OpenCode's global directory is xdg-basedir's: $XDG_CONFIG_HOME/opencode,
// else ~/.config/opencode, on every system (opencode 1.18.33's binary:
// `XDG_CONFIG_HOME||join(homedir(),".config")` joined with the app name).
var opencodeHomeMoves = []homeMove{{dir: ".config/opencode", env: "XDG_CONFIG_HOME", elems: []string{"opencode"}}}
