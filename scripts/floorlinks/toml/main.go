// Command toml is the floor (scripts/floor) linked with go-toml, which it
// never runs: what linking the package alone costs a process start
// (scripts/bench-scale.sh's "links" row).
package main

import (
	"io"
	"os"

	"github.com/pelletier/go-toml/v2"
)

var sink any

func main() {
	if len(os.Args) > 99 { // never: links the package without running it
		_ = toml.Unmarshal([]byte(os.Args[1]), &sink)
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}
