//go:build !linux

package proc

import "os/exec"

// DieWithParent does nothing here: only Linux has a parent-death signal.
// (On macOS a stage whose orchestrator was killed runs on; on Windows,
// job objects are what ties processes together.)
func DieWithParent(cmd *exec.Cmd) {}
