// Package symdeps is the sym-deps command: flags, wiring and exit codes.
package symdeps

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Main runs sym-deps with args (without the program name) and returns the exit code.
func Main(io cli.Stdio, args []string) int {
	fmt.Fprintln(io.Err, "sym-deps: not implemented yet")
	return cli.ExitFailure
}
