package cli

import (
	"io"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Filter is a compiled --jq expression: Print runs it over one record
// and writes the results.
type Filter interface {
	Print(w io.Writer, v any) error
}

// Flusher is a Filter with output of its own to finish (one that runs in
// another process): Records.Flush calls it.
type Flusher interface {
	Flush() error
}

// JQCompiler compiles a --jq expression; a bad one is a UsageError. A
// binary that links a jq implementation sets Program.JQ to one (pkg/jqout);
// the binaries on the hook path, which must not link gojq, set one that
// runs the expression in a stage binary that does.
type JQCompiler func(expr string) (Filter, error)

// Records is where a command writes its records (--json): one JSON line
// each, or, with --jq, each through the filter. Flush ends the output.
type Records interface {
	Write(v any) error
	Flush() error
}

// Records opens the record output the options ask for, on stdio.Out:
// plain JSON lines, or through the --jq filter, compiled here, so that a
// mistyped one is a usage error before the command does any work.
func (g Globals) Records(stdio Stdio) (Records, error) {
	if g.JQ == "" {
		return stream.NewWriter(stdio.Out), nil
	}
	if stdio.JQ == nil {
		return nil, Usagef("--jq is not available here: pipe --json into jq instead")
	}
	f, err := stdio.JQ(g.JQ)
	if err != nil {
		return nil, err
	}
	return &filtered{w: stdio.Out, f: f}, nil
}

// filtered writes each record through a Filter.
type filtered struct {
	w io.Writer
	f Filter
}

func (r *filtered) Write(v any) error { return r.f.Print(r.w, v) }

func (r *filtered) Flush() error {
	if fl, ok := r.f.(Flusher); ok {
		return fl.Flush()
	}
	return nil
}
