package stream

import (
	"bytes"
	"strings"
	"testing"
)

func TestReaderSkipsBlankLinesAndNamesBadLines(t *testing.T) {
	in := "\n{\"kind\":\"dep\",\"name\":\"serde\",\"x\":1}\n\n  \n{\"kind\":\"future\",\"a\":[1]}\nnot json\n"
	r := NewReader(strings.NewReader(in), "<stdin>")
	raw, err := r.Next()
	if err != nil || raw.Kind != KindDep || raw.Line != 2 {
		t.Fatalf("first record = %+v, %v; want dep at line 2", raw, err)
	}
	var d Dep
	if err := r.Decode(raw, &d); err != nil || d.Name != "serde" {
		t.Fatalf("Decode = %+v, %v", d, err)
	}
	raw, err = r.Next()
	if err != nil || raw.Kind != "future" {
		t.Fatalf("unknown kind not returned: %+v, %v", raw, err)
	}
	var out bytes.Buffer
	w := NewWriter(&out)
	if err := w.WriteRaw(raw); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if got, want := out.String(), "{\"kind\":\"future\",\"a\":[1]}\n"; got != want {
		t.Errorf("forwarded %q, want %q", got, want)
	}
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "<stdin>:6:") {
		t.Errorf("bad line error = %v, want it to name <stdin>:6", err)
	}
}

func TestWriterDoesNotEscapeHTML(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	w.Write(Hook{Kind: KindHook, Command: "a && b > c"})
	w.Flush()
	if !strings.Contains(out.String(), `"a && b > c"`) {
		t.Errorf("command escaped: %s", out.String())
	}
}

// TestKindOf: the kind read off the front of a record is the one decoding
// it would give, and a line that is not one JSON object is refused
// whatever its front says.
func TestKindOf(t *testing.T) {
	tests := []struct {
		line, kind, err string
	}{
		{`{"kind":"skill","name":"a","dir":"/d"}`, "skill", ""},
		{`{"kind":"future-kind","x":[1,{"y":2}]}`, "future-kind", ""},
		{`{"name":"a","kind":"hook"}`, "hook", ""},              // kind not first
		{`{ "kind" : "dep" }`, "dep", ""},                       // spaced
		{`{"kind":"sk\u0069ll"}`, "skill", ""},                  // escaped
		{`{"kind":"skill","kind":"hook"}`, "hook", ""},          // the last one wins, as in Decode
		{`{"kind":"skill","name":"a"`, "", "not a JSON record"}, // cut short
		{`{"kind":"skill"} trailing`, "", "not a JSON record"},
		{`{"kind":"skill","a":}`, "", "not a JSON record"},
		{`not json`, "", "not a JSON record"},
		{`["kind"]`, "", "not a JSON record"},
		{`{"kind":""}`, "", `no "kind" field`},
		{`{"name":"a"}`, "", `no "kind" field`},
	}
	for _, tc := range tests {
		kind, err := KindOf([]byte(tc.line))
		if kind != tc.kind || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("KindOf(%s) = %q, %v; want %q, %q", tc.line, kind, err, tc.kind, tc.err)
		}
	}
}

// BenchmarkReaderNext reads a stream of action records, the longest
// stream a sync reads.
func BenchmarkReaderNext(b *testing.B) {
	var in bytes.Buffer
	w := NewWriter(&in)
	for i := 0; i < 1000; i++ {
		w.Write(Action{Kind: KindAction, Op: "skill", Agent: "claude,codex", Path: "/home/u/ws/.agents/skills/skill-0001", Status: StatusCreated, Name: "skill-0001"})
	}
	w.Flush()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := NewReader(bytes.NewReader(in.Bytes()), "bench")
		for {
			raw, err := r.Next()
			if err != nil {
				break
			}
			var a Action
			if err := r.Decode(raw, &a); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkKindOf: the kind of an action record as sym-install writes it
// (the orchestrator reads one a path a sync writes), and of a skill record
// with a description and crates.
func BenchmarkKindOf(b *testing.B) {
	for _, tc := range []struct{ name, line string }{
		{"action", `{"kind":"action","op":"skill","agent":"claude,opencode","path":"/home/u/ws/.claude/skills/skill-0001","status":"created","name":"skill-0001"}`},
		{"skill", `{"kind":"skill","name":"skill-0020","plugin":"","source":"bench","dir":"/home/u/plugins/group-00/skill-0020","description":"Generated skill 20 for crate-0140.","crates":["crate-0140"]}`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			line := []byte(tc.line)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := KindOf(line); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
