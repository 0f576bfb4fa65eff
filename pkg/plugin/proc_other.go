//go:build !unix

package plugin

import "os/exec"

// ownProcessGroup: without process groups, cancellation kills git alone.
func ownProcessGroup(cmd *exec.Cmd) {}
