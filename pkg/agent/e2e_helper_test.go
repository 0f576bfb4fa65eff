package agent

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestE2ERegister is the write half of scripts/e2e-agents.sh: with
// SYMPOSIUM_E2E_WS and SYMPOSIUM_E2E_HOME set it registers one stdio MCP
// server (SYMPOSIUM_E2E_MCP_CMD + args) and our hooks (project scope) for
// every agent through the real code path, and writes the gates it then sees
// to $SYMPOSIUM_E2E_HOME/gates.json. The script asks the real CLIs to read
// the files back. Skipped otherwise.
func TestE2ERegister(t *testing.T) {
	ws, home := os.Getenv("SYMPOSIUM_E2E_WS"), os.Getenv("SYMPOSIUM_E2E_HOME")
	if ws == "" || home == "" {
		t.Skip("set SYMPOSIUM_E2E_WS and SYMPOSIUM_E2E_HOME (scripts/e2e-agents.sh does)")
	}
	var args []string
	if err := json.Unmarshal([]byte(os.Getenv("SYMPOSIUM_E2E_MCP_ARGS")), &args); err != nil {
		t.Fatalf("SYMPOSIUM_E2E_MCP_ARGS: %v", err)
	}
	srv := stream.MCPServer{Kind: stream.KindMCPServer, Plugin: "e2e", Name: "mini", Type: "stdio", Command: os.Getenv("SYMPOSIUM_E2E_MCP_CMD"), Args: args, Env: map[string]string{"E2E": "1"}}
	tg := Target{Workspace: ws, Home: home, Scope: "project", Command: os.Getenv("SYMPOSIUM_E2E_COMMAND")}
	w := realFiles()
	gates := map[string][]Gate{}
	for _, a := range All() {
		if _, _, warns, err := a.SyncMCP(w, tg, []stream.MCPServer{srv}, nil); err != nil || len(warns) > 0 {
			t.Fatalf("%s: SyncMCP: %v %v", a.Name, err, warns)
		}
		if _, err := a.RegisterHooks(w, tg); err != nil {
			t.Fatalf("%s: RegisterHooks: %v", a.Name, err)
		}
		gates[a.Name] = a.Gates(realFiles(), tg)
	}
	b, _ := json.MarshalIndent(gates, "", "  ")
	if err := os.WriteFile(filepath.Join(home, "gates.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestE2EOpenGates is the consent half: with SYMPOSIUM_E2E_OPEN naming an
// agent, it opens that agent's gates the way `cargo agents init --trust`
// does, so the script can check that the real CLI then runs what we
// registered. Skipped otherwise.
func TestE2EOpenGates(t *testing.T) {
	ws, home, name := os.Getenv("SYMPOSIUM_E2E_WS"), os.Getenv("SYMPOSIUM_E2E_HOME"), os.Getenv("SYMPOSIUM_E2E_OPEN")
	if ws == "" || home == "" || name == "" {
		t.Skip("set SYMPOSIUM_E2E_WS, SYMPOSIUM_E2E_HOME and SYMPOSIUM_E2E_OPEN (scripts/e2e-agents.sh does)")
	}
	a, ok := Lookup(name)
	if !ok {
		t.Fatalf("unknown agent %q", name)
	}
	tg := Target{Workspace: ws, Home: home, Scope: "project", Command: os.Getenv("SYMPOSIUM_E2E_COMMAND")}
	for _, g := range a.Gates(realFiles(), tg) {
		if g.Open == nil {
			continue
		}
		changes, err := g.Open(realFiles())
		if err != nil {
			t.Fatalf("%s: %v", g.Action, err)
		}
		for _, c := range changes {
			t.Logf("%s %s", c.Status, c.Path)
		}
	}
}
