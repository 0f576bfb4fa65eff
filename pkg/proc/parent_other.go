//go:build !linux && !windows && !darwin

package proc

import "os/exec"

// DieWithParent does nothing here: this system has neither a parent-death
// signal (Linux), kill-on-close job objects (Windows) nor a watcher
// (macOS's kqueue) wired up, so a stage whose orchestrator was killed runs
// on.
func DieWithParent(cmd *exec.Cmd) {}

// WatchParent does nothing here (see DieWithParent).
func WatchParent(pid int) {}
