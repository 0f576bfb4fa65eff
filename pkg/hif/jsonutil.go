package hif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/tailscale/hujson"

	"github.com/symposium-dev/symposium-go/pkg/jsonscan"
	"github.com/symposium-dev/symposium-go/pkg/ordjson"
)

// object is an ordered JSON object (pkg/ordjson), so that encoded configs
// list events and fields the way the source did.
type object = ordjson.Object

type member = ordjson.Member

// marshal is json.Marshal without HTML escaping (hook commands are full of
// & < >).
func marshal(v any) ([]byte, error) { return ordjson.Marshal(v) }

// marshalIndent is marshal with two-space indentation and a final newline.
func marshalIndent(v any) ([]byte, error) { return ordjson.MarshalIndent(v) }

var hujsonPos = regexp.MustCompile(`^hujson: line (\d+), column (\d+): `)

// standardize accepts JSON with comments and trailing commas (agents'
// settings files are often JSONC) and returns plain JSON, with syntax
// errors positioned.
func standardize(data []byte) ([]byte, error) {
	if json.Valid(data) {
		return data, nil // plain JSON: the JSONC parser would cost a tree of it
	}
	v, err := hujson.Parse(data)
	if err != nil {
		if m := hujsonPos.FindStringSubmatch(err.Error()); m != nil {
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			return nil, &PosError{Line: line, Col: col, Msg: err.Error()[len(m[0]):]}
		}
		return nil, err
	}
	v.Standardize()
	return v.Pack(), nil
}

// jsonKind names the JSON type of raw for error messages.
func jsonKind(raw json.RawMessage) string {
	b := bytes.TrimSpace(raw)
	if len(b) == 0 {
		return "nothing"
	}
	switch b[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

// asArray accepts an array or a single object (Cursor's draft vectors write
// one object per event) and returns the elements.
func asArray(raw json.RawMessage) ([]json.RawMessage, bool) {
	b := bytes.TrimSpace(raw)
	if len(b) > 0 && b[0] == '{' {
		return []json.RawMessage{raw}, true
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(raw, &arr); err != nil {
		return nil, false
	}
	return arr, true
}

// rawString, rawNumber and rawBool are json.Unmarshal into a string, a
// float64 and a bool for a value of a document already known to be valid
// JSON: a string without escapes, a number and a literal are read without
// reflection (a string's bytes as they are when they are valid UTF-8,
// which Unmarshal would otherwise repair), null leaves dst alone (as Unmarshal does), and anything else
// is Unmarshal's to decode or refuse. A 500-hook config holds thousands.
func rawString(raw json.RawMessage, dst *string) error {
	if n := len(raw); n >= 2 && raw[0] == '"' && raw[n-1] == '"' && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		*dst = string(raw[1 : n-1])
		return nil
	}
	if string(raw) == "null" {
		return nil
	}
	return json.Unmarshal(raw, dst)
}

func rawNumber(raw json.RawMessage, dst *float64) error {
	if len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9') {
		f, err := strconv.ParseFloat(string(raw), 64)
		if err == nil {
			*dst = f
			return nil
		}
	}
	if string(raw) == "null" {
		return nil
	}
	return json.Unmarshal(raw, dst)
}

func rawBool(raw json.RawMessage, dst *bool) error {
	switch string(raw) {
	case "true":
		*dst = true
		return nil
	case "false":
		*dst = false
		return nil
	case "null":
		return nil
	}
	return json.Unmarshal(raw, dst)
}

// toAny decodes raw into a generic value.
func toAny(raw json.RawMessage) any {
	var v any
	_ = json.Unmarshal(raw, &v)
	return v
}

// eachEntry walks a hooks object — native event → array of entry objects —
// in file order, the skeleton every flat-entry provider shares. event is
// asked first about each native event: false skips it (event itself warns
// when it drops one; see dropEvent). single accepts one entry object where
// an array belongs (the draft's Cursor vectors write it so).
func eachEntry(raw json.RawMessage, single bool,
	event func(native, path string, val json.RawMessage) (bool, error),
	entry func(native, epath string, keys []string, e map[string]json.RawMessage) error) error {
	events, vals, err := jsonscan.Object(raw)
	if err != nil {
		return fmt.Errorf("hooks: want an object of event → entries, got %s", jsonKind(raw))
	}
	for _, native := range events {
		path := "/hooks/" + native
		if use, err := event(native, path, vals[native]); err != nil || !use {
			if err != nil {
				return err
			}
			continue
		}
		var entries []json.RawMessage
		ok := true
		if single {
			entries, ok = asArray(vals[native])
		} else if json.Unmarshal(vals[native], &entries) != nil {
			ok = false
		}
		if !ok {
			return fmt.Errorf("%s: want an array of hook entries, got %s", path, jsonKind(vals[native]))
		}
		for i, eraw := range entries {
			epath := fmt.Sprintf("%s/%d", path, i)
			keys, e, err := jsonscan.Object(eraw)
			if err != nil {
				return fmt.Errorf("%s: want a hook entry object, got %s", epath, jsonKind(eraw))
			}
			if err := entry(native, epath, keys, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// dropEvent warns that a native event has no canonical equivalent.
func dropEvent(w *warner, path, native string) {
	w.add(0, path, "", "event '%s' dropped — it has no equivalent in the interchange format's event registry", native)
}
