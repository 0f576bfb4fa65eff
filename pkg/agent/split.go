package agent

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// The hook path decodes one payload per process, so encoding/json's
// reflection (type caches, itabs, the decoder state machine) costs more
// than the decoding itself. splitObject and the fast paths below give
// exactly what json.Unmarshal would for the common shapes and leave every
// other case to it.

// splitObject splits a JSON object's top level into its members, as
// json.Unmarshal into a map[string]json.RawMessage does: keys unescaped,
// the last of duplicate keys winning, each value's bytes without the
// whitespace around it. ok is false when it cannot tell (the input is not
// valid JSON, not an object, or has a key that needs unescaping); the
// caller then asks json.Unmarshal.
func splitObject(data []byte) (m map[string]json.RawMessage, ok bool) {
	if !json.Valid(data) {
		return nil, false
	}
	// The values are slices of one copy, each capped at its end, so the
	// map neither aliases the caller's bytes nor lets one value's append
	// overwrite the next.
	data = bytes.Clone(data)
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, false
	}
	m = map[string]json.RawMessage{}
	i = skipSpace(data, i+1)
	if data[i] == '}' {
		return m, true
	}
	for {
		// data is valid JSON, so a key string, ':', a value and ',' or
		// '}' follow in order.
		end := stringEnd(data, i)
		key := data[i+1 : end-1]
		if !plainString(key) {
			return nil, false
		}
		i = skipSpace(data, end)
		i = skipSpace(data, i+1) // past ':'
		end = valueEnd(data, i)
		m[string(key)] = json.RawMessage(data[i:end:end])
		i = skipSpace(data, end)
		if data[i] == '}' {
			return m, true
		}
		i = skipSpace(data, i+1) // past ','
	}
}

// isSpace reports JSON's whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(data []byte, i int) int {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	return i
}

// stringEnd returns the index just past the string starting at data[i]
// ('"'), in valid JSON.
func stringEnd(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(data)
}

// valueEnd returns the index just past the value starting at data[i], in
// valid JSON.
func valueEnd(data []byte, i int) int {
	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		depth := 0
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				i = stringEnd(data, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return len(data)
	}
	// A number, true, false or null: up to the next delimiter.
	for ; i < len(data); i++ {
		switch c := data[i]; {
		case c == ',' || c == '}' || c == ']' || isSpace(c):
			return i
		}
	}
	return len(data)
}

// plainString reports whether the contents of a JSON string need no
// unescaping: no backslash, no quote or control byte, valid UTF-8 (which
// encoding/json would replace byte by byte with U+FFFD).
func plainString(s []byte) bool {
	for _, c := range s {
		if c == '\\' || c == '"' || c < ' ' {
			return false
		}
	}
	return utf8.Valid(s)
}

// plainJSONString returns the string that the JSON string v (quotes
// included, no whitespace around) holds, when it needs no unescaping.
func plainJSONString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' || !plainString(v[1:len(v)-1]) {
		return "", false
	}
	return string(v[1 : len(v)-1]), true
}

// isJSONTrue reports whether v is the JSON value true, as json.Unmarshal
// into a bool would succeed with true: the literal, with JSON whitespace
// only around it.
func isJSONTrue(v []byte) bool {
	i, j := 0, len(v)
	for i < j && isSpace(v[i]) {
		i++
	}
	for j > i && isSpace(v[j-1]) {
		j--
	}
	return string(v[i:j]) == "true"
}
