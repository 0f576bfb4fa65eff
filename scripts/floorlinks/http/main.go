// Command http is the floor (scripts/floor) linked with net/http, which it
// never runs: what linking the package alone costs a process start
// (scripts/bench-scale.sh's "links" row; sym-match and sym-install link
// it for downloads).
package main

import (
	"io"
	"net/http"
	"os"
)

func main() {
	if len(os.Args) > 99 { // never: links the package without running it
		if r, err := http.Get(os.Args[1]); err == nil {
			_, _ = io.Copy(os.Stdout, r.Body)
		}
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}
