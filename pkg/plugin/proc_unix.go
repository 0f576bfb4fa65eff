//go:build unix

package plugin

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts cmd in a new process group that cancellation kills
// whole.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
