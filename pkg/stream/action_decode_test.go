package stream

import (
	"encoding/json"
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
