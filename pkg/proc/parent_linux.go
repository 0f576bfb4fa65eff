package proc

import (
	"os/exec"
	"syscall"
)

// DieWithParent makes the kernel kill cmd when the process starting it
// dies, however it dies (SIGKILL, the OOM killer), so a pipeline stage
// never runs on alone. Linux's parent-death signal is tied to the thread
// that starts cmd; the Go runtime ends a thread only when a goroutine
// locked to it exits, which symposium's binaries never do.
func DieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}

// WatchParent does nothing on Linux: DieWithParent's signal already ends
// the stage.
func WatchParent(pid int) {}
