package cargoagents

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
)

// stageJQ is cargo-agents' --jq compiler (cli.Program.JQ). This binary
// starts on every agent hook call and must not link gojq
// (TestHotPathDeps), so the records of the commands it runs itself (sync)
// go through `sym-match jq EXPR`, which does. The expression is checked
// first (`sym-match jq --check EXPR`), so that a bad one is our usage
// error before any work. Only a command run with --jq pays for the two
// processes.
func stageJQ(stderr io.Writer, expr string) (cli.Filter, error) {
	exe, err := selfexe.Find(cli.Executable(), "sym-match")
	if err != nil {
		return nil, err
	}
	var msg bytes.Buffer
	check := exec.Command(exe, "jq", "--check", expr)
	check.Stderr = &msg
	err = check.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == cli.ExitUsage {
		return nil, cli.Usagef("%s", strings.TrimSpace(msg.String()))
	}
	if err != nil {
		return nil, errors.New("sym-match jq --check: " + strings.TrimSpace(msg.String()+" "+err.Error()))
	}
	return &stageFilter{exe: exe, expr: expr, stderr: stderr}, nil
}

// stageFilter feeds records to a `sym-match jq EXPR` process, started at
// the first record with the output writer as its stdout.
type stageFilter struct {
	exe, expr string
	stderr    io.Writer
	cmd       *exec.Cmd
	in        io.WriteCloser
	enc       *json.Encoder
}

// Print sends v to the filter process; its results go to w, the writer
// of the first call.
func (f *stageFilter) Print(w io.Writer, v any) error {
	if f.cmd == nil {
		f.cmd = exec.Command(f.exe, "jq", f.expr)
		f.cmd.Stdout, f.cmd.Stderr = w, f.stderr
		in, err := f.cmd.StdinPipe()
		if err != nil {
			return err
		}
		if err := f.cmd.Start(); err != nil {
			return err
		}
		f.in, f.enc = in, json.NewEncoder(in)
		f.enc.SetEscapeHTML(false)
	}
	if err := f.enc.Encode(v); err != nil {
		// The filter stopped reading: its own exit says why.
		if ferr := f.Flush(); ferr != nil {
			return ferr
		}
		return err
	}
	return nil
}

// Flush ends the input and waits for the filter: its failure (reported
// on stderr by the stage) becomes our exit code.
func (f *stageFilter) Flush() error {
	if f.cmd == nil || f.in == nil {
		return nil
	}
	f.in.Close()
	f.in = nil
	err := f.cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return &cli.ExitCodeError{Code: exit.ExitCode(), Err: cli.ErrSilent}
	}
	return err
}
