// Command regexp is the floor (scripts/floor) linked with regexp, which it
// never runs: what linking the package alone costs a process start
// (scripts/bench-scale.sh's "links" row).
package main

import (
	"io"
	"os"
	"regexp"
)

var sink bool

func main() {
	if len(os.Args) > 99 { // never: links the package without running it
		sink = regexp.MustCompile(os.Args[1]).MatchString(os.Args[2])
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}
