package agent

import (
	"path/filepath"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Goose. See the book's "Goose" agent reference and ../shared/agent-payloads/goose/.
var goose = &Agent{
	Name:      "goose",
	Display:   "Goose",
	SkillDir:  ".agents/skills",
	HomeMarks: []string{".config/goose"},

	// Goose's skills extension reads these in the project.
	SkillReads:   []string{".goose/skills", ".claude/skills", ".agents/skills"},
	registration: &gooseRegistration,
	homeMoves:    gooseHomeMoves,
}

// gooseTimeout is the per-call timeout (seconds) Goose itself writes for a
// new extension.
const gooseTimeout = 300

// No hooks. MCP servers are Goose "extensions" in the user-wide
// ~/.config/goose/config.yaml (Goose reads no project file), in the form
// Goose writes itself: the ExtensionEntry fields flattened beside
// "enabled". The book's older {provider: mcp, config: {...}} form is not
// what Goose reads. Because the file is shared by every workspace, the
// installer keys its owned list by MCPFile.
var gooseRegistration = registration{
	mcp: &mcpSpec{
		global:    ".config/goose/config.yaml",
		format:    "yaml",
		container: []string{"extensions"},
		entry:     gooseMCPEntry,
	},
}

// On Windows Goose keeps its config under the roaming application data,
// "%APPDATA%\Block\goose\config\config.yaml"
// (https://block.github.io/goose/docs/guides/config-files; its
// etcetera app strategy with author "Block"), not ~/.config/goose.
var gooseHomeMoves = []homeMove{{dir: ".config/goose", at: gooseConfigDir, vars: []string{appData}}}

const appData = "APPDATA"

func gooseConfigDir(t Target) string {
	dir := t.absEnv(appData, false)
	if t.Host.OS() != "windows" || dir == "" {
		return ""
	}
	return filepath.Join(dir, "Block", "goose", "config")
}

func gooseMCPEntry(s stream.MCPServer) (any, error) {
	desc := "MCP server from symposium plugin " + s.Plugin
	envs := stringMap(s.Env)
	if envs == nil {
		envs = ordered{}
	}
	switch typ := serverType(s); typ {
	case "stdio":
		return ordered{
			{Key: "name", Value: s.Name},
			{Key: "type", Value: "stdio"},
			{Key: "cmd", Value: s.Command},
			{Key: "args", Value: append([]string{}, s.Args...)},
			{Key: "envs", Value: envs},
			{Key: "env_keys", Value: []string{}},
			{Key: "description", Value: desc},
			{Key: "timeout", Value: gooseTimeout},
			{Key: "enabled", Value: true},
		}, nil
	case "http", "sse":
		gt := "streamable_http"
		if typ == "sse" {
			gt = "sse"
		}
		o := ordered{
			{Key: "name", Value: s.Name},
			{Key: "type", Value: gt},
			{Key: "uri", Value: s.URL},
			{Key: "envs", Value: envs},
			{Key: "env_keys", Value: []string{}},
		}
		if typ == "http" {
			h := stringMap(s.Headers)
			if h == nil {
				h = ordered{}
			}
			o = append(o, member{Key: "headers", Value: h})
		}
		return append(o, member{Key: "description", Value: desc}, member{Key: "timeout", Value: gooseTimeout}, member{Key: "enabled", Value: true}), nil
	default:
		return nil, errTransport("goose", typ)
	}
}
