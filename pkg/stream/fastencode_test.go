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
			var buf bytes.Buffer
			w := NewWriter(&buf)
			w.WriteAction(&a)
			w.Flush()
			if want := encodedBefore(t, a); !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%+v:\nWriteAction   %s\nencoding/json %s", a, buf.Bytes(), want)
			}
		}
	}
}

// TestWriteSkillAndDepAsEncodingJSON: so are skills and deps, with their
// lists and flags, empty or not.
func TestWriteSkillAndDepAsEncodingJSON(t *testing.T) {
	for _, s := range hostile {
		for _, v := range []any{
			Skill{Kind: KindSkill, Name: s, Plugin: s, Source: "bench", Dir: s, Description: s, Crates: []string{s, "serde>=1.0"}},
			Skill{Kind: KindSkill, Name: "a", Dir: "/d", Crates: []string{}},
			Skill{Kind: KindSkill, Name: "a", Dir: "/d", Crates: []string{s}},
			Skill{},
			Dep{Kind: KindDep, Name: s, Version: s, DepKind: "normal", Member: s, Source: s, Req: s, Path: s, Renames: []string{s}, Optional: true, Unresolved: true, Targets: []string{s, "cfg(unix)"}, Checksum: s},
			Dep{Kind: KindDep, Name: "serde", Version: "1.0.0", DepKind: "dev", Member: "m", Renames: []string{}, Targets: nil, Optional: true},
			Dep{Kind: KindDep, Name: "x", Unresolved: true, Targets: []string{s}},
			Dep{},
		} {
			if got, want := writeOne(t, v), encodedBefore(t, v); !bytes.Equal(got, want) {
				t.Errorf("%+v:\nWriter        %s\nencoding/json %s", v, got, want)
			}
		}
	}
}

func FuzzWriteSkillAndDep(f *testing.F) {
	for _, s := range hostile {
		f.Add(s, s, s, true)
	}
	f.Fuzz(func(t *testing.T, a, b, c string, flag bool) {
		for _, v := range []any{
			Skill{Kind: KindSkill, Name: a, Plugin: b, Source: c, Dir: a, Description: b, Crates: []string{c, a}},
			Dep{Kind: KindDep, Name: a, Version: b, DepKind: c, Member: a, Source: b, Req: c, Path: a, Renames: []string{b}, Optional: flag, Unresolved: !flag, Targets: []string{c}, Checksum: a},
		} {
			if got, want := writeOne(t, v), encodedBefore(t, v); !bytes.Equal(got, want) {
				t.Errorf("%+v:\nWriter        %s\nencoding/json %s", v, got, want)
			}
		}
	})
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

// BenchmarkWriteSkill writes a skill as sym-match does.
func BenchmarkWriteSkill(b *testing.B) {
	s := Skill{Kind: KindSkill, Name: "skill-0020", Source: "bench", Dir: "/home/u/plugins/group-00/skill-0020", Description: "Generated skill 20 for crate-0140.", Crates: []string{"crate-0140>=1.0"}}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		w.Write(s)
	}
}

// BenchmarkWriteDep writes a dep as sym-deps does.
func BenchmarkWriteDep(b *testing.B) {
	d := Dep{Kind: KindDep, Name: "crate-0140", Version: "1.0.3", DepKind: "normal", Member: "member-014", Source: "registry+https://github.com/rust-lang/crates.io-index", Req: "1.0", Checksum: "6d5b0ba3a4e8a0bfc2c1c1d0cfb1f1e8f7b2e4b7e4e0f9ab5c6a3d2e1f0a9b8c"}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		w.Write(d)
	}
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
