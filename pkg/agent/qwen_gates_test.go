package agent

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestQwenMCPHash pins qwenMCPHash to Qwen Code 0.24.4's own
// hashMcpServerConfig: the want value is what that function gives (run
// under node) for the same config; the recipe was checked live with
// `qwen mcp list` (Pending approval → Connected).
func TestQwenMCPHash(t *testing.T) {
	config := map[string]any{
		"env":         map[string]any{"Z": "1", "A": "<b>&"},
		"command":     "node",
		"args":        []any{"/work/shared/agent-payloads/lib/mini-mcp.js"},
		"scope":       "workspace", // not behavioural: left out
		"description": "cosmetic",
	}
	got, err := qwenMCPHash(config)
	if err != nil {
		t.Fatal(err)
	}
	if want := "cdd9fa0bfa214e3689f8bfc0ab727bee8ae30d88e869837d54cac17dcc5bcfa2"; got != want {
		t.Errorf("qwenMCPHash = %s, want %s", got, want)
	}
}

func TestQwenGates(t *testing.T) {
	hookFile := `{"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "cargo-agents hook qwen pre-tool-use", "timeout": 60}]}]}}`
	servers := `{"mcpServers": {"b": {"command": "b"}, "a": {"command": "a"}}}`
	hashA, _ := qwenMCPHash(map[string]any{"command": "a"})
	tests := []struct {
		name  string
		files map[string]string
		want  []Gate // Open set where Action is
	}{
		{name: "folder trust off (the default): hooks run", files: map[string]string{"ws/.qwen/settings.json": hookFile}},
		{
			name: "folder trust on, folder untrusted",
			files: map[string]string{
				"ws/.qwen/settings.json":      hookFile,
				"~/.qwen/settings.json":       `{"security": {"folderTrust": {"enabled": true}}}`,
				"~/.qwen/trustedFolders.json": `{"/elsewhere": "TRUST_FOLDER"}`,
			},
			want: []Gate{{Agent: "qwen",
				Problem: "Qwen Code ignores the hooks in $WS/.qwen/settings.json: folder trust is on in $HOME/.qwen/settings.json and $WS is not a trusted folder",
				Fix:     `add "$WS": "TRUST_FOLDER" to $HOME/.qwen/trustedFolders.json (or run qwen in $WS and trust the folder)`,
				Action:  `add "$WS": "TRUST_FOLDER" to $HOME/.qwen/trustedFolders.json`}},
		},
		{
			name: "folder trust on, parent trusted",
			files: map[string]string{
				"ws/.qwen/settings.json":      hookFile,
				"~/.qwen/settings.json":       `{"security": {"folderTrust": {"enabled": true}}}`,
				"~/.qwen/trustedFolders.json": `{"$WS/sub": "TRUST_PARENT"}`,
			},
		},
		{
			name: "project servers: one approved, one pending",
			files: map[string]string{
				"ws/.qwen/settings.json":    servers,
				"~/.qwen/mcpApprovals.json": `{"$WS": {"a": {"hash": "` + hashA + `", "status": "approved"}}}`,
			},
			want: []Gate{{Agent: "qwen",
				Problem: "Qwen Code does not start the project MCP servers in $WS/.qwen/settings.json until they are approved (pending: b)",
				Fix:     "run qwen in $WS and approve them (/mcp)",
				Action:  "approve b for $WS in $HOME/.qwen/mcpApprovals.json"}},
		},
		{
			name: "an approval for another config is pending again; a rejection is the user's",
			files: map[string]string{
				"ws/.qwen/settings.json":    servers,
				"~/.qwen/mcpApprovals.json": `{"$WS": {"a": {"hash": "` + hashA + `", "status": "rejected"}, "b": {"hash": "old", "status": "approved"}}}`,
			},
			want: []Gate{
				{Agent: "qwen",
					Problem: "Qwen Code does not start the project MCP servers in $WS/.qwen/settings.json until they are approved (pending: b)",
					Fix:     "run qwen in $WS and approve them (/mcp)",
					Action:  "approve b for $WS in $HOME/.qwen/mcpApprovals.json"},
				{Agent: "qwen",
					Problem: "Qwen Code does not start the project MCP servers a: $HOME/.qwen/mcpApprovals.json records that you rejected them",
					Fix:     "run qwen in $WS and approve them (/mcp)"},
			},
		},
		{
			name:  "disableAllHooks",
			files: map[string]string{"ws/.qwen/settings.json": strings.Replace(hookFile, `{"hooks"`, `{"disableAllHooks": true, "hooks"`, 1)},
			want: []Gate{{Agent: "qwen",
				Problem: "Qwen Code runs none of the hooks in $WS/.qwen/settings.json: it sets disableAllHooks",
				Fix:     `remove "disableAllHooks": true from $WS/.qwen/settings.json`}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws, home := gateDirs(t, tc.files)
			var got []Gate
			for _, g := range qwen.Gates(realFiles(), Target{Workspace: ws, Home: home, Scope: "project"}) {
				if (g.Open == nil) != (g.Action == "") {
					t.Errorf("gate %q: Open and Action must be set together", g.Problem)
				}
				g.Open = nil
				got = append(got, g)
			}
			fill := func(s string) string { return fillPaths(s, ws, home, quotedBefore) }
			var want []Gate
			for _, g := range tc.want {
				want = append(want, Gate{Agent: g.Agent, Problem: fill(g.Problem), Fix: fill(g.Fix), Action: fill(g.Action)})
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Gates (-want +got):\n%s", diff)
			}
		})
	}
}

