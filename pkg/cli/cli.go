// Package cli holds what every binary's wiring shares: injected standard
// streams, exit codes, and the one place where errors become exit codes.
//
// Nothing below a binary's Main calls os.Exit; each Main returns the code.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cargofind"
)

// Exit codes shared by every binary except sym-hook, which follows each
// agent's own contract.
const (
	ExitOK      = 0 // success
	ExitFailure = 1 // runtime error
	ExitUsage   = 2 // bad flags or arguments
	ExitDrift   = 3 // `sync --check` found something that would change
	// ExitNoWorkspace is sym-deps' answer outside any Rust workspace, so
	// the pipeline tells it from a broken one without reading its stderr.
	ExitNoWorkspace = cargofind.ExitNotFound
)

// Stdio is the set of streams a command reads and writes. Tests inject
// buffers; production uses OS().
type Stdio struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// JQ compiles --jq expressions for Globals.Records: Main sets it from
	// Program.JQ; nil where the binary has none.
	JQ JQCompiler
}

// OS returns the process's real standard streams.
func OS() Stdio { return Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr} }

// UsageError reports a mistake in how the command was called. Callers print
// it with the command's usage and exit with ExitUsage.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef builds a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// ErrSilent means the failure was already reported on stderr; exit 1 quietly.
var ErrSilent = errors.New("silent failure")

// ExitCodeError carries a specific exit code (for example ExitDrift).
type ExitCodeError struct {
	Code int
	Err  error
}

func (e *ExitCodeError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}
func (e *ExitCodeError) Unwrap() error { return e.Err }

// Report prints err (if it needs printing) prefixed with the program name and
// returns the exit code it maps to.
func Report(stderr io.Writer, prog string, err error) int {
	if err == nil {
		return ExitOK
	}
	var usage *UsageError
	var coded *ExitCodeError
	// A specific code wins over ErrSilent: a delegated command's exit
	// status travels as both (reported already, and its own code).
	switch {
	case errors.As(err, &coded):
		if coded.Err != nil && !errors.Is(coded.Err, ErrSilent) {
			fmt.Fprintf(stderr, "%s: %v\n", prog, coded.Err)
		}
		return coded.Code
	case errors.Is(err, ErrSilent):
		return ExitFailure
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "%s: %s\nRun '%s --help' for usage.\n", prog, usage.Msg, prog)
		return ExitUsage
	default:
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
		return ExitFailure
	}
}
