// Package symmatch is the sym-match command: flags, wiring and exit codes.
package symmatch

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Main runs sym-match with args (without the program name) and returns the exit code.
func Main(io cli.Stdio, args []string) int {
	fmt.Fprintln(io.Err, "sym-match: not implemented yet")
	return cli.ExitFailure
}
