package fileedit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	yamlv3 "go.yaml.in/yaml/v3"

	"github.com/symposium-dev/symposium-go/pkg/ordjson"
)

type kv struct {
	k string
	v any
}

// orderedMap keeps key order like the callers' values do.
type orderedMap []kv

func (o orderedMap) MarshalJSON() ([]byte, error) {
	m := ordjson.Object{}
	for _, e := range o {
		m.Set(e.k, e.v)
	}
	return m.MarshalJSON()
}

// TestYAMLEdits: add a Goose extension (golden), replace it with the same
// value (no change) and a new one (in place), delete it: original bytes.
func TestYAMLEdits(t *testing.T) {
	ext := orderedMap{{"name", "widget"}, {"type", "stdio"}, {"cmd", "/usr/local/bin/widget"}, {"args", []string{"--stdio"}}, {"envs", map[string]any{}}, {"timeout", 300}, {"enabled", true}}
	for _, in := range inputs(t, "yaml") {
		t.Run(in, func(t *testing.T) {
			orig := readInput(t, in)
			d, err := ParseYAML(in, orig)
			mustDo(t, "ParseYAML", err)
			mustDo(t, "SetMapping", d.SetMapping(ext, "extensions", "widget"))
			got := d.Bytes()
			golden(t, in, got)
			if strings.Contains(string(orig), "\r\n") && strings.Count(string(got), "\n") != strings.Count(string(got), "\r\n") {
				t.Error("CRLF file got LF lines")
			}
			mustDo(t, "SetMapping again", d.SetMapping(ext, "extensions", "widget"))
			sameBytes(t, "setting the same value twice", got, d.Bytes())
			mustDo(t, "SetMapping changed", d.SetMapping(orderedMap{{"cmd", "other"}}, "extensions", "widget"))
			if v, _ := d.Get("extensions", "widget", "cmd"); v != "other" {
				t.Errorf("after replace, cmd = %v", v)
			}
			if !d.Delete("extensions", "widget") {
				t.Fatal("Delete found nothing")
			}
			want := string(orig)
			if !strings.Contains(want, "extensions") {
				// We created the parent: it stays as an empty mapping.
				if v, ok := d.Get("extensions"); !ok || len(v.(map[string]any)) != 0 {
					t.Errorf("extensions = %v, %v", v, ok)
				}
				d.Delete("extensions")
			}
			if diff := cmp.Diff(want, string(d.Bytes())); diff != "" {
				t.Errorf("insert then delete (-want +got):\n%s", diff)
			}
		})
	}
}

// TestYAMLGet reads values of other extensions untouched by quoting.
func TestYAMLGet(t *testing.T) {
	d, err := ParseYAML("c.yaml", readInput(t, "testdata/yaml/goose.yaml"))
	mustDo(t, "ParseYAML", err)
	if v, ok := d.Get("extensions", "developer", "display_name"); !ok || v != "Developer" {
		t.Errorf("display_name = %v, %v", v, ok)
	}
	if _, ok := d.Get("extensions", "nope"); ok {
		t.Error("Get of a missing key succeeded")
	}
}

// TestYAMLDelete: an entry goes with its lines; the comments around it
// stay; an entry between two blank-line gaps leaves one gap; a file
// without a final newline keeps it missing.
func TestYAMLDelete(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"between-gaps", "extensions:\n  a:\n    cmd: a\n\n\n  b:   # keep?\n    cmd: b\n\n# trailing\nOTHER: 1\n", "extensions:\n  a:\n    cmd: a\n\n# trailing\nOTHER: 1\n"},
		{"comment-above-next", "extensions:\n  a:\n    cmd: a\n  # about b\n  b:\n    cmd: b\n", "extensions:\n  # about b\n  b:\n    cmd: b\n"},
		{"no-final-newline", "extensions:\n  a:\n    cmd: a\n  b:\n    cmd: b", "extensions:\n  a:\n    cmd: a"},
		{"last-leaves-empty-mapping", "extensions:\n  b:\n    cmd: b\nX: 1\n", "extensions: {}\nX: 1\n"},
		{"crlf", "extensions:\r\n  a:\r\n    cmd: a\r\n  b:\r\n    cmd: b\r\n", "extensions:\r\n  a:\r\n    cmd: a\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ParseYAML("c.yaml", []byte(c.in))
			mustDo(t, "ParseYAML", err)
			key := "b"
			if c.name == "comment-above-next" {
				key = "a"
			}
			if !d.Delete("extensions", key) {
				t.Fatal("Delete = false")
			}
			if diff := cmp.Diff(c.want, string(d.Bytes())); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestYAMLHostileScalars: values from a plugin with control characters,
// line separators or YAML syntax are written so that a strict parser reads
// back exactly those strings, and names with control characters are
// refused before anything is written.
func TestYAMLHostileScalars(t *testing.T) {
	values := []string{"a\x00b", "a\tb", "a\rb", "a\u0085b", "a\u2028b", "a\u2029b", "a\nb", "a\x1bb", "- x", "#c", "x: y", "a #b",
		"'q'", `"dq"`, " lead", "tail ", "yes", "NO", "null", "~", "1e3", "0x1f", ".5", "", "plain", "with space", "ünïcode", "@at", "%p", "{}", "[x]", "*a", "&a", "!t", "|", ">"}
	for _, v := range values {
		d, err := ParseYAML("c.yaml", []byte("# mine\nextensions:\n  mine:\n    cmd: x\n"))
		if err != nil {
			t.Fatal(err)
		}
		if err := d.SetMapping(map[string]any{"cmd": v, "args": []any{v}, "envs": map[string]any{"K": v}}, "extensions", "srv"); err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		var got struct {
			Extensions map[string]struct {
				Cmd  string
				Args []string
				Envs map[string]string
			}
		}
		if err := yamlv3.Unmarshal(d.Bytes(), &got); err != nil {
			t.Fatalf("%q: a strict parser rejects the result: %v\n%s", v, err, d.Bytes())
		}
		srv := got.Extensions["srv"]
		if srv.Cmd != v || len(srv.Args) != 1 || srv.Args[0] != v || srv.Envs["K"] != v {
			t.Errorf("%q read back as %+v\n%s", v, srv, d.Bytes())
		}
		if !strings.HasPrefix(string(d.Bytes()), "# mine\n") {
			t.Errorf("%q: the user's comment is gone", v)
		}
	}
	for _, name := range []string{"a\nb", "a\x00b", "a\tb", "a\u2028b", "a\u0085b"} {
		d, _ := ParseYAML("c.yaml", []byte("extensions: {}\n"))
		before := string(d.Bytes())
		if err := d.SetMapping(map[string]any{"cmd": "x"}, "extensions", name); err == nil || !strings.Contains(err.Error(), "control character") {
			t.Errorf("name %q: err = %v", name, err)
		}
		if string(d.Bytes()) != before {
			t.Errorf("name %q: document changed", name)
		}
	}
}
