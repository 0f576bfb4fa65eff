// Package pos is the one positioned-error type of every binary: a problem
// at a place in a file, printed as `path:line:col: message`, the form
// editors and terminals jump to. pkg/cargo, pkg/skill and pkg/hif report
// their errors with it, and pkg/cli turns it into a diagnostic record.
package pos

import (
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
	var loc string
	switch {
	case e.Line > 0 && e.Col > 0:
		loc = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	case e.Line > 0:
		loc = fmt.Sprintf("%s:%d", e.File, e.Line)
	default:
		loc = e.File
	}
	loc = strings.TrimPrefix(loc, ":")
	if loc == "" {
		return e.Msg
	}
	return loc + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Split reads a message that starts with "path:line[:col]: " back into its
// parts; a message without one comes back as Msg alone.
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
