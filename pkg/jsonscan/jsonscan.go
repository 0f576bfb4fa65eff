// Package jsonscan finds the bounds of JSON values in a document already
// known to be valid (json.Valid, or a decoder that read it): an object's
// members, an array's elements. It decodes nothing, so it costs no
// reflection: the hook path splits each agent payload with it, and
// pkg/hif walks whole hook configs with it (a validating decode at every
// nesting level made conversion quadratic in the depth). Anything
// unexpected is still an error.
package jsonscan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Object returns an object's keys in document order (each once) and its
// members, keys unescaped as encoding/json does and the last of duplicate
// keys winning; each value is its bytes without the whitespace around it,
// capped at its end (appending to one never writes over the next).
func Object(raw json.RawMessage) ([]string, map[string]json.RawMessage, error) {
	var keys []string
	vals := map[string]json.RawMessage{}
	err := Members(raw, func(k string, v json.RawMessage) error {
		if _, dup := vals[k]; !dup {
			keys = append(keys, k)
		}
		vals[k] = v
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return keys, vals, nil
}

// Members calls fn with each member of an object, in document order, the
// key and the value as Object gives them; a key written twice is visited
// twice. It builds no map: a walk that switches on each key needs none.
// An error from fn stops the walk and is returned as it is.
func Members(raw json.RawMessage, fn func(key string, val json.RawMessage) error) error {
	i := SkipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return fmt.Errorf("want an object")
	}
	i = SkipSpace(raw, i+1)
	if i < len(raw) && raw[i] == '}' {
		return nil
	}
	for i < len(raw) {
		if raw[i] != '"' {
			return fmt.Errorf("want a key at offset %d", i)
		}
		end := ValueEnd(raw, i)
		if end < 0 {
			return fmt.Errorf("unterminated key")
		}
		k := string(raw[i+1 : end-1])
		if bytes.IndexByte(raw[i:end], '\\') >= 0 {
			if err := json.Unmarshal(raw[i:end], &k); err != nil {
				return err
			}
		}
		i = SkipSpace(raw, end)
		if i >= len(raw) || raw[i] != ':' {
			return fmt.Errorf("want : after key %q", k)
		}
		start := SkipSpace(raw, i+1)
		end = ValueEnd(raw, start)
		if end < 0 {
			return fmt.Errorf("bad value for key %q", k)
		}
		if err := fn(k, raw[start:end:end]); err != nil {
			return err
		}
		i = SkipSpace(raw, end)
		if i < len(raw) && raw[i] == ',' {
			i = SkipSpace(raw, i+1)
			continue
		}
		if i < len(raw) && raw[i] == '}' {
			return nil
		}
		return fmt.Errorf("want , or } after key %q", k)
	}
	return fmt.Errorf("unterminated object")
}

// Array splits a JSON array into its elements (see Object).
func Array(raw json.RawMessage) ([]json.RawMessage, error) {
	i := SkipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '[' {
		return nil, fmt.Errorf("want an array")
	}
	var out []json.RawMessage
	i = SkipSpace(raw, i+1)
	if i < len(raw) && raw[i] == ']' {
		return out, nil
	}
	for i < len(raw) {
		end := ValueEnd(raw, i)
		if end < 0 {
			return nil, fmt.Errorf("bad array element at offset %d", i)
		}
		out = append(out, raw[i:end:end])
		i = SkipSpace(raw, end)
		if i < len(raw) && raw[i] == ',' {
			i = SkipSpace(raw, i+1)
			continue
		}
		if i < len(raw) && raw[i] == ']' {
			return out, nil
		}
		return nil, fmt.Errorf("want , or ] at offset %d", i)
	}
	return nil, fmt.Errorf("unterminated array")
}

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func SkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// ValueEnd returns the end of the JSON value starting at b[i], or -1.
func ValueEnd(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return -1
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end := ValueEnd(b, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	default:
		j := i
		for j < len(b) && !strings.ContainsRune(",}] \t\r\n", rune(b[j])) {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}
