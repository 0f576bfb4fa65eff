package stream

import (
	"bytes"
	"encoding/binary"
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
func DecodeSkill(data []byte, s *Skill) bool { return decodeInto(data, "", s) }

// DecodeAction decodes an action record into a as encoding/json would,
// without its reflection, when it is the flat object of plain strings
// sym-install writes; for any other it returns false, leaving a alone. The
// orchestrator reads one action per file a sync writes (tens of thousands
// at 5,000 skills), and encoding/json's reflection was a tenth of its CPU.
func DecodeAction(data []byte, a *Action) bool { return decodeInto(data, "", a) }

// DecodeDep decodes a dep record into d as encoding/json would, without its
// reflection, when it is the flat object sym-deps writes (plain strings,
// arrays of them, true or false); for any other it returns false, leaving
// d alone. sym-match reads one dep record per direct dependency of each
// member while it scans the plugin sources, and encoding/json's decoding
// of them took CPU from the scan on two cores.
func DecodeDep(data []byte, d *Dep) bool { return decodeInto(data, "", d) }

// flatRecord is a record decodeFlat reads.
type flatRecord interface{ Skill | Action | Dep }

// decodeInto is decodeFlat into *out, which it sets only when the whole
// record decoded.
func decodeInto[T flatRecord](data []byte, src string, out *T) bool {
	var got T
	if !decodeFlat(data, src, &got) {
		return false
	}
	*out = got
	return true
}

// decodeLine is decodeInto for a line that must be a record of kind (its
// last "kind" is kind), checking it as KindOf does in the same scan: a
// line it takes is valid JSON. Its strings are parts of one copy of line,
// which need not outlive the call. Reader.NextAction and NextSkill read
// with it.
func decodeLine[T flatRecord](line []byte, kind string, out *T) bool {
	const front = `{"kind":"`
	if !bytes.HasPrefix(line, []byte(front)) || len(line) <= len(front)+len(kind) ||
		string(line[len(front):len(front)+len(kind)]) != kind || line[len(front)+len(kind)] != '"' {
		return false
	}
	var got T
	k := stringField(&got, []byte("kind"))
	if !decodeFlat(line, string(line), &got) || *k != kind {
		return false
	}
	*k = kind // the constant: the line's copy need not hold it
	*out = got
	return true
}

// decodeFlat reads into rec (a *Skill, *Action or *Dep) a record that is
// one object, no space between tokens, whose members are plain strings (no
// escape, valid UTF-8), arrays of them or the literals true and false,
// every key spelt as the field's tag. It reports false for anything else,
// which the caller leaves to encoding/json. src, when not empty, is data
// as a string: the string fields are then parts of it, not copies. With
// rec nil it only checks the form, whatever the keys (flatValid).
func decodeFlat(data []byte, src string, rec any) bool {
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
		if rec == nil {
			if rest, ok = flatValue(rest); !ok {
				return false
			}
		} else if f := stringField(rec, key); f != nil {
			var val []byte
			if val, rest, ok = plainString(rest); !ok {
				return false
			}
			*f = stringOf(val, rest, data, src)
		} else if l := listField(rec, key); l != nil {
			if *l, rest, ok = plainStrings(rest, data, src); !ok {
				return false
			}
		} else if b := boolField(rec, key); b != nil {
			if *b, rest, ok = plainBool(rest); !ok {
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
	case *Dep:
		return depField(r, k)
	}
	return nil
}

// listField is the string-array field of rec that the key k sets, nil for
// none.
func listField(rec any, k []byte) *[]string {
	switch r := rec.(type) {
	case *Skill:
		if string(k) == "crates" {
			return &r.Crates
		}
	case *Dep:
		switch string(k) {
		case "renames":
			return &r.Renames
		case "targets":
			return &r.Targets
		}
	}
	return nil
}

// boolField is the boolean field of rec that the key k sets, nil for none.
func boolField(rec any, k []byte) *bool {
	if d, ok := rec.(*Dep); ok {
		switch string(k) {
		case "optional":
			return &d.Optional
		case "unresolved":
			return &d.Unresolved
		}
	}
	return nil
}

// plainBool reads the literal true or false at the front of b.
func plainBool(b []byte) (v bool, rest []byte, ok bool) {
	if rest, ok = bytes.CutPrefix(b, []byte("true")); ok {
		return true, rest, true
	}
	if rest, ok = bytes.CutPrefix(b, []byte("false")); ok {
		return false, rest, true
	}
	return false, nil, false
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

// stringOf is the string val that plainString read from data, rest
// following it: a part of src (data as a string) when there is one, else
// a copy.
func stringOf(val, rest, data []byte, src string) string {
	if src == "" {
		return string(val)
	}
	end := len(data) - len(rest) - 1 // the closing quote
	return src[end-len(val) : end]
}

// plainStrings reads a JSON array of plain strings at the front of b (an
// empty one is an empty slice, not nil, as encoding/json makes it), a
// part of data; its strings are made by stringOf.
func plainStrings(b, data []byte, src string) (out []string, rest []byte, ok bool) {
	if rest, ok = bytes.CutPrefix(b, []byte("[")); !ok {
		return nil, nil, false
	}
	out = []string{}
	for len(rest) > 0 && rest[0] != ']' {
		var s []byte
		if s, rest, ok = plainString(rest); !ok {
			return nil, nil, false
		}
		out = append(out, stringOf(s, rest, data, src))
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
//
// It looks at eight bytes at a time for the closing quote, a backslash,
// a byte below 0x20 or a non-ASCII byte (then the string's UTF-8 is
// checked at the end): every string of every record goes through it,
// twice (flatValid, then a decoder), and a call of bytes.IndexByte, a
// byte loop and utf8.Valid per short string cost most of KindOf.
func plainString(b []byte) (s, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	ascii := true
	for i := 1; i < len(b); {
		if i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			q, bs := x^(ones*'"'), x^(ones*'\\')
			// The high bit of a byte below 0x20, of a zero byte of q (a
			// quote) or bs (a backslash), or of a non-ASCII byte (a
			// byte after one of those may be flagged too): unless one
			// is set, none of the eight bytes needs a look.
			if ((x-ones*0x20)&^x|(q-ones)&^q|(bs-ones)&^bs|x)&highs == 0 {
				i += 8
				continue
			}
		}
		for end := min(i+8, len(b)); i < end; i++ {
			switch c := b[i]; {
			case c == '"':
				s = b[1:i]
				if !ascii && !utf8.Valid(s) {
					return nil, nil, false
				}
				return s, b[i+1:], true
			case c == '\\' || c < 0x20: // an escape, or a byte JSON must escape
				return nil, nil, false
			case c >= 0x80:
				ascii = false
			}
		}
	}
	return nil, nil, false
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

// depField is the string field of d that the record key k sets (exact
// names only).
func depField(d *Dep, k []byte) *string {
	switch string(k) {
	case "kind":
		return &d.Kind
	case "name":
		return &d.Name
	case "version":
		return &d.Version
	case "dep_kind":
		return &d.DepKind
	case "member":
		return &d.Member
	case "source":
		return &d.Source
	case "req":
		return &d.Req
	case "path":
		return &d.Path
	case "checksum":
		return &d.Checksum
	}
	return nil
}

// flatValid reports whether line is one JSON object of the flat form our
// stages write: no space between tokens, each member's key a plain string
// and its value a plain string, an array of them, true or false. Every
// line it accepts is valid JSON (a plain string holds no quote, backslash
// or control byte, and is valid UTF-8), so KindOf need not run
// encoding/json's validating scanner over it, which took a third of the
// orchestrator's reading of sym-install's stream; any other line it
// refuses, and that scanner decides.
func flatValid(line []byte) bool { return decodeFlat(line, "", nil) }

// flatValue reads at the front of b a plain string, an array of plain
// strings separated by single commas, true or false.
func flatValue(b []byte) (rest []byte, ok bool) {
	if _, rest, ok = plainString(b); ok {
		return rest, true
	}
	if _, rest, ok = plainBool(b); ok {
		return rest, true
	}
	if rest, ok = bytes.CutPrefix(b, []byte("[")); !ok {
		return nil, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte("]")); ok {
		return rest, true
	}
	for {
		if _, rest, ok = plainString(rest); !ok {
			return nil, false
		}
		if rest, ok = bytes.CutPrefix(rest, []byte("]")); ok {
			return rest, true
		}
		if rest, ok = bytes.CutPrefix(rest, []byte(",")); !ok {
			return nil, false
		}
	}
}
