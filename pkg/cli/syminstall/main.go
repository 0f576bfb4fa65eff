// Package syminstall is the sym-install command: flags, wiring and exit codes.
package syminstall

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Main runs sym-install with args (without the program name) and returns the exit code.
func Main(io cli.Stdio, args []string) int {
	fmt.Fprintln(io.Err, "sym-install: not implemented yet")
	return cli.ExitFailure
}
