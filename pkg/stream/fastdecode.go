package stream

import (
	"bytes"
	"unicode/utf8"
)

// DecodeSkill decodes a skill record into s, which must be the zero Skill,
// as encoding/json would, without its reflection: sym-install reads a
// skill record per matched skill, and decoding them was most of the time
// between sym-match's last record and sym-install's first copy. It takes
// the records our stages write: one flat object, its values strings with
// no escape and "crates" an array of them, every key spelt as the field's
// tag. For any other record it returns false, leaving s alone, and the
// caller decodes it with Reader.Decode. data must be a line Reader.Next
// returned (it checked that the line is valid JSON).
func DecodeSkill(data []byte, s *Skill) bool {
	var got Skill
	rest, ok := bytes.CutPrefix(data, []byte("{"))
	for ok && len(rest) > 0 && rest[0] != '}' {
		var key []byte
		if key, rest, ok = plainString(rest); !ok {
			break
		}
		if rest, ok = bytes.CutPrefix(rest, []byte(":")); !ok {
			break
		}
		if string(key) == "crates" {
			got.Crates, rest, ok = plainStrings(rest)
		} else if f := skillField(&got, string(key)); f != nil {
			var val []byte
			val, rest, ok = plainString(rest)
			*f = string(val)
		} else {
			ok = false
		}
		if ok && len(rest) > 0 && rest[0] == ',' {
			rest = rest[1:]
		}
	}
	if !ok || string(rest) != "}" {
		return false
	}
	*s = got
	return true
}

// skillField is the string field of s that the record key k sets (exact
// names only: encoding/json also matches other cases).
func skillField(s *Skill, k string) *string {
	switch k {
	case "kind":
		return &s.Kind
	case "name":
		return &s.Name
	case "plugin":
		return &s.Plugin
	case "source":
		return &s.Source
	case "dir":
		return &s.Dir
	case "description":
		return &s.Description
	}
	return nil
}

// plainStrings reads a JSON array of plain strings at the front of b (an
// empty one is an empty slice, not nil, as encoding/json makes it).
func plainStrings(b []byte) (out []string, rest []byte, ok bool) {
	if rest, ok = bytes.CutPrefix(b, []byte("[")); !ok {
		return nil, nil, false
	}
	out = []string{}
	for len(rest) > 0 && rest[0] != ']' {
		var s []byte
		if s, rest, ok = plainString(rest); !ok {
			return nil, nil, false
		}
		out = append(out, string(s))
		if len(rest) > 0 && rest[0] == ',' {
			rest = rest[1:]
		}
	}
	if len(rest) == 0 {
		return nil, nil, false
	}
	return out, rest[1:], true
}

// plainString reads a JSON string at the front of b that holds no escape
// and is valid UTF-8 (encoding/json would replace invalid bytes): its
// contents, and what follows it.
func plainString(b []byte) (s, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	end := bytes.IndexByte(b[1:], '"')
	if end < 0 {
		return nil, nil, false
	}
	s = b[1 : 1+end]
	if bytes.IndexByte(s, '\\') >= 0 || !utf8.Valid(s) {
		return nil, nil, false
	}
	return s, b[2+end:], true
}
