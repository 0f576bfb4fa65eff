package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPiGates: Pi skips a project's extensions, MCP servers and
// .agents/skills until the project is trusted (pi/output-contract.md,
// trust-manager.js: the nearest true/false entry of trust.json up from
// the workspace, else defaultProjectTrust).
func TestPiGates(t *testing.T) {
	const shim = "ws/.pi/extensions/symposium.js"
	tests := []struct {
		name     string
		files    map[string]string
		problem  string // "" = no gate
		openable bool
	}{
		{name: "nothing of ours in the project", files: map[string]string{"~/.pi/agent/trust.json": `{}`}},
		{
			name:     "extension, servers and skills, no decision",
			files:    map[string]string{shim: piShimMarker, "ws/.pi/mcp.json": `{"mcpServers": {"a": {"command": "a"}}}`, "ws/.agents/skills/s/SKILL.md": "x"},
			problem:  "Pi ignores the hooks, MCP servers, skills in $WS: the project is not trusted",
			openable: true,
		},
		{name: "trusted", files: map[string]string{shim: piShimMarker, "~/.pi/agent/trust.json": `{"$WS": true}`}},
		{name: "parent trusted", files: map[string]string{shim: piShimMarker, "~/.pi/agent/trust.json": `{"$PARENT": true}`}},
		{
			name:    "parent trusted, project refused",
			files:   map[string]string{shim: piShimMarker, "~/.pi/agent/trust.json": `{"$PARENT": true, "$WS": false}`},
			problem: "Pi ignores the hooks in $WS: the project is not trusted (your decision)",
		},
		{
			name:     "null entry is no decision",
			files:    map[string]string{shim: piShimMarker, "~/.pi/agent/trust.json": `{"$WS": null}`},
			problem:  "Pi ignores the hooks in $WS: the project is not trusted",
			openable: true,
		},
		{name: "trust every project", files: map[string]string{"ws/.agents/skills/s/SKILL.md": "x", "~/.pi/agent/settings.json": `{"defaultProjectTrust": "always"}`}},
		{
			name:    "trust no project",
			files:   map[string]string{"ws/.agents/skills/s/SKILL.md": "x", "~/.pi/agent/settings.json": `{"defaultProjectTrust": "never"}`},
			problem: "Pi ignores the skills in $WS: the project is not trusted (your decision)",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range tc.files {
				files[k] = v
			}
			ws, home := gateDirs(t, nil)
			for k, v := range files {
				files[k] = strings.ReplaceAll(v, "$PARENT", jsonEscaped(filepath.Dir(ws)))
			}
			writeFiles(t, ws, home, files)
			target := Target{Workspace: ws, Home: home, Scope: ScopeProject}
			gates := pi.Gates(realFiles(), target)
			var got []string
			for _, g := range gates {
				got = append(got, g.Problem)
				if (g.Open != nil) != tc.openable {
					t.Errorf("gate %q: openable %v, want %v", g.Problem, g.Open != nil, tc.openable)
				}
			}
			var want []string
			if tc.problem != "" {
				want = []string{strings.ReplaceAll(tc.problem, "$WS", ws)}
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("gates (-want +got):\n%s", d)
			}
			if !tc.openable {
				return
			}
			// Opening writes the entry Pi reads; undoing it gives the file back.
			before := snapshot(t, filepath.Dir(ws))
			changes, err := gates[0].Open(realFiles())
			if err != nil || len(changes) != 1 || changes[0].Trust == nil {
				t.Fatalf("Open = %+v, %v", changes, err)
			}
			if g := pi.Gates(realFiles(), target); len(g) != 0 {
				t.Errorf("still closed after opening: %+v", g)
			}
			data, _ := os.ReadFile(filepath.Join(home, ".pi", "agent", "trust.json"))
			if !strings.Contains(string(data), `"`+jsonEscaped(realPath(ws))+`": true`) {
				t.Errorf("trust.json after opening:\n%s", data)
			}
			if _, gone, err := UndoTrust(realFiles(), *changes[0].Trust); err != nil || !gone {
				t.Errorf("UndoTrust = %v, %v", gone, err)
			}
			// (A replaced null comes back as no entry, which Pi reads the
			// same: TrustEntry.Previous cannot hold a null.)
			if d := cmp.Diff(before, snapshot(t, filepath.Dir(ws))); d != "" && !strings.Contains(files["~/.pi/agent/trust.json"], "null") {
				t.Errorf("after undo (-before +after):\n%s", d)
			}
		})
	}
}
