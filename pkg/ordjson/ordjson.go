// Package ordjson builds JSON objects that keep their keys in the order
// they were set, and marshals without HTML escaping. Encoded agent configs
// list events and fields the way the agent's own documentation (or the
// source config) does, and hook commands, full of & < >, stay readable.
// It imports only the standard library: the hook path links it.
package ordjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// Object is a JSON object whose members marshal in slice order.
type Object []Member

// Member is one key and its value (anything encoding/json can marshal).
type Member struct {
	Key   string
	Value any
}

// Set replaces key's value in place, or appends the member when key is new.
func (o *Object) Set(key string, value any) {
	for i := range *o {
		if (*o)[i].Key == key {
			(*o)[i].Value = value
			return
		}
	}
	*o = append(*o, Member{key, value})
}

// Get returns key's value and whether the object has it.
func (o Object) Get(key string) (any, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// MarshalJSON writes the members in order, without HTML escaping.
func (o Object) MarshalJSON() ([]byte, error) {
	w := newWriter()
	if err := w.object(o); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

// Marshal is json.Marshal without HTML escaping.
func Marshal(v any) ([]byte, error) {
	w := newWriter()
	if err := w.value(v); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

// MarshalIndent is Marshal with two-space indentation and a final newline,
// the layout of the config files we write whole (what a json.Encoder with
// SetIndent("", "  ") writes).
func MarshalIndent(v any) ([]byte, error) {
	w := newWriter()
	if err := w.value(v); err != nil {
		return nil, err
	}
	w.buf.WriteByte('\n')
	var out bytes.Buffer
	out.Grow(w.buf.Len() * 2)
	if err := json.Indent(&out, w.buf.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// writer writes one JSON document into buf. Objects, arrays and generic
// maps are walked here, so a nested Object is written in place: through
// encoding/json, each level's MarshalJSON output would be scanned again by
// the level above (a 500-hook config spent most of its encoding there).
// Leaves go through one json.Encoder, except plain strings and integers,
// whose encoding is fixed.
type writer struct {
	buf bytes.Buffer
	enc *json.Encoder
}

func newWriter() *writer {
	w := &writer{}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	return w
}

func (w *writer) value(v any) error {
	switch x := v.(type) {
	case Object:
		return w.object(x)
	case *Object:
		if x == nil {
			w.buf.WriteString("null")
			return nil
		}
		return w.object(*x)
	case []any:
		if x == nil {
			w.buf.WriteString("null")
			return nil
		}
		w.buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			if err := w.value(e); err != nil {
				return err
			}
		}
		w.buf.WriteByte(']')
		return nil
	case map[string]any:
		if x == nil {
			w.buf.WriteString("null")
			return nil
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys) // as encoding/json orders a map
		w.buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			if err := w.member(k, x[k]); err != nil {
				return err
			}
		}
		w.buf.WriteByte('}')
		return nil
	case string:
		return w.str(x)
	case int:
		w.buf.Write(strconv.AppendInt(w.buf.AvailableBuffer(), int64(x), 10))
		return nil
	case int64:
		w.buf.Write(strconv.AppendInt(w.buf.AvailableBuffer(), x, 10))
		return nil
	case bool:
		w.buf.WriteString(strconv.FormatBool(x))
		return nil
	case nil:
		w.buf.WriteString("null")
		return nil
	}
	return w.leaf(v)
}

func (w *writer) object(o Object) error {
	w.buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		if err := w.member(m.Key, m.Value); err != nil {
			return err
		}
	}
	w.buf.WriteByte('}')
	return nil
}

func (w *writer) member(k string, v any) error {
	if err := w.str(k); err != nil {
		return err
	}
	w.buf.WriteByte(':')
	if err := w.value(v); err != nil {
		return fmt.Errorf("%s: %w", k, err)
	}
	return nil
}

// str writes s as a JSON string: as is when it holds nothing encoding/json
// would escape, else through the encoder.
func (w *writer) str(s string) error {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return w.leaf(s)
		}
	}
	w.buf.WriteByte('"')
	w.buf.WriteString(s)
	w.buf.WriteByte('"')
	return nil
}

// leaf writes v with encoding/json, without the newline Encode adds.
func (w *writer) leaf(v any) error {
	if err := w.enc.Encode(v); err != nil {
		return err
	}
	w.buf.Truncate(w.buf.Len() - 1)
	return nil
}
