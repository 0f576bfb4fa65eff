package jqout

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Compiler is Compile as a cli.JQCompiler, for Program.JQ.
func Compiler(expr string) (cli.Filter, error) {
	f, err := Compile(expr)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// StageName is the hidden entry point of Command.
const StageName = "jq"

// Command is `sym-match jq [--check] EXPR`: the --jq filter for the
// binaries that must not link gojq (cargo-agents runs its own sync, on
// the hook path). It runs EXPR over each JSON record on stdin, as
// --jq does. With --check it only compiles EXPR: a bad one is the
// compiler's message alone on stderr and exit 2, for the caller to
// report as its own usage error before it does any work.
var Command = cli.Command{Name: StageName, Usage: "[--check] EXPR   (--jq for cargo agents sync)", Run: runStage}

func runStage(stdio cli.Stdio, args []string) int {
	const prog = "sym-match jq"
	check := len(args) > 0 && args[0] == "--check"
	if check {
		args = args[1:]
	}
	if len(args) != 1 {
		return cli.Report(stdio.Err, prog, cli.Usagef("want one jq expression, got %d argument(s)", len(args)))
	}
	f, err := Compile(args[0])
	var usage *cli.UsageError
	if check && errors.As(err, &usage) {
		fmt.Fprintln(stdio.Err, usage.Msg)
		return cli.ExitUsage
	}
	if err != nil || check {
		return cli.Report(stdio.Err, prog, err)
	}
	return cli.ReportJSON(stdio.Err, prog, filterStream(stdio, f))
}

// filterStream runs f over each record on stdin.
func filterStream(stdio cli.Stdio, f *Filter) error {
	dec := json.NewDecoder(stdio.In)
	for {
		var rec json.RawMessage
		if err := dec.Decode(&rec); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("reading records: %w", err)
		}
		if err := f.Print(stdio.Out, rec); err != nil {
			return err
		}
	}
}
