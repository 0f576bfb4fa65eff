package agent

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/symposium-dev/symposium-go/pkg/jsonscan"
)

// The hook path decodes one payload per process, so encoding/json's
// reflection (type caches, itabs, the decoder state machine) costs more
// than the decoding itself. splitObject and the fast paths below give
// exactly what json.Unmarshal would for the common shapes and leave every
// other case to it.

// splitObject splits a JSON object's top level into its members, as
// json.Unmarshal into a map[string]json.RawMessage does: keys unescaped,
// the last of duplicate keys winning, each value's bytes without the
// whitespace around it (pkg/jsonscan finds the bounds). ok is false when
// it cannot tell (the input is not valid JSON, not an object, or has a key
// that is not valid UTF-8); the caller then asks json.Unmarshal.
func splitObject(data []byte) (m map[string]json.RawMessage, ok bool) {
	if !json.Valid(data) {
		return nil, false
	}
	// The values are slices of one copy (capped at their ends), so the map
	// does not alias the caller's bytes.
	keys, m, err := jsonscan.Object(bytes.Clone(data))
	if err != nil {
		return nil, false // not an object
	}
	for _, k := range keys {
		if !utf8.ValidString(k) {
			return nil, false // encoding/json replaces each bad byte with U+FFFD
		}
	}
	return m, true
}

// isSpace reports JSON's whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

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
