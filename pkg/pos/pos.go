// Package pos is the one positioned-error type of every binary: a problem
// at a place in a file, printed as `path:line:col: message`, the form
// editors and terminals jump to. pkg/cargows, pkg/skill, pkg/config,
// pkg/plugin and pkg/hif report their errors with it, their warnings are
// its values (Warning), and pkg/cli turns either into a diagnostic record
// by its fields.
package pos

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Error is a problem at File:Line:Col. Line and Col are 1-based; 0 means
// unknown (only the file, or the file and line, are printed). File may be
// empty for input read from stdin.
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
	Err  error // the underlying error, if any
}

func (e *Error) Error() string {
	loc := e.Where()
	if loc == "" {
		return e.Msg
	}
	return loc + ": " + e.Msg
}

// where is the place part of Error's text: "file:line:col", "file:line",
// "file" or "".
// Where is the place as "path:line:col" (or less, as far as known).
func (e *Error) Where() string {
	var loc string
	switch {
	case e.Line > 0 && e.Col > 0:
		loc = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	case e.Line > 0:
		loc = fmt.Sprintf("%s:%d", e.File, e.Line)
	default:
		loc = e.File
	}
	return strings.TrimPrefix(loc, ":")
}

func (e *Error) Unwrap() error { return e.Err }

// String is Error's text, for an Error held as a value (a Warning).
func (e Error) String() string { return e.Error() }

// Errorf is an Error at file:line:col whose message is format's, wrapping
// what a %w in it wraps: the positioned form of fmt.Errorf("%s:%d:%d: ...").
func Errorf(file string, line, col int, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{File: file, Line: line, Col: col, Msg: err.Error(), Err: errors.Unwrap(err)}
}

// Warning is a problem that did not stop the run, as a value its
// producer passes up and a diagnostic record reads: an Error's place and
// message (Msg alone when it has no place).
type Warning = Error

// Warnf is a Warning with no place.
func Warnf(format string, args ...any) Warning {
	return Warning{Msg: fmt.Sprintf(format, args...)}
}

// Of is err as a value: the place of the *Error err is, or wraps with
// nothing said before it (its text starts with that place), and the rest
// of err's text as Msg; else err's whole text as Msg.
func Of(err error) Error {
	text := err.Error()
	var pe *Error
	if errors.As(err, &pe) {
		if loc := pe.Where(); loc != "" && strings.HasPrefix(text, loc+": ") {
			return Error{File: pe.File, Line: pe.Line, Col: pe.Col, Msg: text[len(loc)+2:]}
		}
	}
	return Error{Msg: text}
}

// Split reads a message that starts with "path:line[:col]: " back into its
// parts; a message without one comes back as Msg alone. Our own problems
// travel as values (Errorf, Warning, Of); Split is only for text another
// process wrote: sym-install reads an installation record's "file"
// ("manifest:line", docs/streams.md) from sym-match's stream.
func Split(msg string) Error {
	head, rest, ok := strings.Cut(msg, ": ")
	if !ok {
		return Error{Msg: msg}
	}
	// A Windows path starts with a drive ("C:\"), whose colon is not
	// the one before the line number; checked on every system, so a
	// stream from Windows reads the same anywhere.
	drive := ""
	if len(head) > 3 && head[1] == ':' && (head[2] == '\\' || head[2] == '/') && isLetter(head[0]) {
		drive, head = head[:2], head[2:]
	}
	parts := strings.Split(head, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return Error{Msg: msg}
	}
	parts[0] = drive + parts[0]
	line, err := strconv.Atoi(parts[1])
	if err != nil {
		return Error{Msg: msg}
	}
	e := Error{File: parts[0], Line: line, Msg: rest}
	if len(parts) == 3 {
		e.Col, _ = strconv.Atoi(parts[2])
	}
	return e
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
