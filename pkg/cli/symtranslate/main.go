// Package symtranslate is the sym-translate command: flags, wiring and exit codes.
package symtranslate

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Main runs sym-translate with args (without the program name) and returns the exit code.
func Main(io cli.Stdio, args []string) int {
	fmt.Fprintln(io.Err, "sym-translate: not implemented yet")
	return cli.ExitFailure
}
