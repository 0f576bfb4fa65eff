// Command regexp is the floor (scripts/floor) linked with regexp, which it
// never runs: what linking the package alone costs a process start
// (scripts/bench-scale.sh's "links" row).
package main

import (
	"io"
	"os"
	"regexp"
)

func main() {
	if len(os.Args) > 99 { // never: links the package without running it
		if regexp.MustCompile(os.Args[1]).MatchString(os.Args[2]) {
			os.Exit(3)
		}
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}
