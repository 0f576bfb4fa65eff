package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// logArgs is the line a stand-in script starts with to log its arguments,
// one run a line, to calls in its directory (checkCalls reads it).
const logArgs = `echo "$*" >> "$(dirname "$0")/calls"` + "\n"

// checkCalls checks that each event reached the stand-in in dir as
// exactly `AGENT EVENT`, the arguments of sym-hook.
func checkCalls(t *testing.T, dir, agent string, events ...string) {
	t.Helper()
	calls, _ := os.ReadFile(filepath.Join(dir, "calls"))
	lines := strings.Split(string(calls), "\n")
	for _, ev := range events {
		if !slices.Contains(lines, agent+" "+ev) {
			t.Errorf("sym-hook was not called as `%s %s`; calls:\n%s", agent, ev, calls)
		}
	}
}
