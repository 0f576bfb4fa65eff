//go:build unix

package plugin

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Watches git's helpers through /proc and kills leftovers with a signal;
// on Windows the job object that ends them is tested in pkg/proc.

// TestGitTimeoutKillsHelpers: a git whose helper hangs and keeps stderr
// open (an ssh that never answers, its child still holding the pipe) is
// killed with its whole group at the timeout, and the sync goes on.
func TestGitTimeoutKillsHelpers(t *testing.T) {
	gitEnv(t)
	tmp := t.TempDir()
	helper, pids := filepath.Join(tmp, "hang-ssh"), filepath.Join(tmp, "pids")
	script := "#!/bin/sh\necho $$ > " + pids + "\nsleep 300 &\necho $! >> " + pids + "\nsleep 300\n"
	if err := os.WriteFile(helper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_SSH_COMMAND", helper)
	old := gitTimeout
	gitTimeout = 500 * time.Millisecond
	defer func() { gitTimeout = old }()
	start := time.Now()
	_, err := syncClone(context.Background(), GitRef{Repo: "ssh://git@example.invalid/r.git"}, filepath.Join(t.TempDir(), "c"), UpdateNone)
	if err == nil {
		t.Fatal("clone through a hanging ssh succeeded")
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("syncClone took %s with a 500ms git timeout", took)
	}
	data, err := os.ReadFile(pids)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	for _, f := range strings.Fields(string(data)) {
		pid, _ := strconv.Atoi(f)
		if stat, err := os.ReadFile("/proc/" + f + "/stat"); err == nil && !strings.Contains(string(stat), ") Z ") {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("git's helper %d outlived the timeout", pid)
		}
	}
}
