//go:build unix

package hook

import (
	"os/exec"
	"syscall"
)

// OwnProcessGroup starts cmd in a new process group and makes cancellation
// kill the whole group, so a hook's children die with it.
func OwnProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// KillGroup kills what is left of cmd's process group after cmd itself
// has exited (children it started in the background).
func KillGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
