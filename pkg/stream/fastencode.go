package stream

import (
	"unicode/utf8"
)

// appendAction appends a as Writer's encoding/json Encoder writes it
// (HTML not escaped), newline included, when every field is plain: no
// byte JSON escapes (a quote, a backslash, a control byte), valid UTF-8
// and neither U+2028 nor U+2029 (which encoding/json always escapes). For
// any other it reports false and appends nothing: encoding/json writes
// it. sym-install writes an action per file a sync writes, and
// encoding/json's reflection was most of writing them.
func appendAction(b []byte, a *Action) ([]byte, bool) {
	if !plainJSON(a.Kind) || !plainJSON(a.Op) || !plainJSON(a.Agent) || !plainJSON(a.Path) ||
		!plainJSON(a.Status) || !plainJSON(a.Name) || !plainJSON(a.Detail) {
		return b, false
	}
	b = append(b, `{"kind":"`...)
	b = append(b, a.Kind...)
	b = append(b, `","op":"`...)
	b = append(b, a.Op...)
	b = append(b, `","agent":"`...)
	b = append(b, a.Agent...)
	b = append(b, `","path":"`...)
	b = append(b, a.Path...)
	b = append(b, `","status":"`...)
	b = append(b, a.Status...)
	if a.Name != "" {
		b = append(b, `","name":"`...)
		b = append(b, a.Name...)
	}
	if a.Detail != "" {
		b = append(b, `","detail":"`...)
		b = append(b, a.Detail...)
	}
	return append(b, "\"}\n"...), true
}

// plainJSON reports whether encoding/json (HTML not escaped) writes s as
// it is between quotes.
func plainJSON(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\' || c < 0x20:
			return false
		case c >= 0x80:
			ascii = false
		}
	}
	if ascii {
		return true
	}
	for _, r := range s {
		if r == utf8.RuneError || r == '\u2028' || r == '\u2029' {
			return false // RuneError: an invalid byte, or U+FFFD itself (written as is, but rare)
		}
	}
	return true
}
