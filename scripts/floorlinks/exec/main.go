// Command exec is the floor (scripts/floor) linked with os/exec, which it
// never runs: what linking the package alone costs a process start
// (scripts/bench-scale.sh's "links" row).
package main

import (
	"io"
	"os"
	"os/exec"
)

func main() {
	if len(os.Args) > 99 { // never: links the package without running it
		_ = exec.Command(os.Args[1]).Run()
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}
