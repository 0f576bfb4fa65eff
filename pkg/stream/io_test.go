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
