package term

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Safe returns s with every character a terminal could take as a command,
// or that disguises the text around it, written as an escape: control
// characters other than newline and tab, format characters such as the
// right-to-left override, as "\u001b" (valid in JSON, so a JSON line stays
// valid), and a byte of invalid UTF-8 as "\xff". Plugin manifests and
// skills are written by other people (a crate's author), and what we print
// from them must not clear the user's screen or set their window title.
func Safe(s string) string {
	if strings.IndexFunc(s, unsafeRune) < 0 && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	if r == '\n' || r == '\t' {
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
}

// SafeWriter passes what is written through Safe: the output of commands
// that print what manifests say. A character split across two writes (a
// copy from a pipe) is held until its last byte arrives (one never
// completed, at the very end, is dropped). Not for concurrent use.
func SafeWriter(w io.Writer) io.Writer { return &safeWriter{w: w} }

type safeWriter struct {
	w    io.Writer
	held []byte // the start of a character the next write completes
}

func (s *safeWriter) Write(p []byte) (int, error) {
	buf := append(s.held, p...)
	s.held = nil
	if cut := incompleteTail(buf); cut < len(buf) {
		s.held = append([]byte(nil), buf[cut:]...)
		buf = buf[:cut]
	}
	if _, err := io.WriteString(s.w, Safe(string(buf))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// incompleteTail returns where a trailing, not yet complete UTF-8
// character of b starts, or len(b).
func incompleteTail(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return i
			}
			break
		}
	}
	return len(b)
}
