// Command floor is the baseline for scripts/bench-hook.sh: a Go binary that
// reads stdin and exits, the least any hook command written in Go can cost.
package main

import (
	"io"
	"os"
)

func main() {
	_, _ = io.Copy(io.Discard, os.Stdin)
}
