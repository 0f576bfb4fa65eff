package setupcmd

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// TestInitOffersWorkspaceApproval: in a workspace whose own SYMPOSIUM.toml
// declares a hook, init lists it and asks on a terminal; only a yes (or
// --trust) records the approval, in symposium's home.
func TestInitOffersWorkspaceApproval(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		answers string
		want    approval.State
		output  string
	}{
		{"yes", []string{"init"}, "1\n\n2\ny\n", approval.Approved, "hook repo-hook ("},
		{"no", []string{"init"}, "1\n\n2\nn\n", approval.Awaiting, "note: workspace plugin awaits approval: run `cargo agents use --workspace`"},
		{"trust", []string{"init", "--add-agent", "claude", "--trust"}, "", approval.Approved, "approved the workspace's SYMPOSIUM.toml ("},
		{"flags without --trust", []string{"init", "--add-agent", "claude"}, "", approval.Awaiting, "awaits approval"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("HOME", home)
			t.Setenv("USERPROFILE", home) // what os.UserHomeDir reads on Windows
			t.Setenv("SYMPOSIUM_HOME", filepath.Join(home, ".symposium"))
			ws := t.TempDir()
			os.WriteFile(filepath.Join(ws, "Cargo.toml"), []byte("[package]\nname = \"app\"\nversion = \"0.1.0\"\n"), 0o644)
			manifest := filepath.Join(ws, "SYMPOSIUM.toml")
			os.WriteFile(manifest, []byte("[[hooks]]\nname = \"repo-hook\"\nevent = \"PreToolUse\"\ncommand = \"true\"\n"), 0o644)
			t.Chdir(ws)
			old := isTerminal
			isTerminal = func(io.Reader) bool { return true }
			defer func() { isTerminal = old }()

			var out, errOut bytes.Buffer
			if code, _ := Main(cli.Stdio{In: strings.NewReader(tc.answers), Out: &out, Err: &errOut}, tc.args); code != 0 {
				t.Fatalf("init exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
			}
			if !strings.Contains(out.String(), tc.output) {
				t.Errorf("output lacks %q:\n%s", tc.output, out.String())
			}
			got, err := approval.Check(filepath.Join(home, ".symposium"), ws, []string{manifest})
			if got != tc.want || err != nil {
				t.Errorf("approval state %q (%v), want %q", got, err, tc.want)
			}
			if _, err := os.Stat(filepath.Join(ws, approval.DirName)); err == nil {
				t.Errorf("an approval record was written into the workspace")
			}
		})
	}
}
