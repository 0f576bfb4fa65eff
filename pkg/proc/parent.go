package proc

import (
	"os/exec"
	"strconv"
)

// EnvParentPID carries, where the system cannot tie a stage's life to its
// orchestrator's (macOS), the orchestrator's process id to the stage, which
// then watches that process itself (WatchParent) and exits with it.
const EnvParentPID = "SYMPOSIUM_PARENT_PID"

// parentEnv gives cmd its orchestrator's pid in EnvParentPID, on top of the
// environment cmd would run with.
func parentEnv(cmd *exec.Cmd, pid int) {
	cmd.Env = append(cmd.Environ(), EnvParentPID+"="+strconv.Itoa(pid))
}

// ParentPID reads EnvParentPID's value: ok only for a real process id
// (above 1: init adopts orphans, so a stage whose parent is pid 1 has
// already lost its orchestrator, and watching init would never fire).
func ParentPID(v string) (pid int, ok bool) {
	pid, err := strconv.Atoi(v)
	return pid, err == nil && pid > 1
}
