package stream

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDecodeSkill: a record DecodeSkill takes decodes as encoding/json
// decodes it; any other is left to encoding/json.
func TestDecodeSkill(t *testing.T) {
	tests := []struct {
		line  string
		takes bool
	}{
		{`{"kind":"skill","name":"serde-basics","plugin":"","source":"bench","dir":"/p/serde-basics","description":"Serde's basics.","crates":["serde>=1.0","serde_json"]}`, true},
		{`{"kind":"skill","name":"a","plugin":"p","source":"s","dir":"/d"}`, true},
		{`{"kind":"skill","name":"a","crates":[]}`, true},
		{`{"kind":"skill","name":"ünïcödé","dir":"/d/ü"}`, true},
		{`{"kind":"skill","name":"a","name":"b","crates":["x"],"crates":["y","z"]}`, true},
		{`{}`, true},
		{`{"kind":"skill","description":"say \"hi\""}`, false},
		{`{"kind":"skill","description":"caf\u00e9"}`, false},
		{"{\"kind\":\"skill\",\"name\":\"bad \xff\"}", false},
		{`{"kind":"skill","Name":"a"}`, false},
		{`{"kind":"skill","future":"x"}`, false},
		{`{"kind":"skill","crates":null}`, false},
		{`{"kind":"skill","crates":["a",1]}`, false},
		{`{ "kind" : "skill" }`, false},
		{`{"kind":"skill","name":7}`, false},
	}
	for _, tt := range tests {
		var got Skill
		took := DecodeSkill([]byte(tt.line), &got)
		if took != tt.takes {
			t.Errorf("%s: DecodeSkill took it: %v, want %v", tt.line, took, tt.takes)
		}
		if !took {
			if !reflect.DeepEqual(got, Skill{}) {
				t.Errorf("%s: refused, but set %+v", tt.line, got)
			}
			continue
		}
		var want Skill
		if err := json.Unmarshal([]byte(tt.line), &want); err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nDecodeSkill %#v\njson        %#v", tt.line, got, want)
		}
	}
}

// FuzzDecodeSkill: whatever valid JSON object DecodeSkill takes, it decodes
// as encoding/json does.
func FuzzDecodeSkill(f *testing.F) {
	f.Add(`{"kind":"skill","name":"a","plugin":"","source":"s","dir":"/d","description":"x","crates":["a","b"]}`)
	f.Add(`{"kind":"skill","crates":[]}`)
	f.Add(`{"name":"a","name":"b"}`)
	f.Fuzz(func(t *testing.T, line string) {
		var want Skill
		if json.Unmarshal([]byte(line), &want) != nil || !json.Valid([]byte(line)) {
			return
		}
		var got Skill
		if DecodeSkill([]byte(line), &got) && !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nDecodeSkill %#v\njson        %#v", line, got, want)
		}
	})
}

// TestDecodeDep: a record DecodeDep takes decodes as encoding/json decodes
// it; any other is left to encoding/json.
func TestDecodeDep(t *testing.T) {
	tests := []struct {
		line  string
		takes bool
	}{
		{`{"kind":"dep","name":"serde","version":"1.0.210","dep_kind":"normal","member":"app","source":"registry+https://github.com/rust-lang/crates.io-index","req":"1","checksum":"abc"}`, true},
		{`{"kind":"dep","name":"local","version":"0.1.0","dep_kind":"dev","member":"app","source":"","path":"../local","renames":["loc"],"optional":true,"targets":["cfg(unix)","x86_64-pc-windows-msvc"]}`, true},
		{`{"kind":"dep","name":"x","version":"1.0.0","unresolved":true,"optional":false}`, true},
		{`{"kind":"dep","name":"x","renames":[],"targets":[]}`, true},
		{`{"kind":"dep","optional":true,"optional":false,"name":"a","name":"b"}`, true},
		{`{"kind":"dep","optional":null}`, false},
		{`{"kind":"dep","optional":1}`, false},
		{`{"kind":"dep","optional":"true"}`, false},
		{`{"kind":"dep","optional":tru}`, false},
		{`{"kind":"dep","renames":null}`, false},
		{`{"kind":"dep","name":"say \"hi\""}`, false},
		{`{"kind":"dep","Name":"a"}`, false},
		{`{"kind":"dep","future":"x"}`, false},
		{`{"kind":"dep","future":true}`, false},
		{`{"kind":"dep", "name":"a"}`, false},
	}
	for _, tt := range tests {
		var got Dep
		took := DecodeDep([]byte(tt.line), &got)
		if took != tt.takes {
			t.Errorf("%s: DecodeDep took it: %v, want %v", tt.line, took, tt.takes)
		}
		if !took {
			if !reflect.DeepEqual(got, Dep{}) {
				t.Errorf("%s: refused, but set %+v", tt.line, got)
			}
			continue
		}
		var want Dep
		if err := json.Unmarshal([]byte(tt.line), &want); err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nDecodeDep %#v\njson      %#v", tt.line, got, want)
		}
	}
}

