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
	ok := decodeFlat(data, &got)
	if ok {
		*s = got
	}
	return ok
}

// DecodeAction decodes an action record into a as encoding/json would,
// without its reflection, when it is the flat object of plain strings
// sym-install writes; for any other it returns false, leaving a alone. The
// orchestrator reads one action per file a sync writes (tens of thousands
// at 5,000 skills), and encoding/json's reflection was a tenth of its CPU.
func DecodeAction(data []byte, a *Action) bool {
	var got Action
	ok := decodeFlat(data, &got)
	if ok {
		*a = got
	}
	return ok
}

// decodeFlat reads into rec (a *Skill or an *Action) a record that is one
// object, no space between tokens, whose members are plain strings (no
// escape, valid UTF-8) or arrays of them, every key spelt as the field's
// tag. It reports false for anything else, which the caller leaves to
// encoding/json.
func decodeFlat(data []byte, rec any) bool {
	rest, ok := bytes.CutPrefix(data, []byte("{"))
	if !ok {
		return false
	}
	if string(rest) == "}" {
		return true
	}
	for {
		var key []byte
		if key, rest, ok = plainString(rest); !ok {
			return false
		}
		if rest, ok = bytes.CutPrefix(rest, []byte(":")); !ok {
			return false
		}
		if f := stringField(rec, key); f != nil {
			var val []byte
			if val, rest, ok = plainString(rest); !ok {
				return false
			}
			*f = string(val)
		} else if l := listField(rec, key); l != nil {
			if *l, rest, ok = plainStrings(rest); !ok {
				return false
			}
		} else {
			return false
		}
		if string(rest) == "}" {
			return true
		}
		if rest, ok = bytes.CutPrefix(rest, []byte(",")); !ok {
			return false
		}
	}
}

// stringField is the string field of rec that the key k sets, nil for
// none. A type switch rather than a function per record type: a function
// value would make the record escape to the heap.
func stringField(rec any, k []byte) *string {
	switch r := rec.(type) {
	case *Skill:
		return skillField(r, k)
	case *Action:
		return actionField(r, k)
	}
	return nil
}

// listField is the string-array field of rec that the key k sets, nil for
// none.
func listField(rec any, k []byte) *[]string {
	if s, ok := rec.(*Skill); ok && string(k) == "crates" {
		return &s.Crates
	}
	return nil
}

// skillField is the string field of s that the record key k sets (exact
// names only: encoding/json also matches other cases).
func skillField(s *Skill, k []byte) *string {
	switch string(k) {
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
// contents, and what follows it. The records it reads come from
// Reader.Next, which checked them, and from tests, which need not.
func plainString(b []byte) (s, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	end := bytes.IndexByte(b[1:], '"')
	if end < 0 {
		return nil, nil, false
	}
	s = b[1 : 1+end]
	for _, c := range s {
		if c == '\\' || c < 0x20 { // an escape, or a byte JSON must escape
			return nil, nil, false
		}
	}
	if !utf8.Valid(s) {
		return nil, nil, false
	}
	return s, b[2+end:], true
}

// actionField is the field of a that the record key k sets, as
// encoding/json would (exact names only: any other spelling is left to it).
func actionField(a *Action, k []byte) *string {
	switch string(k) {
	case "kind":
		return &a.Kind
	case "op":
		return &a.Op
	case "agent":
		return &a.Agent
	case "path":
		return &a.Path
	case "status":
		return &a.Status
	case "name":
		return &a.Name
	case "detail":
		return &a.Detail
	}
	return nil
}
