package ordjson

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestObject: members marshal in the order they were first set, a Set of an
// existing key replaces it in place, nested objects keep their order too,
// and nothing is HTML-escaped.
func TestObject(t *testing.T) {
	tests := []struct {
		name string
		obj  func() Object
		want string
	}{
		{"empty", func() Object { return Object{} }, `{}`},
		{"insertion order", func() Object {
			o := Object{}
			o.Set("z", 1)
			o.Set("a", "x")
			return o
		}, `{"z":1,"a":"x"}`},
		{"replace in place", func() Object {
			o := Object{{"b", 1}, {"a", 2}}
			o.Set("b", 3)
			return o
		}, `{"b":3,"a":2}`},
		{"nested, no HTML escaping", func() Object {
			return Object{{"hooks", []any{Object{{"type", "command"}, {"command", "a && b < c > d"}}}}}
		}, `{"hooks":[{"type":"command","command":"a && b < c > d"}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Marshal(tc.obj())
			if err != nil || string(got) != tc.want {
				t.Errorf("Marshal = %s, %v; want %s", got, err, tc.want)
			}
		})
	}
}

// TestGet: a present key's value, and an absent key's false.
func TestGet(t *testing.T) {
	o := Object{{"a", 1}}
	if v, ok := o.Get("a"); !ok || v != 1 {
		t.Errorf("Get(a) = %v, %v", v, ok)
	}
	if _, ok := o.Get("b"); ok {
		t.Error("Get(b) found a missing key")
	}
}

// TestMarshalIndent: two-space indentation and a final newline.
func TestMarshalIndent(t *testing.T) {
	got, err := MarshalIndent(Object{{"k", []int{1}}})
	want := "{\n  \"k\": [\n    1\n  ]\n}\n"
	if err != nil || string(got) != want {
		t.Errorf("MarshalIndent = %q, %v; want %q", got, err, want)
	}
}

// reference is encoding/json's own output without HTML escaping (indented
// with a final newline when indent is set), what Marshal and MarshalIndent
// must match byte for byte.
func reference(t *testing.T, v any, indent bool) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if indent {
		return b.String()
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestMatchesEncodingJSON: for values without Objects, Marshal and
// MarshalIndent write exactly what encoding/json writes: escapes, unicode,
// invalid UTF-8, numbers, map key order, nil slices and maps, structs.
func TestMatchesEncodingJSON(t *testing.T) {
	values := []any{
		"plain", "", `quote " and \ backslash`, "tab\tnew\nline\r\x01\x1f\b\f", "é ü 日本", "\u2028\u2029", "bad \xff utf8", "<&>",
		0, -7, int64(1) << 53, 1.5, 1e21, 1e-7, 0.1, float64(30000), true, false, nil,
		[]any{}, []any(nil), []any{1.0, "a", nil, []any{map[string]any{}}},
		map[string]any{"b": 1.0, "a": []any{"x"}, "é": nil, "A": map[string]any{"z": true, "y": "<"}},
		map[string]any(nil), map[string]string{"k": "v", "a": "b"}, []string{"x", "y"},
		struct {
			A string `json:"a,omitempty"`
			B int    `json:"b"`
		}{B: 3},
	}
	for _, v := range values {
		got, err := Marshal(v)
		if want := reference(t, v, false); err != nil || string(got) != want {
			t.Errorf("Marshal(%#v) = %s, %v; want %s", v, got, err, want)
		}
		got, err = MarshalIndent(v)
		if want := reference(t, v, true); err != nil || string(got) != want {
			t.Errorf("MarshalIndent(%#v) = %q, %v; want %q", v, got, err, want)
		}
	}
}

// TestNestedObjects: Objects inside arrays, maps and pointers come out as
// encoding/json would write them through MarshalJSON.
func TestNestedObjects(t *testing.T) {
	inner := Object{{"type", "command"}, {"command", "a && b"}, {"timeout", int64(10)}}
	v := Object{{"hooks", Object{{"PreToolUse", []any{Object{{"matcher", "Bash"}, {"hooks", []any{inner}}}}}}},
		{"named", &inner}, {"nil", (*Object)(nil)}, {"pd", map[string]any{"o": inner}}}
	for _, indent := range []bool{false, true} {
		want := reference(t, v, indent)
		var got []byte
		var err error
		if indent {
			got, err = MarshalIndent(v)
		} else {
			got, err = Marshal(v)
		}
		if err != nil || string(got) != want {
			t.Errorf("indent %v: got %s, %v\nwant %s", indent, got, err, want)
		}
	}
}
