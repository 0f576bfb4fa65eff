package cli_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestSyncStagesDieWithOrchestrator kills cargo-agents alone while its
// stages run: they must die with it. A sym-install left running would
// read the match stream cut short where cargo-agents stopped relaying it,
// and install exactly that prefix: remove every skill, hook and MCP server
// the cut left out.
func TestSyncStagesDieWithOrchestrator(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries; skipped with -short")
	}
	e := newRobustEnv(t)
	e.run("cargo-agents", "init", "--hook-scope", "project", "--add-agent", "claude")
	// A stand-in for sym-install that says it runs, then waits.
	pidFile := filepath.Join(t.TempDir(), "sym-install.pid")
	stub := "#!/bin/sh\necho $$ > \"$STUB_PIDFILE.tmp\" && mv \"$STUB_PIDFILE.tmp\" \"$STUB_PIDFILE\"\nexec sleep 120\n"
	if err := os.WriteFile(filepath.Join(e.bin, "sym-install"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := e.command("cargo-agents", "sync")
	cmd.Env = append(cmd.Env, "STUB_PIDFILE="+pidFile)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := waitPid(t, pidFile)
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); alive(pid); {
		if time.Now().After(deadline) {
			t.Fatalf("sym-install (pid %d) still runs 10s after cargo-agents was killed", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitPid waits for the stand-in to write its pid.
func waitPid(t *testing.T, pidFile string) int {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, err := os.ReadFile(pidFile); err == nil {
			pid, err := strconv.Atoi(string(bytes.TrimSpace(data)))
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
	}
	t.Fatal("the sym-install stand-in never started")
	return 0
}

// alive reports whether pid runs (a zombie has exited: it only waits for
// its new parent to reap it).
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) STATE ...: comm may hold spaces, so after the last ')'.
	i := bytes.LastIndexByte(data, ')')
	return i < 0 || i+2 >= len(data) || data[i+2] != 'Z'
}
