package hookfast

import (
	"strconv"
	"unicode/utf8"
)

// The payload reader: the few strings the lean path needs, found by their
// member paths (agent.PayloadPaths) in one pass over the whole document,
// which it checks to be one JSON object and nothing after it. It decodes
// what the agents' decoders (pkg/agent, encoding/json) decode the same
// way or not at all: a value it does not expect, an invalid string or a
// document that is not JSON makes it decline, and the call goes to the
// full hook, which says what is wrong.

// found is what extract found at one path.
type found struct {
	val     string
	present bool // a string (not absent or null) was there
}

// extract returns, for each of paths, the string at it in doc, the last
// of duplicate members winning as in encoding/json. ok is false when doc
// is not a JSON object, or a value on a path is neither absent, null nor
// of the kind the path wants (an object on the way, a string at its end).
func extract(doc []byte, paths [][]string) (out []found, ok bool) {
	s := &scanner{b: doc}
	out = make([]found, len(paths))
	s.space()
	if !s.object(paths, out) {
		return nil, false
	}
	s.space()
	return out, s.i == len(s.b)
}

type scanner struct {
	b []byte
	i int
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next consumes c, after white space.
func (s *scanner) next(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// object reads an object at s.i, filling out[k] for each of paths that
// ends in it, and descending into the members the others go through.
func (s *scanner) object(paths [][]string, out []found) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	for {
		s.space()
		key, ok := s.str()
		if !ok || !s.next(':') {
			return false
		}
		s.space()
		if !s.member(key, paths, out) {
			return false
		}
		if s.next('}') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// member reads the value of key, which the paths may want.
func (s *scanner) member(key string, paths [][]string, out []found) bool {
	var deeper [][]string
	var deeperOut []int
	for k, p := range paths {
		if len(p) == 0 || p[0] != key {
			continue
		}
		if len(p) == 1 {
			if s.literal("null") {
				out[k] = found{}
				return true
			}
			v, ok := s.str()
			out[k] = found{val: v, present: true}
			return ok
		}
		deeper = append(deeper, p[1:])
		deeperOut = append(deeperOut, k)
	}
	if deeper == nil {
		return s.skip()
	}
	if s.literal("null") {
		for _, k := range deeperOut {
			out[k] = found{}
		}
		return true
	}
	sub := make([]found, len(deeper))
	if !s.object(deeper, sub) {
		return false
	}
	for j, k := range deeperOut {
		out[k] = sub[j]
	}
	return true
}

// literal consumes word when it is next.
func (s *scanner) literal(word string) bool {
	if len(s.b)-s.i >= len(word) && string(s.b[s.i:s.i+len(word)]) == word {
		s.i += len(word)
		return true
	}
	return false
}

// skip reads any JSON value.
func (s *scanner) skip() bool {
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; {
	case c == '"':
		_, ok := s.str()
		return ok
	case c == '{':
		return s.object(nil, nil)
	case c == '[':
		s.i++
		if s.next(']') {
			return true
		}
		for {
			s.space()
			if !s.skip() {
				return false
			}
			if s.next(']') {
				return true
			}
			if !s.next(',') {
				return false
			}
		}
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	default:
		return s.number()
	}
}

// number reads a JSON number.
func (s *scanner) number() bool {
	start := s.i
	for s.i < len(s.b) {
		switch c := s.b[s.i]; {
		case '0' <= c && c <= '9', c == '-', c == '+', c == '.', c == 'e', c == 'E':
			s.i++
			continue
		}
		break
	}
	_, err := strconv.ParseFloat(string(s.b[start:s.i]), 64)
	return s.i > start && (err == nil || err.(*strconv.NumError).Err == strconv.ErrRange)
}

// str reads a JSON string. It declines invalid UTF-8, which
// encoding/json would replace rather than refuse.
func (s *scanner) str() (string, bool) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return "", false
	}
	start := s.i + 1
	plain := true
	for i := start; i < len(s.b); i++ {
		switch c := s.b[i]; {
		case c == '"':
			s.i = i + 1
			raw := s.b[start:i]
			if plain {
				return string(raw), utf8.Valid(raw)
			}
			return unescape(raw)
		case c == '\\':
			plain = false
			i++
		case c < 0x20:
			return "", false
		}
	}
	return "", false
}

// unescape decodes a JSON string's escapes. It declines a \u escape of
// a surrogate (a pair stands for one character) and invalid UTF-8: the
// full hook decodes those.
func unescape(raw []byte) (string, bool) {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i++; i >= len(raw) {
			return "", false
		}
		switch raw[i] {
		case '"', '\\', '/':
			out = append(out, raw[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			if i+5 > len(raw) {
				return "", false
			}
			r, err := strconv.ParseUint(string(raw[i+1:i+5]), 16, 16)
			if err != nil || 0xd800 <= r && r < 0xe000 {
				return "", false
			}
			out = utf8.AppendRune(out, rune(r))
			i += 4
		default:
			return "", false
		}
	}
	return string(out), utf8.Valid(out)
}
