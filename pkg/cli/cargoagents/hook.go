package cargoagents

import (
	"context"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/symhook"
)

// runHook is `cargo agents hook AGENT EVENT`: sym-hook's own code, in-process,
// saving a process start on every tool call. Its exit code is the agent's
// contract, not ours, so it travels as an ExitCodeError with nothing to print.
func runHook(stdio cli.Stdio, g *globals, args []string) error {
	if code := symhook.Run(context.Background(), stdio, "cargo agents hook", args); code != 0 {
		return &cli.ExitCodeError{Code: code} // nil Err: nothing more to print
	}
	return nil
}
