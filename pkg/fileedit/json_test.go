package fileedit

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ourHook is what a caller registers: nested values exercise indentation.
var ourHook = map[string]any{"matcher": "*", "hooks": []any{map[string]any{"type": "command", "command": "sym-hook x stop", "timeout": 60}}}

// TestJSONEdits: on real-looking files, add a server (creating its parent
// object), append a hook and add a new event array (golden); deleting them
// again gives back the original bytes; repeating the edits changes nothing.
func TestJSONEdits(t *testing.T) {
	for _, in := range inputs(t, "json") {
		t.Run(in, func(t *testing.T) {
			orig := readInput(t, in)
			edit := func(d *JSON) {
				mustDo(t, "Set", d.Set(map[string]any{"command": "srv", "args": []string{"--stdio"}, "env": map[string]string{"A": "<b>"}}, "mcpServers", "ours"))
				mustDo(t, "Append", d.Append(ourHook, "hooks", "Stop"))
				mustDo(t, "Set new array", d.Set([]any{}, "hooks", "PreToolUse"))
				mustDo(t, "Append new", d.Append(ourHook, "hooks", "PreToolUse"))
			}
			d, err := ParseJSON(in, orig)
			mustDo(t, "ParseJSON", err)
			edit(d)
			got := d.Bytes()
			golden(t, in, got)
			var v any
			if err := json.Unmarshal(mustStd(t, d), &v); err != nil {
				t.Fatalf("result is not JSON: %v", err)
			}

			// Same edits again (the Set ones replace in place): identical.
			mustDo(t, "Set again", d.Set(map[string]any{"command": "srv", "args": []string{"--stdio"}, "env": map[string]string{"A": "<b>"}}, "mcpServers", "ours"))
			mustDo(t, "Set hook again", d.Set(ourHook, "hooks", "PreToolUse", "0"))
			sameBytes(t, "setting the same values twice", got, d.Bytes())

			// Delete ours: back to the original.
			n := d.Len("hooks", "Stop")
			if !d.Delete("hooks", "Stop", itoa(n-1)) || !d.Delete("hooks", "PreToolUse") || !d.Delete("mcpServers", "ours") {
				t.Fatal("Delete found nothing")
			}
			if d.Len("mcpServers") == 0 {
				d.Delete("mcpServers")
			}
			if d.Len("hooks", "Stop") == 0 && strings.Contains(string(got), `"Stop": [`) && !strings.Contains(string(orig), `"Stop"`) {
				d.Delete("hooks", "Stop")
			}
			if d.Len("hooks") == 0 && !strings.Contains(string(orig), `"hooks"`) {
				d.Delete("hooks")
			}
			want := orig
			if strings.TrimSpace(string(orig)) == "" {
				want = []byte("{}\n")
			}
			sameBytes(t, "insert then delete", want, d.Bytes())
		})
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func mustStd(t *testing.T, d *JSON) []byte {
	t.Helper()
	raw, ok := d.Get()
	if !ok {
		t.Fatal("Get() found no document")
	}
	return raw
}

// TestJSONQueries: Get strips comments, Keys keeps file order, Len.
func TestJSONQueries(t *testing.T) {
	d, err := ParseJSON("q.jsonc", []byte("{\n  // c\n  \"b\": [1, /* x */ 2],\n  \"a\": {\"k\": \"v\"}\n}\n"))
	mustDo(t, "ParseJSON", err)
	raw, ok := d.Get("b")
	if !ok || string(raw) != "[1,2]" {
		t.Errorf(`Get("b") = %s, %v`, raw, ok)
	}
	if diff := cmp.Diff([]string{"b", "a"}, d.Keys()); diff != "" {
		t.Errorf("Keys (-want +got):\n%s", diff)
	}
	for _, c := range []struct {
		ptr  []string
		want int
	}{{[]string{"b"}, 2}, {[]string{"a"}, 1}, {[]string{"zz"}, -1}, {nil, 2}} {
		if got := d.Len(c.ptr...); got != c.want {
			t.Errorf("Len(%q) = %d, want %d", c.ptr, got, c.want)
		}
	}
	if _, ok := d.Get("a", "missing"); ok {
		t.Error("Get of a missing key succeeded")
	}
	if d.Delete("missing") {
		t.Error("Delete of a missing key reported true")
	}
}

// TestParseErrors: invalid input gives "path:line:col: message".
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		name, want string
		parse      func() error
	}{
		{"json", "f.json:3:20: ", func() error {
			_, err := ParseJSON("f.json", []byte("{\n  \"hooks\": {\n    \"PreToolUse\": [,]\n  }\n}\n"))
			return err
		}},
		{"toml", "f.toml:2:13: ", func() error {
			_, err := ParseTOML("f.toml", []byte("model = \"x\"\n[mcp_servers\n"))
			return err
		}},
		{"toml-duplicate", "f.toml:2:1: ", func() error {
			_, err := ParseTOML("f.toml", []byte("a = 1\na = 2\n"))
			return err
		}},
		{"yaml", "f.yaml:2:6: ", func() error {
			_, err := ParseYAML("f.yaml", []byte("extensions:\n  a: [1, 2\n"))
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.parse()
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error = %v, want prefix %q", err, c.want)
			}
		})
	}
}
