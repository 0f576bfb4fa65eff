//go:build !unix

package proc

import "os/exec"

// OwnGroup: without Unix process groups only the command's own process is
// killed when its context ends (exec's default).
func OwnGroup(cmd *exec.Cmd) {}

// KillGroup: nothing to do without process groups.
func KillGroup(cmd *exec.Cmd) {}
