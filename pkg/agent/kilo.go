package agent

import "bytes"

// Kilo Code CLI, an OpenCode fork: the same JS plugin API and hooks, no
// shell hooks. See ../shared/agent-payloads/kilo/output-contract.md (Kilo
// 7.7.7, observed live).
var kilo = &Agent{
	Name:    "kilo",
	Payload: &PayloadPaths{Cwd: []string{"directory"}, Tool: [][]string{{"input", "tool"}}},
	Display: "Kilo Code CLI",
	// Kilo also reads .kilo/skills, but a .kilo/ directory is one of the
	// config directories it npm-installs into at startup.
	SkillDir:       ".agents/skills",
	HomeMarks:      []string{".config/kilo"},
	Binary:         "kilo",
	OfferWhenFound: true,
	Wire:           opencodeWire{agent: "kilo"},
	Tools:          opencode.Tools,
	Registers:      opencode.Registers,

	// The project skills directories it reads: kilo/output-contract.md (live) (LANDSCAPE.md).
	SkillReads:   []string{".kilo/skills", ".kilo/skill", ".agents/skills", ".claude/skills"},
	registration: &kiloRegistration,
	homeMoves:    kiloHomeMoves,
}

// kiloShimMarker starts every Kilo shim we write.
const kiloShimMarker = "// symposium Kilo shim:"

// renderKiloShim is OpenCode's shim calling `hook kilo EVENT`, marked as
// Kilo's.
func renderKiloShim(t Target) []byte {
	return bytes.Replace(renderPluginShim(t, "kilo"), []byte(opencodeShimMarker), []byte(kiloShimMarker), 1)
}

// Hooks: Kilo loads plugins from {plugin,plugins}/ in .kilo/ and
// ~/.config/kilo/, and from the "plugin" list of its config files, but for
// a config directory holding a file:// plugin it first npm-installs
// @kilocode/plugin there and waits (78.7 s offline, observed). A plugin
// named in the project's kilo.json is loaded without that (its relative
// path resolved against the file, observed live with 7.7.7), so in a
// project the shim lives outside .kilo/ and kilo.json names it. There is no
// such place for the user's own config: the global shim goes in
// ~/.config/kilo/plugins/, which costs that install once.
// MCP: kilo.json "mcp", OpenCode's format (a project .mcp.json is not read).
var kiloRegistration = registration{
	hooks: &hookSpec{
		project: ".kilo-plugins/symposium.js",
		global:  ".config/kilo/plugins/symposium.js",
		script:  renderKiloShim,
		marker:  kiloShimMarker,
		list: &pluginList{
			file: "kilo.json", alternates: []string{"kilo.jsonc"},
			key: []string{"plugin"}, spec: "./.kilo-plugins/symposium.js",
		},
	},
	mcp: &mcpSpec{
		project:    "kilo.json",
		global:     ".config/kilo/kilo.json",
		format:     "json",
		container:  []string{"mcp"},
		entry:      opencodeMCPEntry,
		alternates: []string{"kilo.jsonc"},
	},
}

// Kilo inlines OpenCode's xdg-basedir: $XDG_CONFIG_HOME/kilo, else
// ~/.config/kilo (kilo 7.7.7's binary).
var kiloHomeMoves = []homeMove{{dir: ".config/kilo", env: "XDG_CONFIG_HOME", elems: []string{"kilo"}}}
