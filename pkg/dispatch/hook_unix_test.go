//go:build unix

package dispatch

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// These tests watch a hook's children by process id in /proc or with
// signal 0; TestTreeEnded in pkg/proc covers the same on Windows (a job
// object), where these sh scripts cannot run under Wine.

func TestTimeoutKillsProcessGroup(t *testing.T) {
	f := newFixture(t, map[string]string{
		"hang.sh": `sleep 30 & echo $! > "$SYMPOSIUM_PLUGIN_DIR/child.pid"; sleep 30`,
		"ctx.sh":  `echo '{"additionalContext":"still here"}'`,
	},
		stream.Hook{Plugin: "hangs", Name: "hang", Event: "PreToolUse", Command: "./scripts/hang.sh", Timeout: 1},
		stream.Hook{Plugin: "answers", Name: "ctx", Event: "PreToolUse", Command: "./scripts/ctx.sh"})
	start := time.Now()
	res := f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Run took %s with a 1 s hook timeout", took)
	}
	pid, err := os.ReadFile(filepath.Join(f.plugin, "child.pid"))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(pid)))
	if n <= 0 || outlives(n) {
		t.Errorf("the hook's child %q outlived the timeout", pid)
	}
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"still here"}}`
	if res.Exit != 0 || string(res.Stdout) != want || !strings.Contains(string(res.Stderr), "timed out after 1s") {
		t.Errorf("Run = %q exit %d stderr %q, want %s, exit 0, a timeout line", res.Stdout, res.Exit, res.Stderr, want)
	}
}

// TestAnsweredHookLeavesNoChildren: a hook that answers at once but leaves
// a background child (with its output redirected, so nothing waits on it)
// has its whole group killed once it exits.
func TestAnsweredHookLeavesNoChildren(t *testing.T) {
	f := newFixture(t, map[string]string{
		"bg.sh": `sleep 1000 >/dev/null 2>&1 </dev/null & echo $! > "$SYMPOSIUM_PLUGIN_DIR/child.pid"; exit 0`,
	}, stream.Hook{Name: "bg", Event: "PreToolUse", Command: "./scripts/bg.sh"})
	res := f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
	if res.Exit != 0 {
		t.Fatalf("Run exit %d stderr %q", res.Exit, res.Stderr)
	}
	pid, err := os.ReadFile(filepath.Join(f.plugin, "child.pid"))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(pid)))
	if n <= 0 || outlives(n) {
		syscall.Kill(n, syscall.SIGKILL)
		t.Errorf("the hook's background child %d outlived the call", n)
	}
}

// outlives reports whether process pid is still running half a second on.
// Killed means gone, or a zombie waiting for a reaper (containers' init
// may never reap it).
func outlives(pid int) bool {
	alive := func() bool {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return syscall.Kill(pid, 0) == nil // no /proc: best effort
		}
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		return len(fields) > 0 && fields[0] != "Z"
	}
	for i := 0; i < 50 && alive(); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	return alive()
}
