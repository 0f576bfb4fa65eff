package stream

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestDecodeAction: the fast path decodes what sym-install writes exactly
// as encoding/json does, and leaves every other record (escapes, spaces,
// other spellings, other types, bytes that are not UTF-8) to it.
func TestDecodeAction(t *testing.T) {
	written, err := json.Marshal(Action{Kind: KindAction, Op: "skill", Agent: "claude",
		Path: "/ws/.claude/skills/serde-ünï", Status: StatusCreated, Name: "serde", Detail: "moved to .agents/skills"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   string
		fast bool // decoded by the fast path
	}{
		{"as sym-install writes it", string(written), true},
		{"without the optional fields", `{"kind":"action","op":"hook","agent":"codex","path":"/ws/.codex/hooks.json","status":"unchanged"}`, true},
		{"empty object", `{}`, true},
		{"an escape", `{"kind":"action","path":"/ws/a\"b","status":"created"}`, false},
		{"a unicode escape", `{"kind":"action","path":"/ws/\u00e9","status":"created"}`, false},
		{"spaces between tokens", `{"kind": "action", "status": "created"}`, false},
		{"another spelling of a field", `{"kind":"action","Status":"created"}`, false},
		{"an unknown field", `{"kind":"action","status":"created","extra":"x"}`, false},
		{"a null", `{"kind":"action","name":null}`, false},
		{"a number", `{"kind":"action","name":3}`, false},
		{"not UTF-8", "{\"kind\":\"action\",\"path\":\"/ws/\xff\"}", false},
		{"a duplicate: the last wins", `{"kind":"action","status":"created","status":"removed"}`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got, want Action
			fast := DecodeAction([]byte(tc.in), &got)
			if fast != tc.fast {
				t.Fatalf("fast path taken = %v, want %v", fast, tc.fast)
			}
			if !fast {
				return
			}
			if err := json.Unmarshal([]byte(tc.in), &want); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("decodeAction = %+v, encoding/json = %+v", got, want)
			}
		})
	}
}

// TestNextAction: reading a stream with NextAction gives the records,
// line numbers, actions and errors that Next and encoding/json give,
// whatever the lines hold.
func TestNextAction(t *testing.T) {
	long := `{"kind":"action","op":"skill","path":"/ws/` + strings.Repeat("ü", 40<<10) + `","status":"created"}`
	lines := []string{
		`{"kind":"action","op":"skill","agent":"codex,gemini","path":"/ws/.agents/skills/a","status":"created","name":"a"}`,
		``,
		`   {"kind":"action","op":"hook","agent":"claude","path":"/ws/.claude/settings.json","status":"unchanged","detail":"PreToolUse"}  `,
		"{\"kind\":\"action\",\"op\":\"manifest\",\"path\":\"/ws/m\",\"status\":\"updated\"}\r",
		`{"kind":"gate_input","agent":"codex","path":"/home/.codex/config.toml"}`,
		`{"kind":"actions","op":"skill","path":"/x"}`,
		`{"kind":"action","path":"/x","kind":"gate_input"}`,
		`{"kind":"gate_input","path":"/x","kind":"action"}`,
		`{"path":"/x","kind":"action"}`,
		`{"kind":"action","path":"/ws/a\"b","status":"created"}`,
		`{"kind":"action","Status":"created"}`,
		`{"kind":"action","name":null}`,
		"{\"kind\":\"action\",\"path\":\"/ws/\xff\"}",
		`{"kind":"action","path":"/ws/日本","path":"/ws/second"}`,
		`{"kind":"action"}`,
		`{"kind":"gate","agent":"kiro","problem":"p","fix":"f\nx"}`,
		long,
		`{"kind":"action","op":"skill","path":"/last","status":"created"}`, // no newline after it
	}
	in := strings.Join(lines, "\n")
	for _, bad := range []string{"", "\n{\"kind\":\"action\",\"path\":\"/x\"\n", "\nnot json\n", "\n{\"kind\":\"action\",\"path\":\"/x\"}}\n"} {
		stream := in + bad
		viaNext, viaNextAction := readBothWays(t, stream, KindAction, (*Reader).NextAction)
		if !reflect.DeepEqual(viaNext, viaNextAction) {
			t.Errorf("stream ending %q:\nNext       %+v\nNextAction %+v", bad, viaNext, viaNextAction)
		}
	}
}

