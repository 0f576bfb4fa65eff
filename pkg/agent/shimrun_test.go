package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runShim checks a JS shim under node the way its agent loads it: it
// writes fakeScript as a stand-in sym-hook, the shim rendered for it
// as shim.mjs and for a sym-hook that does not exist as missing.mjs,
// then runs driver (a module importing them) in that directory. It
// returns the driver's output, trimmed, and the directory.
func runShim(t *testing.T, render func(Target) []byte, fakeScript, driver string) (string, string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the shim's behaviour is checked with node (and live by make e2e-agents)")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-sym-hook")
	files := map[string][]byte{
		fake:                              []byte(fakeScript),
		filepath.Join(dir, "shim.mjs"):    render(Target{Command: fake, Timeout: 1}),
		filepath.Join(dir, "missing.mjs"): render(Target{Command: filepath.Join(dir, "no-such-sym-hook"), Timeout: 1}),
		filepath.Join(dir, "driver.mjs"):  []byte(driver),
	}
	for name, data := range files {
		if err := os.WriteFile(name, data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(node, filepath.Join(dir, "driver.mjs"))
	cmd.Dir = dir
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, got)
	}
	return strings.TrimSpace(string(got)), dir
}