// TestQwenOpenGates: init --trust's Open closes every gate it offers, keeps
// the user's entries, and uninstall --trust gives the files back.
func TestQwenOpenGates(t *testing.T) {
	ws, home := gateDirs(t, nil)
	writeFiles(t, ws, home, map[string]string{
		"ws/.qwen/settings.json":      `{"hooks": {"Stop": [{"matcher": "*", "hooks": [{"type": "command", "command": "cargo-agents hook qwen stop"}]}]}, "mcpServers": {"a": {"command": "a", "args": ["<x>"]}}}`,
		"~/.qwen/settings.json":       `{"security": {"folderTrust": {"enabled": true}}}`,
		"~/.qwen/trustedFolders.json": "{\n  // mine\n  \"/other\": \"DO_NOT_TRUST\"\n}\n",
		"~/.qwen/mcpApprovals.json":   `{"/other": {"x": {"hash": "h", "status": "rejected"}}}`,
	})
	target := Target{Workspace: ws, Home: home, Scope: "project"}
	before := snapshot(t, filepath.Dir(ws))
	var added []TrustEntry
	opened := 0
	for _, g := range qwen.Gates(realFiles(), target) {
		if g.Open == nil {
			continue
		}
		changes, err := g.Open(realFiles())
		if err != nil {
			t.Fatalf("opening %q: %v", g.Problem, err)
		}
		for _, c := range changes {
			if c.Trust != nil {
				added = append(added, *c.Trust)
			}
		}
		opened++
	}
	if opened != 2 {
		t.Errorf("opened %d gates, want 2 (folder trust, server approval)", opened)
	}
	if gates := qwen.Gates(realFiles(), target); len(gates) != 0 {
		t.Errorf("still closed after opening: %+v", gates)
	}
	for i := len(added) - 1; i >= 0; i-- {
		if _, gone, err := UndoTrust(realFiles(), added[i]); err != nil || !gone {
			t.Errorf("UndoTrust(%+v) = %v, %v", added[i], gone, err)
		}
	}
	if diff := cmp.Diff(before, snapshot(t, filepath.Dir(ws))); diff != "" {
		t.Errorf("files after undoing the trust entries (-before +after):\n%s", diff)
	}
}
