package cli_test

import (
	"os/exec"

	"github.com/symposium-dev/symposium-go/pkg/proc"
)

// startGroup starts cmd in a process group of its own (a job object on
// Windows), so killGroup can kill it with its stages mid-write.
func startGroup(cmd *exec.Cmd) error {
	proc.OwnGroup(cmd)
	return proc.Start(cmd)
}

// killGroup kills cmd and every stage it started.
func killGroup(cmd *exec.Cmd) { proc.KillGroup(cmd) }
