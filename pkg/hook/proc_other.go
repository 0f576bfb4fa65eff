//go:build !unix

package hook

import "os/exec"

// OwnProcessGroup: without Unix process groups only the hook's own process
// is killed on timeout (exec's default).
func OwnProcessGroup(cmd *exec.Cmd) {}

// KillGroup: nothing to do without process groups.
func KillGroup(cmd *exec.Cmd) {}