// TestDecodeDepTakesWhatSymDepsWrites: every dep record our encoder
// writes, whatever fields are set, takes the fast path and reads back as
// written.
func TestDecodeDepTakesWhatSymDepsWrites(t *testing.T) {
	deps := []Dep{
		{Kind: KindDep, Name: "serde", Version: "1.0.0", DepKind: "normal", Member: "m", Source: "registry+https://github.com/rust-lang/crates.io-index", Req: "^1", Checksum: "00ff"},
		{Kind: KindDep, Name: "p", Version: "0.1.0", DepKind: "build", Member: "m", Path: "crates/p", Renames: []string{"q", "r"}, Optional: true, Unresolved: true, Targets: []string{"cfg(windows)"}},
		{Kind: KindDep, Name: "g", Version: "0.2.0", DepKind: "dev", Member: "m", Source: "git+https://example.com/g#0123"},
	}
	for _, d := range deps {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		if err := w.Write(d); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		line := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		var got Dep
		if !DecodeDep(line, &got) {
			t.Errorf("%s: not taken", line)
			continue
		}
		if !reflect.DeepEqual(got, d) {
			t.Errorf("%s:\nDecodeDep %#v\nwritten   %#v", line, got, d)
		}
	}
}

// FuzzDecodeDep: whatever valid JSON object DecodeDep takes, it decodes as
// encoding/json does.
func FuzzDecodeDep(f *testing.F) {
	f.Add(`{"kind":"dep","name":"a","version":"1","dep_kind":"normal","member":"m","source":"s","renames":["x"],"optional":true,"unresolved":false}`)
	f.Add(`{"kind":"dep","targets":[]}`)
	f.Add(`{"optional":true,"optional":false}`)
	f.Fuzz(func(t *testing.T, line string) {
		var want Dep
		if json.Unmarshal([]byte(line), &want) != nil || !json.Valid([]byte(line)) {
			return
		}
		var got Dep
		if DecodeDep([]byte(line), &got) && !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nDecodeDep %#v\njson      %#v", line, got, want)
		}
	})
}

