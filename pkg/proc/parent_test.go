package proc

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestStageDiesWithOrchestrator kills an orchestrator (the test binary as
// PROC_TEST_ROLE=orchestrator, see TestMain) that started a stage with
// DieWithParent and Start: the stage must die with it, else a sym-install
// would install the part of the match stream it got and remove the rest.
// The stage shares the orchestrator's stdout, so the reader's EOF shows
// both are gone.
func TestStageDiesWithOrchestrator(t *testing.T) {
	switch runtime.GOOS {
	case "linux", "windows", "darwin":
	default:
		t.Skipf("a stage does not die with its orchestrator on %s", runtime.GOOS)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	orch := exec.Command(os.Args[0], "-test.run=^$")
	orch.Env = append(os.Environ(), "PROC_TEST_ROLE=orchestrator")
	orch.Stdout = w
	if err := orch.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	lines := bufio.NewReader(r)
	for range 2 {
		if _, err := lines.ReadString('\n'); err != nil {
			orch.Process.Kill()
			t.Fatalf("waiting for the orchestrator and its stage to start: %v", err)
		}
	}
	orch.Process.Kill()
	orch.Wait()
	eof := make(chan error, 1)
	go func() { _, err := io.ReadAll(lines); eof <- err }()
	select {
	case <-eof:
	case <-time.After(20 * time.Second): // a guard, not a timing: EOF comes at once when the stage is gone
		t.Fatal("the stage still runs after its orchestrator was killed")
	}
}

// TestParentEnv: the orchestrator's pid reaches the stage's environment on
// top of what the stage would run with, and the stage reads it back; a
// value that is no process to watch is refused.
func TestParentEnv(t *testing.T) {
	cmd := exec.Command("stage")
	cmd.Env = []string{"HOME=/h", EnvParentPID + "=7"} // one inherited from a parent orchestrator
	parentEnv(cmd, 4242)
	var pids []string
	for _, kv := range cmd.Environ() {
		if v, ok := strings.CutPrefix(kv, EnvParentPID+"="); ok {
			pids = append(pids, v)
		}
	}
	if !slices.Equal(pids, []string{"4242"}) || !slices.Contains(cmd.Environ(), "HOME=/h") {
		t.Errorf("stage environment %q, want HOME=/h kept and %s=4242 alone", cmd.Environ(), EnvParentPID)
	}
	for _, tt := range []struct {
		v    string
		pid  int
		okay bool
	}{
		{"4242", 4242, true},
		{"", 0, false},
		{"1", 0, false}, // init: the orchestrator is already gone
		{"0", 0, false},
		{"-5", 0, false},
		{"12x", 0, false},
	} {
		pid, ok := ParentPID(tt.v)
		if ok != tt.okay || (ok && pid != tt.pid) {
			t.Errorf("ParentPID(%q) = %d, %v; want %d, %v", tt.v, pid, ok, tt.pid, tt.okay)
		}
	}
}
