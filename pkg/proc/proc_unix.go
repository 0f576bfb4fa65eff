//go:build unix

package proc

import (
	"os/exec"
	"syscall"
)

// OwnGroup starts cmd in a new process group and makes cancellation (of
// a command made with exec.CommandContext) kill the whole group, so the
// command's children die with it.
func OwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if cmd.Cancel != nil { // exec refuses a Cancel without a context
		cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	}
}

// Start starts cmd. (On Windows it also puts cmd in its job object before
// it runs; a process group needs nothing more here.)
func Start(cmd *exec.Cmd) error { return cmd.Start() }

// KillGroup kills what is left of cmd's process group after cmd itself
// has exited (children it started in the background).
func KillGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// Shell is the sh that runs hook commands, predicates and install scripts.
func Shell() string { return "/bin/sh" }
