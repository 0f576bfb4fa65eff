package jsonscan

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// TestObjectAndArray: the member splitter agrees with encoding/json on what
// tricky valid input holds (escapes, brackets and quotes inside strings,
// nesting, duplicates: the last value wins, the first position stays), and
// refuses what is not an object.
func TestObjectAndArray(t *testing.T) {
	tests := []struct {
		in   string
		keys []string
	}{
		{`{}`, nil},
		{` { "a" : 1 , "b":[1,{"c":"]}"}], "a\"q":"x\\"} `, []string{"a", "b", `a"q`}},
		{`{"k":"{[\"","n":null,"t":true,"f":-1.5e3}`, []string{"k", "n", "t", "f"}},
		{`{"d":1,"e":2,"d":3}`, []string{"d", "e"}},
		{`{"\u00e9":{"x":[[]]}}`, []string{"é"}},
	}
	for _, tc := range tests {
		keys, vals, err := Object(json.RawMessage(tc.in))
		if err != nil || !reflect.DeepEqual(keys, tc.keys) {
			t.Errorf("Object(%s) = %q, %v; want %q", tc.in, keys, err, tc.keys)
			continue
		}
		var want map[string]any
		if err := json.Unmarshal([]byte(tc.in), &want); err != nil {
			t.Fatal(err)
		}
		for k, raw := range vals {
			var got any
			if err := json.Unmarshal(raw, &got); err != nil || !reflect.DeepEqual(got, want[k]) {
				t.Errorf("Object(%s)[%q] = %s, want %v", tc.in, k, raw, want[k])
			}
		}
	}
	for _, bad := range []string{``, `[]`, `"s"`, `{"a"}`, `{"a":1`, `{"a":1 "b":2}`, `{1:2}`} {
		if _, _, err := Object(json.RawMessage(bad)); err == nil {
			t.Errorf("Object(%s) = nil error", bad)
		}
	}
	elems, err := Array(json.RawMessage(` [ 1, "a,]", {"b":[2]} , [] ] `))
	if err != nil || len(elems) != 4 || string(elems[1]) != `"a,]"` || string(elems[2]) != `{"b":[2]}` {
		t.Errorf("Array = %q, %v", elems, err)
	}
	for _, bad := range []string{`{}`, `[1,`, `[1 2]`} {
		if _, err := Array(json.RawMessage(bad)); err == nil {
			t.Errorf("Array(%s) = nil error", bad)
		}
	}
}

// TestMembers: every member in document order, a repeated key each time,
// fn's error returned as it is, a non-object refused.
func TestMembers(t *testing.T) {
	var got []string
	err := Members(json.RawMessage(` {"a": 1, "b" : {"c":[2]}, "a":"x"} `), func(k string, v json.RawMessage) error {
		got = append(got, k+"="+string(v))
		return nil
	})
	want := []string{"a=1", `b={"c":[2]}`, `a="x"`}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Members = %q, %v; want %q", got, err, want)
	}
	stop := errors.New("stop")
	n := 0
	if err := Members(json.RawMessage(`{"a":1,"b":2}`), func(string, json.RawMessage) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("Members with a failing fn = %v after %d calls, want stop after 1", err, n)
	}
	if err := Members(json.RawMessage(`[1]`), func(string, json.RawMessage) error { return nil }); err == nil {
		t.Error("Members accepted an array")
	}
}
