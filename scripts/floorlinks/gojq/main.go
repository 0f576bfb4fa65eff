// Command gojq is the floor (scripts/floor) linked with gojq, which it
// never runs: what linking the package alone costs a process start
// (scripts/bench-scale.sh's "links" row; sym-match links it for --jq).
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/itchyny/gojq"
)

func main() {
	if len(os.Args) > 99 { // never: links the package without running it
		if q, err := gojq.Parse(os.Args[1]); err == nil {
			v, _ := q.Run(nil).Next()
			fmt.Println(v)
		}
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}
