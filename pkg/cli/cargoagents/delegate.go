package cargoagents

import (
	"errors"
	"os/exec"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
)

// delegate runs `BINARY NAME GLOBALS... ARGS...`, the global options going
// as the flags both binaries' subcommands read (cli.ParseGlobals).
func delegate(binary, name string) func(stdio cli.Stdio, g *globals, args []string) error {
	return func(stdio cli.Stdio, g *globals, args []string) error {
		global := append([]string{name}, g.Flags()...)
		return run(binary, append(global, args...), stdio)
	}
}

// run runs binary (found beside this executable, then on PATH) with args
// on stdio; its exit status travels as an ExitCodeError with nothing more
// to print (it reported its own failures).
func run(binary string, args []string, stdio cli.Stdio) error {
	exe, err := selfexe.Find(cli.Executable(), binary)
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdio.In, stdio.Out, stdio.Err
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return &cli.ExitCodeError{Code: exit.ExitCode(), Err: cli.ErrSilent}
	}
	return err
}
