package pipeline

import (
	"bytes"
	"unicode/utf8"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// decodeAction reads an action record the way sym-install writes it: one
// object of string members, none holding an escape, with no space between
// tokens. It reports false for anything else (escapes, spaces, a field it
// does not know, bytes that are not UTF-8, which encoding/json would
// replace), and the caller decodes the record with encoding/json instead.
// The orchestrator reads one action per file a sync writes (tens of
// thousands at 5,000 skills), and encoding/json's reflection was a tenth
// of its CPU.
func decodeAction(data []byte, a *stream.Action) bool {
	rest, ok := bytes.CutPrefix(data, []byte("{"))
	if !ok {
		return false
	}
	var got stream.Action
	if string(rest) == "}" {
		*a = got
		return true
	}
	for {
		var key, val []byte
		if key, rest, ok = plainString(rest); !ok {
			return false
		}
		if rest, ok = bytes.CutPrefix(rest, []byte(":")); !ok {
			return false
		}
		if val, rest, ok = plainString(rest); !ok {
			return false
		}
		f := actionField(&got, string(key))
		if f == nil {
			return false
		}
		*f = string(val)
		if string(rest) == "}" {
			break
		}
		if rest, ok = bytes.CutPrefix(rest, []byte(",")); !ok {
			return false
		}
	}
	*a = got
	return true
}

// plainString reads a JSON string at the front of b that holds no escape
// and is valid UTF-8: its contents, and what follows it.
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
		if c == '\\' || c < 0x20 {
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
func actionField(a *stream.Action, k string) *string {
	switch k {
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
