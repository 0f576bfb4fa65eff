package pos

import "testing"

func TestErrorAndSplit(t *testing.T) {
	tests := []struct {
		e    Error
		text string
	}{
		{Error{File: "a/Cargo.toml", Line: 7, Col: 1, Msg: "duplicate key"}, "a/Cargo.toml:7:1: duplicate key"},
		{Error{File: "SKILL.md", Line: 2, Msg: "bad"}, "SKILL.md:2: bad"},
		// A Windows path's drive letter is no line number.
		{Error{File: `C:\ws\Cargo.lock`, Line: 16, Col: 2, Msg: "dangling"}, `C:\ws\Cargo.lock:16:2: dangling`},
		{Error{File: "z:/ws/SKILL.md", Line: 3, Msg: "bad"}, "z:/ws/SKILL.md:3: bad"},
		{Error{File: "x.toml", Msg: "unreadable"}, "x.toml: unreadable"},
		{Error{Line: 3, Col: 4, Msg: "stdin"}, "3:4: stdin"},
		{Error{Msg: "plain"}, "plain"},
	}
	for _, tc := range tests {
		if got := tc.e.Error(); got != tc.text {
			t.Errorf("%+v.Error() = %q, want %q", tc.e, got, tc.text)
		}
	}
	for _, tc := range tests[:4] {
		if got := Split(tc.text); got != tc.e {
			t.Errorf("Split(%q) = %+v, want %+v", tc.text, got, tc.e)
		}
	}
	if got := Split("warning: no colon number"); got.Msg != "warning: no colon number" || got.File != "" {
		t.Errorf("Split of an unpositioned message = %+v", got)
	}
}
