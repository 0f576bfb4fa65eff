//go:build !unix

package hook

import "os/exec"

// ownProcessGroup: without Unix process groups only the hook's own process
// is killed on timeout (exec's default).
func ownProcessGroup(cmd *exec.Cmd) {}