// BenchmarkNextAction reads 1,500 actions as sym-install writes them.
func BenchmarkNextAction(b *testing.B) {
	var in bytes.Buffer
	w := NewWriter(&in)
	for i := range 1500 {
		w.Write(Action{Kind: KindAction, Op: "skill", Agent: "codex,copilot,gemini,goose,opencode", Path: fmt.Sprintf("/home/u/ws/.agents/skills/skill-%04d", i), Status: StatusCreated, Name: fmt.Sprintf("skill-%04d", i)})
	}
	w.Flush()
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(in.Bytes()), "bench")
		for {
			var a Action
			if _, _, err := r.NextAction(&a); err != nil {
				break
			}
		}
	}
}

// TestNextSkill: reading a stream with NextSkill gives the records, line
// numbers, skills and errors that Next and encoding/json give.
func TestNextSkill(t *testing.T) {
	lines := []string{
		`{"kind":"workspace","root":"/ws","members":[{"name":"a","version":"0.1.0"}]}`,
		`{"kind":"source","name":"bench","dir":"/p","inputs":["/p"],"tree":["/p/g"]}`,
		`{"kind":"skill","name":"skill-0000","plugin":"","source":"bench","dir":"/p/g/skill-0000","description":"Generated skill 0.","crates":["crate-0000>=1.0","b"]}`,
		`{"kind":"skill","name":"a","dir":"/d","crates":[]}`,
		`{"kind":"skill","name":"ü","dir":"/d/日本","dir":"/d/second","crates":["x"],"crates":["y","z"]}`,
		`{"kind":"skills","dir":"/x"}`,
		`{"kind":"skill","dir":"/x","kind":"hook"}`,
		`{"kind":"hook","dir":"/x","kind":"skill"}`,
		`{"kind":"skill","description":"say \"hi\"","dir":"/x"}`,
		`{"kind":"skill","Dir":"/x"}`,
		`{"kind":"skill","crates":null}`,
		"{\"kind\":\"skill\",\"dir\":\"/\xff\"}",
		`{"kind":"hook","plugin":"p","name":"h","event":"PreToolUse","command":"x"}`,
		`{"kind":"skill","name":"last","dir":"/last"}`,
	}
	for _, bad := range []string{"", "\nnot json\n", "\n{\"kind\":\"skill\",\"crates\":[\"a\"}\n"} {
		in := strings.Join(lines, "\n") + bad
		viaNext, viaNextSkill := readBothWays(t, in, KindSkill, (*Reader).NextSkill)
		if !reflect.DeepEqual(viaNext, viaNextSkill) {
			t.Errorf("stream ending %q:\nNext      %+v\nNextSkill %+v", bad, viaNext, viaNextSkill)
		}
	}
}

// readRec is a record as a test of NextAction or NextSkill compares it.
type readRec[T flatRecord] struct {
	kind string
	line int
	rec  T
	err  string
}

// readBothWays reads stream with Next, decoding each record of kind with
// encoding/json, and with next (NextAction or NextSkill), decoding with
// encoding/json only what next did not decode, which it must have left
// as it was.
func readBothWays[T flatRecord](t *testing.T, stream, kind string, next func(*Reader, *T) (Raw, bool, error)) (viaNext, viaFast []readRec[T]) {
	t.Helper()
	rd := NewReader(strings.NewReader(stream), "s")
	for {
		raw, err := rd.Next()
		if err != nil {
			viaNext = append(viaNext, readRec[T]{err: err.Error()})
			break
		}
		r := readRec[T]{kind: raw.Kind, line: raw.Line}
		if raw.Kind == kind {
			if err := json.Unmarshal(raw.Data, &r.rec); err != nil {
				t.Fatal(err)
			}
		}
		viaNext = append(viaNext, r)
	}
	rd = NewReader(strings.NewReader(stream), "s")
	for {
		var v T
		raw, decoded, err := next(rd, &v)
		if err != nil {
			viaFast = append(viaFast, readRec[T]{err: err.Error()})
			break
		}
		r := readRec[T]{kind: raw.Kind, line: raw.Line, rec: v}
		if !decoded && raw.Kind == kind {
			var zero T
			if !reflect.DeepEqual(v, zero) {
				t.Errorf("line %d: not decoded, but set %+v", raw.Line, v)
			}
			if err := json.Unmarshal(raw.Data, &r.rec); err != nil {
				t.Fatal(err)
			}
		}
		viaFast = append(viaFast, r)
	}
	return viaNext, viaFast
}
