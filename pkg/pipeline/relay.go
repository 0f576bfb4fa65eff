package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// recordRelay passes the stages' stderr on to the sync's under --json
// (Options.JSON), where the stages run with --json and write their
// diagnostics as records (docs/streams.md, Diagnostics). Each record goes
// on unchanged, one a line, and only once per sync: sym-match and
// sym-install both read config.toml and would each report its warnings.
// With Quiet only error records pass. A line that is no record (a stage
// that crashed, a usage error) becomes a warning record naming the stage,
// so that stderr stays NDJSON.
type recordRelay struct {
	w     io.Writer
	quiet bool
	seen  map[string]bool
}

func newRecordRelay(w io.Writer, quiet bool) *recordRelay {
	return &recordRelay{w: w, quiet: quiet, seen: map[string]bool{}}
}

// stage is the writer for one stage's stderr.
func (r *recordRelay) stage(prog string) *stageRelay {
	return &stageRelay{relay: r, prog: prog}
}

// stageRelay is one stage's stderr through a recordRelay, taken a whole
// line at a time.
type stageRelay struct {
	relay   *recordRelay
	prog    string
	partial []byte
	errors  int // error records written
}

func (s *stageRelay) Write(p []byte) (int, error) {
	s.partial = append(s.partial, p...)
	for {
		i := bytes.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		s.line(s.partial[:i])
		s.partial = s.partial[i+1:]
	}
	return len(p), nil
}

// end passes on a last line without a newline and, when the stage failed
// (err, from its Wait) without an error record, writes one saying so: the
// failure is never left unreported.
func (s *stageRelay) end(err error) {
	if len(s.partial) > 0 {
		s.line(s.partial)
		s.partial = nil
	}
	// An *exec.ExitError: the stage ran and exited non-zero. (Any other
	// error of its Wait the sync reports itself.)
	var exit interface{ ExitCode() int }
	if s.errors == 0 && errors.As(err, &exit) {
		s.write(stream.Diagnostic{Kind: stream.KindError, Message: fmt.Sprintf("%s failed (%v)", s.prog, err)})
	}
}

// line passes one line on: a record as it is, anything else as a warning.
func (s *stageRelay) line(l []byte) {
	l = bytes.TrimRight(l, "\r")
	if len(bytes.TrimSpace(l)) == 0 {
		return
	}
	kind, err := stream.KindOf(l)
	if err != nil {
		msg := string(l)
		if !strings.HasPrefix(msg, s.prog+":") {
			msg = s.prog + ": " + msg
		}
		s.write(stream.Diagnostic{Kind: stream.KindWarning, Message: msg})
		return
	}
	s.pass(kind, l)
}

func (s *stageRelay) write(d stream.Diagnostic) {
	b, err := json.Marshal(d)
	if err == nil {
		s.pass(d.Kind, b)
	}
}

// pass writes record b of kind, unless Quiet drops it or it was written.
func (s *stageRelay) pass(kind string, b []byte) {
	r := s.relay
	if kind == stream.KindError {
		s.errors++
	} else if r.quiet {
		return
	}
	if r.seen[string(b)] {
		return
	}
	r.seen[string(b)] = true
	r.w.Write(append(append([]byte{}, b...), '\n'))
}
