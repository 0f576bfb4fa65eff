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
// (docs/streams.md, Diagnostics) whose file, line and column are the
// fields of the warning value, or of the innermost *pos.Error an error
// wraps (recordOf): no message text is read back for them.
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

// Error reports one error: as its text, or with --json as a record with
// the place of the innermost positioned error it wraps.
func (d Diag) Error(err error) {
	if d.JSON {
		d.emit(stream.KindError, "error", recordOf(err))
		return
	}
	d.emit(stream.KindError, "error", pos.Of(err))
}

// recordOf is err as a record's fields: the place of the innermost
// *pos.Error in its chain whose place err's text shows, where the problem
// is, however many callers said what they were doing first ("claude
// hooks: %w"), and err's whole text without that place as the message,
// so the callers' words stay. (pos.Of keeps a place only when the text
// starts with it, which is what a text line needs; it is the answer when
// no place shows.)
func recordOf(err error) pos.Error {
	text := err.Error()
	rec := pos.Of(err)
	for e := err; ; {
		var pe *pos.Error
		if !errors.As(e, &pe) {
			return rec
		}
		// The innermost place is the last one printed.
		if loc := pe.Where(); loc != "" {
			if i := strings.LastIndex(text, loc+": "); i >= 0 {
				rec = pos.Error{File: pe.File, Line: pe.Line, Col: pe.Col, Msg: text[:i] + text[i+len(loc)+2:]}
			}
		}
		if pe.Err == nil {
			return rec
		}
		e = pe.Err
	}
}

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
