// Command json is the floor (scripts/floor) linked with encoding/json,
// which it never runs: what linking the package alone costs a process
// start (scripts/bench-scale.sh's "links" row).
package main

import (
	"encoding/json"
	"io"
	"os"
)

func main() {
	if len(os.Args) > 99 { // never: links the package without running it
		var v any
		_ = json.Unmarshal([]byte(os.Args[1]), &v)
		b, _ := json.Marshal(v)
		_, _ = os.Stdout.Write(b)
	}
	_, _ = io.Copy(io.Discard, os.Stdin)
}
