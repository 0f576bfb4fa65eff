package stream

import (
	"bytes"
	"encoding/json"
	"testing"
)

// hostile are strings encoding/json escapes, or could be thought to.
var hostile = []string{
	"", "plain", "/ws/.agents/skills/skill-0001", `quote"`, `back\slash`, "new\nline", "tab\t", "\r", "\x00", "\x1f", "\x7f",
	"<html>&amp;", "é", "日本語", "emoji 😀", "\xff", "bad \xc3", "\u2028", "\u2029", "\ufffd", "'single'", "codex,copilot",
}

// encodedBefore is how Writer wrote v before appendAction: encoding/json,
// HTML not escaped.
func encodedBefore(t testing.TB, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func writeOne(t testing.TB, v any) []byte {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if err := w.Write(v); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	return buf.Bytes()
}

// TestWriteActionAsEncodingJSON: Writer writes every action in the bytes
// encoding/json wrote, whatever its strings hold.
func TestWriteActionAsEncodingJSON(t *testing.T) {
	for _, s := range hostile {
		for _, a := range []Action{
			{Kind: KindAction, Op: "skill", Agent: s, Path: s, Status: StatusCreated, Name: s},
			{Kind: KindAction, Op: s, Agent: "claude", Path: "/p", Status: s, Detail: s},
			{Kind: s, Path: s},
			{},
		} {
			if got, want := writeOne(t, a), encodedBefore(t, a); !bytes.Equal(got, want) {
				t.Errorf("%+v:\nWriter        %s\nencoding/json %s", a, got, want)
			}
		}
	}
}

func FuzzWriteAction(f *testing.F) {
	for _, s := range hostile {
		f.Add(s, s, s)
	}
	f.Fuzz(func(t *testing.T, agent, path, detail string) {
		a := Action{Kind: KindAction, Op: "skill", Agent: agent, Path: path, Status: StatusCreated, Name: detail, Detail: detail}
		if got, want := writeOne(t, a), encodedBefore(t, a); !bytes.Equal(got, want) {
			t.Errorf("%+v:\nWriter        %s\nencoding/json %s", a, got, want)
		}
	})
}

// BenchmarkWriteAction writes an action as sym-install does.
func BenchmarkWriteAction(b *testing.B) {
	a := Action{Kind: KindAction, Op: "skill", Agent: "codex,copilot,gemini,goose,opencode", Path: "/home/u/ws/.agents/skills/skill-0001", Status: StatusCreated, Name: "skill-0001"}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		w.Write(a)
	}
}
