//go:build !unix

package predexpr

import "os/exec"

func ownProcessGroup(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {}
