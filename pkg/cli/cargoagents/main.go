// Package cargoagents is the cargo-agents command: flags, wiring and exit codes.
package cargoagents

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Main runs cargo-agents with args (without the program name) and returns the exit code.
func Main(io cli.Stdio, args []string) int {
	fmt.Fprintln(io.Err, "cargo-agents: not implemented yet")
	return cli.ExitFailure
}
