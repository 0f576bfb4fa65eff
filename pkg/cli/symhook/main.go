// Package symhook is the sym-hook command: flags, wiring and exit codes.
package symhook

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Main runs sym-hook with args (without the program name) and returns the exit code.
func Main(io cli.Stdio, args []string) int {
	fmt.Fprintln(io.Err, "sym-hook: not implemented yet")
	return cli.ExitFailure
}
