package ordjson

import "testing"

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
