package cli

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/proc"
)

// DieWithOrchestrator, called first by each stage binary (sym-deps,
// sym-match, sym-install), ends the stage when the cargo-agents that
// started it ends, where the system does not already see to it: on macOS
// cargo-agents passes its pid (proc.EnvParentPID) and the stage watches
// that process (proc.WatchParent); on Linux and Windows it does nothing.
// Left running, a sym-install would install the part of the match stream
// it got, removing the rest.
func DieWithOrchestrator() {
	dieWithOrchestrator(os.LookupEnv, os.Unsetenv, proc.WatchParent)
}

// dieWithOrchestrator reads the orchestrator's pid with lookup and watches
// it. The variable is removed (unset) so the commands the stage runs
// (cargo, install scripts) do not take cargo-agents for their own
// orchestrator.
func dieWithOrchestrator(lookup func(string) (string, bool), unset func(string) error, watch func(pid int)) {
	v, set := lookup(proc.EnvParentPID)
	if !set {
		return
	}
	_ = unset(proc.EnvParentPID)
	if pid, ok := proc.ParentPID(v); ok {
		watch(pid)
	}
}
