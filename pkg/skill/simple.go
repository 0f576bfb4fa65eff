package skill

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/token"
)

// simpleFrontmatter is the fast path for the frontmatter most SKILL.md
// files have: nothing but `key: value` lines (name, description, crates,
// ...), each value a one-line plain scalar that YAML reads as that very
// string, or a one-line quoted one without escapes. A first sync parses
// every SKILL.md of every source, and the YAML parser was a fifth to a
// quarter of its CPU time (#26).
//
// It answers only when it is sure to give what splitFrontmatter and
// keyPositions give, fields, key positions and body alike; ok is false for
// anything else (escapes, block or flow collections, comments, anchors,
// tags, multi-line values, plain values YAML reads as numbers, booleans,
// null or dates, carriage returns, duplicate keys, an unclosed block), and
// the caller then runs the full parser, which also makes any error
// message. TestSimpleFrontmatterAgrees and TestSimpleFrontmatterTricky
// hold the two together.
func simpleFrontmatter(data []byte, open int) (fields map[string]any, keys map[string]keyPos, body []byte, ok bool) {
	rest, ok := afterLine(data, open)
	if !ok {
		return nil, nil, nil, false
	}
	fields = make(map[string]any, 4)
	keys = make(map[string]keyPos, 4)
	for line := open + 1; ; line++ {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			// The last line: the closing --- without a newline, or the
			// frontmatter is never closed (the full parser says so).
			if string(bytes.TrimSpace(rest)) != "---" {
				return nil, nil, nil, false
			}
			return fields, keys, rest[len(rest):], len(keys) > 0
		}
		l := rest[:i]
		rest = rest[i+1:]
		// adrg/frontmatter ends the block at the first line that is ---
		// once trimmed.
		if string(bytes.TrimSpace(l)) == "---" {
			return fields, keys, rest, len(keys) > 0
		}
		if len(l) == 0 {
			continue
		}
		key, value, good := simpleField(l)
		if !good {
			return nil, nil, nil, false
		}
		if _, dup := keys[key]; dup {
			return nil, nil, nil, false
		}
		fields[key] = value
		keys[key] = keyPos{line, 1}
	}
}

// afterLine returns data after its first n lines.
func afterLine(data []byte, n int) ([]byte, bool) {
	for ; n > 0; n-- {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return nil, false
		}
		data = data[i+1:]
	}
	return data, true
}

// simpleField splits a `key: value` line whose key starts the line and is
// a lower-case name, and whose value is a plain scalar YAML reads as the
// same string, or a quoted one without escapes (quotedValue).
func simpleField(l []byte) (key, value string, ok bool) {
	colon := bytes.IndexByte(l, ':')
	if colon < 1 || colon+1 >= len(l) || l[colon+1] != ' ' || !simpleKey(l[:colon]) {
		return "", "", false
	}
	key = string(l[:colon])
	if needsQuote(key) {
		return "", "", false
	}
	v := bytes.TrimLeft(l[colon+1:], " ")
	if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
		value, ok = quotedValue(v)
		return key, value, ok
	}
	if len(v) == 0 || !simpleValue(v) {
		return "", "", false
	}
	value = string(v)
	if needsQuote(value) {
		return "", "", false
	}
	return key, value, true
}

// quotedValue reads a one-line quoted scalar that needs no unescaping
// ("..." without a backslash, '...' without a doubled quote): its text is
// what is between the quotes. Descriptions are often quoted so that a
// colon or a leading word YAML would misread stays text.
func quotedValue(v []byte) (string, bool) {
	q := v[0]
	end := bytes.IndexByte(v[1:], q) + 1
	if end < 2 || end != len(v)-1 {
		return "", false // empty, unclosed, a doubled quote, or text after it
	}
	in := v[1:end]
	if !printable(in) || q == '"' && bytes.IndexByte(in, '\\') >= 0 {
		return "", false
	}
	return string(in), true
}

// needsQuote is token.IsNeedQuoted (the goccy encoder's test of whether a
// string would read back as something else when written plain: a reserved
// word, a number, a date, one with ": " inside, ...) without its cost for
// what starts with a letter: no number and no date does, so what is left
// is the reserved words and the characters. That one calls time.Parse
// five times, failing, a field.
func needsQuote(v string) bool {
	if c := v[0]; c >= '0' && c <= '9' {
		return token.IsNeedQuoted(v)
	}
	if reservedWords[v] || strings.Contains(v, ": ") || strings.Contains(v, "- ") {
		return true
	}
	switch v[len(v)-1] {
	case ':', ' ':
		return true
	}
	return strings.ContainsAny(v, "#\\")
}

// reservedWords are the plain scalars that start with a letter and that
// goccy/go-yaml reads, or quotes when it writes them, as null or a
// boolean (YAML 1.2's, and YAML 1.1's y, yes, on, ...).
var reservedWords = map[string]bool{
	"null": true, "Null": true, "NULL": true,
	"true": true, "True": true, "TRUE": true, "false": true, "False": true, "FALSE": true,
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true,
	"n": true, "N": true, "no": true, "No": true, "NO": true,
	"on": true, "On": true, "ON": true, "off": true, "Off": true, "OFF": true,
}

// simpleKey: [a-z][a-z0-9_-]*.
func simpleKey(k []byte) bool {
	for i, c := range k {
		switch {
		case c >= 'a' && c <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// simpleValue is the conservative half of the plain value check
// (needsQuote is the other): it starts with an ASCII letter or digit and
// ends with no blank; it holds printable characters only and none of the
// ones that can start a flow collection, a comment or an escape.
func simpleValue(v []byte) bool {
	c := v[0]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
		return false
	}
	if last := v[len(v)-1]; last == ' ' {
		return false
	}
	return !bytes.ContainsAny(v, "[]{}#\\") && printable(v)
}

// printable: no control characters, valid UTF-8, and none of the
// characters that adrg/frontmatter's trimming or YAML's line breaking
// might treat as white space.
func printable(v []byte) bool {
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(v[i:])
		// Invalid UTF-8, C1 controls, no-break space, line and
		// paragraph separators, byte order marks, non-characters.
		if r == utf8.RuneError || r <= 0xa0 || r == 0x2028 || r == 0x2029 || r == 0xfeff || r >= 0xfffe && r <= 0xffff {
			return false
		}
		i += size
	}
	return true
}
