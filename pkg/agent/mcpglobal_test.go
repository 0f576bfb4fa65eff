package agent

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMCPUserGlobal: an agent is user-global for MCP exactly when the file
// SyncMCP edits for a workspace lies in the home directory, whatever the
// workspace: the property sym-install relies on to keep a workspace's own
// servers out of files every project shares.
func TestMCPUserGlobal(t *testing.T) {
	home, ws := filepath.FromSlash("/home/me"), filepath.FromSlash("/src/app")
	for _, name := range Names() {
		a, _ := Lookup(name)
		t.Run(name, func(t *testing.T) {
			file := a.MCPFile(Target{Workspace: ws, Home: home})
			inHome := file != "" && strings.HasPrefix(file, home+string(filepath.Separator))
			if got := a.MCPUserGlobal(); got != inHome {
				t.Errorf("MCPUserGlobal() = %v, but its MCP file for a workspace is %q", got, file)
			}
		})
	}
}
