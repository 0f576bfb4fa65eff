package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Diag is every binary's one way to report warnings and errors on stderr:
// "prog: warning: message" lines, or with --json `warning`/`error` records
// (docs/streams.md, Diagnostics) whose file, line and column are the
// fields of the warning value, or of the *pos.Error an error is
// (pos.Of): no message text is read back for them.
type Diag struct {
	W    io.Writer
	Prog string
	JSON bool
}

// Warn reports a problem that did not stop the run.
func (d Diag) Warn(w pos.Warning) { d.emit(stream.KindWarning, "warning", w) }

// Warnf reports a problem with no place; each line of the message is one
// warning.
func (d Diag) Warnf(format string, args ...any) {
	for _, line := range strings.Split(fmt.Sprintf(format, args...), "\n") {
		d.Warn(pos.Warning{Msg: line})
	}
}

// Error reports one error.
func (d Diag) Error(err error) { d.emit(stream.KindError, "error", pos.Of(err)) }

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

func (d Diag) emit(kind, label string, p pos.Error) {
	if !d.JSON {
		fmt.Fprintf(d.W, "%s: %s: %s\n", d.Prog, label, p.String())
		return
	}
	out := stream.NewWriter(d.W)
	_ = out.Write(stream.Diagnostic{Kind: kind, Message: p.Msg, File: p.File, Line: p.Line, Column: p.Col})
	_ = out.Flush()
}
