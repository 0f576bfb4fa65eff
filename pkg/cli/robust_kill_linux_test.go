package cli_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
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

// TestKilledSyncLeavesNoRecord kills a sync that runs its stages although
// no recorded input changed (--update check) while it rewrites an installed
// skill, leaving that SKILL.md empty, as a kill between a file's creation
// and its write does. The record of the last complete sync must not
// outlive it: else the next sync trusts it, says nothing changed, and
// `sync --check` passes on the broken file.
func TestKilledSyncLeavesNoRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries; skipped with -short")
	}
	e := newRobustEnv(t)
	e.run("cargo-agents", "init", "--hook-scope", "project", "--add-agent", "claude")
	e.run("cargo-agents", "sync")
	// Everything older than the racy-stamp window: this sync stores a
	// record the next one trusts.
	backdate(t, filepath.Dir(e.ws), e.bin)
	e.run("cargo-agents", "sync")
	if out, err := e.command("cargo-agents", "sync").CombinedOutput(); err != nil || !bytes.Contains(out, []byte("nothing changed")) {
		t.Fatalf("the sync before the kill stored no record to trust (err %v):\n%s", err, out)
	}

	installed := filepath.Join(e.ws, ".claude", "skills", "serde-skill-00", "SKILL.md")
	real := filepath.Join(e.bin, "sym-install")
	if err := os.Rename(real, real+".real"); err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "sym-install.pid")
	stub := "#!/bin/sh\n: > \"$STUB_TORN\"\necho $$ > \"$STUB_PIDFILE.tmp\" && mv \"$STUB_PIDFILE.tmp\" \"$STUB_PIDFILE\"\nexec sleep 120\n"
	if err := os.WriteFile(real, []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := e.command("cargo-agents", "--update", "check", "sync")
	cmd.Env = append(cmd.Env, "STUB_PIDFILE="+pidFile, "STUB_TORN="+installed)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := waitPid(t, pidFile)
	syscall.Kill(pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if err := os.Rename(real+".real", real); err != nil {
		t.Fatal(err)
	}

	out, err := e.command("cargo-agents", "sync", "--check").CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Errorf("sync --check after the killed sync: %v, want exit 3 (drift)\n%s", err, out)
	}
	e.run("cargo-agents", "sync")
	want, err := os.ReadFile(filepath.Join(e.plugins, "serde-kit", "skills", "serde-skill-00", "SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(installed); err != nil || !bytes.Equal(got, want) {
		t.Errorf("after the next sync, %s holds %q (err %v), want the source's bytes", installed, got, err)
	}
}

// backdate sets every file and directory under the roots an hour back.
func backdate(t *testing.T, roots ...string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.Type()&fs.ModeSymlink != 0 {
				return err
			}
			return os.Chtimes(p, old, old)
		})
		if err != nil {
			t.Fatal(err)
		}
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
