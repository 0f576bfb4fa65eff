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
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := Marshal(m.Key)
		if err != nil {
			return nil, err
		}
		v, err := Marshal(m.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Key, err)
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Marshal is json.Marshal without HTML escaping.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// MarshalIndent is Marshal with two-space indentation and a final newline,
// the layout of the config files we write whole.
func MarshalIndent(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
