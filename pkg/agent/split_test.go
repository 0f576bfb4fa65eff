package agent

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fieldsByUnmarshal is fields as it was: json.Unmarshal alone.
func fieldsByUnmarshal(payload []byte) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// checkFields fails unless fields(in) gives what json.Unmarshal gives:
// the same members with the same bytes, or an error (with the same text).
func checkFields(t *testing.T, in []byte) {
	t.Helper()
	want, werr := fieldsByUnmarshal(in)
	got, gerr := fields(in)
	switch {
	case werr != nil:
		if gerr == nil || gerr.Error() != "payload is not a JSON object: "+werr.Error() {
			t.Fatalf("fields(%q): error %v, want one wrapping %v", in, gerr, werr)
		}
	case want == nil:
		if gerr == nil || gerr.Error() != "payload is not a JSON object: null" {
			t.Fatalf("fields(%q): error %v, want the null one", in, gerr)
		}
	case gerr != nil:
		t.Fatalf("fields(%q): error %v, want %q", in, gerr, want)
	case !reflect.DeepEqual(got, want):
		t.Fatalf("fields(%q)\n got %q\nwant %q", in, got, want)
	}
	// The fast paths of takeString and stopHookActive against json.Unmarshal.
	for k, v := range want {
		var s string
		serr := json.Unmarshal(v, &s)
		gs, gerr := takeString(map[string]json.RawMessage{k: v}, k)
		if string(v) != "null" && (serr != nil) != (gerr != nil) || serr == nil && gs != s {
			t.Fatalf("takeString(%q) = %q, %v; json.Unmarshal: %q, %v", v, gs, gerr, s, serr)
		}
		var b bool
		wb := json.Unmarshal(v, &b) == nil && b
		if gb := stopHookActive(map[string]json.RawMessage{"stop_hook_active": v}); gb != wb {
			t.Fatalf("stopHookActive(%q) = %v, want %v", v, gb, wb)
		}
	}
}

var splitCases = []string{
	`{}`, ` { } `, "\t\r\n{\t\r\n}\t\r\n", `{"a":1}`, `{"a" : 1 , "b" : 2}`,
	`{"a":-1.5e+10,"b":0,"c":1E-2,"d":-0}`,
	`{"t":true,"f":false,"n":null}`, `{ "t" : true , "f" : false , "n" : null }`,
	`{"a":{"b":{"c":[1,2,{"d":"}"}]}},"e":[]}`, `{"a":[[],[[]],{}],"b":{}}`,
	`{"a":"x\"y","b":"\\","c":"\\\"","d":"}]","e":"{["}`,
	`{"a":"\u00e9\u4e2d\ud83d\ude00","b":"\ud800","c":"\/"}`,
	`{"\u0061":1}`, `{"a\"b":1}`, `{"a\\b":1}`, `{"\ud83d\ude00":1,"😀":2}`,
	`{"é":"ü","中":"文"}`, "{\"\xff\":1}", "{\"a\":\"\xff\xfe\"}",
	`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `{"a":{"x":1},"a":null}`, `{"a":null,"a":[1]}`,
	`{"":""}`, `{"":{"":[""]}}`, "{\"a\":\n [ 1 ,\n 2 ] \n}",
	`{"stop_hook_active":true}`, `{"stop_hook_active":"true"}`, `{"stop_hook_active":false}`,
	// not objects, or not JSON
	`null`, ` null `, `[]`, `[1]`, `"s"`, `1`, `true`, `false`, ``, ` `, `{`, `}`,
	`{"a"}`, `{"a":}`, `{"a":1,}`, `{,}`, `{"a":1}x`, `{"a":1}{}`, `{'a':1}`, `{a:1}`,
	`{"a":01}`, `{"a":tru}`, "{\"a\":\"\x01\"}", `{"a":"\x"}`, `{"a":1 "b":2}`,
}

func TestFieldsMatchesUnmarshal(t *testing.T) {
	fast := 0
	for _, c := range splitCases {
		checkFields(t, []byte(c))
		if _, ok := splitObject([]byte(c)); ok {
			fast++
		}
	}
	// The comparison means something only if the splitter, not the
	// fallback, answered most objects.
	if fast < 20 {
		t.Errorf("the splitter answered %d cases, want most objects", fast)
	}
	for _, p := range capturedPayloads(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		checkFields(t, b)
		if _, ok := splitObject(b); !ok && json.Valid(b) && b[0] == '{' {
			t.Errorf("%s: the splitter left a real payload to json.Unmarshal", p)
		}
	}
}

// capturedPayloads lists the real agents' payloads in shared/.
func capturedPayloads(t testing.TB) []string {
	var ps []string
	filepath.WalkDir(payloadsDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			ps = append(ps, p)
		}
		return nil
	})
	if len(ps) == 0 {
		t.Logf("no captured payloads under %s", payloadsDir)
	}
	return ps
}

// A splitter that returns a map must give the values as separate
// allocations from the payload: no aliasing of the caller's bytes.
func TestFieldsDoesNotAlias(t *testing.T) {
	in := []byte(`{"a":"xy","b":[1]}`)
	m, err := fields(in)
	if err != nil {
		t.Fatal(err)
	}
	copy(in, strings.Repeat("#", len(in)))
	m["a"] = append(m["a"], '!')
	if string(m["b"]) != "[1]" || string(m["a"]) != `"xy"!` {
		t.Fatalf("values changed: %q", m)
	}
}

func FuzzFields(f *testing.F) {
	for _, c := range splitCases {
		f.Add([]byte(c))
	}
	for _, p := range capturedPayloads(f) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkFields(t, in)
	})
}
