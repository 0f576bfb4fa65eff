package stream

import (
	"unicode/utf8"
)

// The records our stages write most of, one per matched skill, per
// dependency or per file installed, are appended by hand in the bytes
// Writer's encoding/json Encoder (HTML not escaped) writes, when every
// string in them is plain: no byte JSON escapes (a quote, a backslash, a
// control byte), valid UTF-8, and neither U+2028 nor U+2029 (which
// encoding/json always escapes). For any other record they report false
// and append nothing, and encoding/json writes it. encoding/json's
// reflection was most of writing those streams. fastencode_test.go
// compares the bytes with encoding/json's over hostile strings.

// appendAction appends a, newline included.
func appendAction(b []byte, a *Action) ([]byte, bool) {
	if !plainJSON(a.Kind) || !plainJSON(a.Op) || !plainJSON(a.Agent) || !plainJSON(a.Path) ||
		!plainJSON(a.Status) || !plainJSON(a.Name) || !plainJSON(a.Detail) {
		return b, false
	}
	b = appendField(b, `{"kind":`, a.Kind)
	b = appendField(b, `,"op":`, a.Op)
	b = appendField(b, `,"agent":`, a.Agent)
	b = appendField(b, `,"path":`, a.Path)
	b = appendField(b, `,"status":`, a.Status)
	b = appendOmitEmpty(b, `,"name":`, a.Name)
	b = appendOmitEmpty(b, `,"detail":`, a.Detail)
	return append(b, "}\n"...), true
}

// appendSkill appends s, newline included.
func appendSkill(b []byte, s *Skill) ([]byte, bool) {
	if !plainJSON(s.Kind) || !plainJSON(s.Name) || !plainJSON(s.Plugin) || !plainJSON(s.Source) ||
		!plainJSON(s.Dir) || !plainJSON(s.Description) || !plainList(s.Crates) {
		return b, false
	}
	b = appendField(b, `{"kind":`, s.Kind)
	b = appendField(b, `,"name":`, s.Name)
	b = appendField(b, `,"plugin":`, s.Plugin)
	b = appendField(b, `,"source":`, s.Source)
	b = appendField(b, `,"dir":`, s.Dir)
	b = appendOmitEmpty(b, `,"description":`, s.Description)
	b = appendList(b, `,"crates":`, s.Crates)
	return append(b, "}\n"...), true
}

// appendDep appends d, newline included.
func appendDep(b []byte, d *Dep) ([]byte, bool) {
	if !plainJSON(d.Kind) || !plainJSON(d.Name) || !plainJSON(d.Version) || !plainJSON(d.DepKind) ||
		!plainJSON(d.Member) || !plainJSON(d.Source) || !plainJSON(d.Req) || !plainJSON(d.Path) ||
		!plainList(d.Renames) || !plainList(d.Targets) || !plainJSON(d.Checksum) {
		return b, false
	}
	b = appendField(b, `{"kind":`, d.Kind)
	b = appendField(b, `,"name":`, d.Name)
	b = appendField(b, `,"version":`, d.Version)
	b = appendField(b, `,"dep_kind":`, d.DepKind)
	b = appendField(b, `,"member":`, d.Member)
	b = appendField(b, `,"source":`, d.Source)
	b = appendOmitEmpty(b, `,"req":`, d.Req)
	b = appendOmitEmpty(b, `,"path":`, d.Path)
	b = appendList(b, `,"renames":`, d.Renames)
	if d.Optional {
		b = append(b, `,"optional":true`...)
	}
	if d.Unresolved {
		b = append(b, `,"unresolved":true`...)
	}
	b = appendList(b, `,"targets":`, d.Targets)
	b = appendOmitEmpty(b, `,"checksum":`, d.Checksum)
	return append(b, "}\n"...), true
}

// appendField appends key (its quotes, colon and any comma before it)
// and the plain string v.
func appendField(b []byte, key, v string) []byte {
	b = append(b, key...)
	b = append(b, '"')
	b = append(b, v...)
	return append(b, '"')
}

// appendOmitEmpty is appendField for a field tagged omitempty.
func appendOmitEmpty(b []byte, key, v string) []byte {
	if v == "" {
		return b
	}
	return appendField(b, key, v)
}

// appendList appends an omitempty list of plain strings.
func appendList(b []byte, key string, l []string) []byte {
	if len(l) == 0 {
		return b
	}
	b = append(b, key...)
	for i, s := range l {
		if i == 0 {
			b = append(b, '[')
		} else {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, s...)
		b = append(b, '"')
	}
	return append(b, ']')
}

func plainList(l []string) bool {
	for _, s := range l {
		if !plainJSON(s) {
			return false
		}
	}
	return true
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