// BenchmarkDecodeDep: a dep record as sym-deps writes it, through the fast
// path and through encoding/json (what sym-match did before DecodeDep).
func BenchmarkDecodeDep(b *testing.B) {
	line := []byte(`{"kind":"dep","name":"crate-0040","version":"1.0.0","dep_kind":"normal","member":"member-000","source":"registry+https://github.com/rust-lang/crates.io-index","req":"1"}`)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var d Dep
			if !DecodeDep(line, &d) {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var d Dep
			if err := json.Unmarshal(line, &d); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestFlatValid: the flat records our stages write are taken without
// encoding/json's scan; anything else is refused and left to it. Every
// line taken is valid JSON.
func TestFlatValid(t *testing.T) {
	tests := []struct {
		line  string
		takes bool
	}{
		{`{}`, true},
		{`{"kind":"action","op":"skill","agent":"claude,codex","path":"/ws/.claude/skills/a","status":"created","name":"a"}`, true},
		{`{"kind":"skill","name":"a","crates":["x","y"],"description":"ünïcödé"}`, true},
		{`{"kind":"dep","renames":[],"optional":true,"unresolved":false}`, true},
		{`{"kind":"x","a":"1","a":"2"}`, true}, // duplicate keys are valid JSON
		{`{"kind":"skill","crates":["x" "y"]}`, false},
		{`{"kind":"skill","crates":["x",]}`, false},
		{`{"kind":"skill","crates":[,"x"]}`, false},
		{`{"kind":"skill","crates":["x"}`, false},
		{`{"kind":"skill",}`, false},
		{`{"kind":"skill" "name":"a"}`, false},
		{`{"kind":"skill","name":"a"}x`, false},
		{`{"kind":"skill","name":"a"`, false},
		{`{"kind":"skill","name":"a}`, false},
		{`{"kind": "skill"}`, false},
		{`{"kind":"skill","n":1}`, false},
		{`{"kind":"skill","n":null}`, false},
		{`{"kind":"skill","n":{}}`, false},
		{`{"kind":"skill","n":truex}`, false},
		{`{"kind":"skill","n":"a\"b"}`, false},
		{"{\"kind\":\"skill\",\"n\":\"tab\there\"}", false},
		{"{\"kind\":\"skill\",\"n\":\"bad \xff\"}", false},
		{`[]`, false},
		{``, false},
	}
	for _, tt := range tests {
		if got := flatValid([]byte(tt.line)); got != tt.takes {
			t.Errorf("flatValid(%s) = %v, want %v", tt.line, got, tt.takes)
		}
		if tt.takes && !json.Valid([]byte(tt.line)) {
			t.Errorf("%s: taken, but not valid JSON", tt.line)
		}
	}
}

// FuzzFlatValid: whatever flatValid takes is valid JSON, so KindOf's
// verdict on any line is encoding/json's.
func FuzzFlatValid(f *testing.F) {
	f.Add(`{"kind":"action","op":"skill","path":"/a"}`)
	f.Add(`{"kind":"skill","crates":["a","b"],"x":true}`)
	f.Add(`{"kind":"x","a":["b",]}`)
	f.Fuzz(func(t *testing.T, line string) {
		if flatValid([]byte(line)) && !json.Valid([]byte(line)) {
			t.Errorf("%q: taken, but not valid JSON", line)
		}
		_, err := KindOf([]byte(line))
		var head struct {
			Kind string `json:"kind"`
		}
		jsonErr := json.Unmarshal([]byte(line), &head)
		if (err == nil) != (jsonErr == nil && head.Kind != "") {
			t.Errorf("%q: KindOf error %v, encoding/json %v (kind %q)", line, err, jsonErr, head.Kind)
		}
	})
}

// TestPlainStringEightAtATime: plainString looks at eight bytes at a time;
// a quote, backslash, control byte or non-ASCII byte at any place of a
// string of any length up to three chunks is found where it is.
func TestPlainStringEightAtATime(t *testing.T) {
	for n := 1; n <= 24; n++ {
		for at := 0; at < n; at++ {
			for _, c := range []string{`"`, `\`, "\t", "\x1f", "é", "\xff", "\x7f", " "} {
				s := strings.Repeat("a", at) + c + strings.Repeat("b", n-at-1)
				line := `{"kind":"x","v":"` + s + `"}`
				want := json.Valid([]byte(line)) && !strings.ContainsAny(s, "\\\"\t\x1f") && utf8.ValidString(s)
				if got := flatValid([]byte(line)); got != want {
					t.Errorf("flatValid(%q) = %v, want %v", line, got, want)
				}
				in := []byte(`"` + s + `"` + "tail")
				got, rest, ok := plainString(in)
				ref, refRest, refOK := bytePlainString(in)
				if ok != refOK || string(got) != string(ref) || string(rest) != string(refRest) {
					t.Errorf("plainString(%q) = %q, %q, %v; a byte at a time: %q, %q, %v", in, got, rest, ok, ref, refRest, refOK)
				}
			}
		}
	}
}

// bytePlainString is plainString a byte at a time, as it was written
// first: the reference for the eight-at-a-time one.
func bytePlainString(b []byte) (s, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	end := bytes.IndexByte(b[1:], '"')
	if end < 0 {
		return nil, nil, false
	}
	s = b[1 : 1+end]
	for _, c := range s {
		if c == '\\' || c < 0x20 {
			return nil, nil, false
		}
	}
	if !utf8.Valid(s) {
		return nil, nil, false
	}
	return s, b[2+end:], true
}

// FuzzPlainString: eight bytes at a time, plainString reads what it read a
// byte at a time.
func FuzzPlainString(f *testing.F) {
	f.Add([]byte(`"abcdefghijklmnop"rest`))
	f.Add([]byte(`"ab\"cd"`))
	f.Add([]byte("\"caf\xc3\xa9 \xff\""))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, rest, ok := plainString(in)
		ref, refRest, refOK := bytePlainString(in)
		if ok != refOK || string(got) != string(ref) || string(rest) != string(refRest) {
			t.Errorf("plainString(%q) = %q, %q, %v; a byte at a time: %q, %q, %v", in, got, rest, ok, ref, refRest, refOK)
		}
	})
}
