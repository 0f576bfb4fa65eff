package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Diag is every binary's one way to report warnings and errors on stderr:
// "prog: warning: message" lines, or with --json `warning`/`error` records
// (docs/streams.md, Diagnostics) whose file, line and column come from a
// *pos.Error, or from a message that starts "path:line:col: ".
type Diag struct {
	W    io.Writer
	Prog string
	JSON bool
}

// Warn reports a problem that did not stop the run; each line of msg is
// one warning.
func (d Diag) Warn(msg string) {
	for _, line := range strings.Split(msg, "\n") {
		d.emit(stream.KindWarning, "warning", line, nil)
	}
}

// Error reports one error.
func (d Diag) Error(err error) { d.emit(stream.KindError, "error", err.Error(), err) }

// Record reports a diagnostic that carries more than a place (sym-translate's
// losses): rec as a record with --json, else text as a warning line.
func (d Diag) Record(rec stream.Diagnostic, text string) {
	if !d.JSON {
		fmt.Fprintf(d.W, "%s: %s: %s\n", d.Prog, rec.Kind, text)
		return
	}
	out := stream.NewWriter(d.W)
	_ = out.Write(rec)
	_ = out.Flush()
}

func (d Diag) emit(kind, label, msg string, err error) {
	if !d.JSON {
		fmt.Fprintf(d.W, "%s: %s: %s\n", d.Prog, label, msg)
		return
	}
	p := pos.Split(msg)
	var pe *pos.Error
	if errors.As(err, &pe) {
		p = *pe
	}
	out := stream.NewWriter(d.W)
	_ = out.Write(stream.Diagnostic{Kind: kind, Message: p.Msg, File: p.File, Line: p.Line, Column: p.Col})
	_ = out.Flush()
}
