package pos

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

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

// TestOf: an error's place is kept as fields only when its text starts
// with it, so a record's place is the one its text line shows.
func TestOf(t *testing.T) {
	placed := Errorf("a.toml", 3, 0, "bad %q", "x")
	for _, tc := range []struct {
		name string
		err  error
		want Error
	}{
		{"positioned", placed, Error{File: "a.toml", Line: 3, Msg: `bad "x"`}},
		{"with a suffix", fmt.Errorf("%w; skipped", placed), Error{File: "a.toml", Line: 3, Msg: `bad "x"; skipped`}},
		{"with a prefix", fmt.Errorf("reading: %w", placed), Error{Msg: `reading: a.toml:3: bad "x"`}},
		{"plain text that looks placed", errors.New("b.toml:1:2: no"), Error{Msg: "b.toml:1:2: no"}},
		{"file only", Errorf("c.toml", 0, 0, "gone"), Error{File: "c.toml", Msg: "gone"}},
	} {
		if got := Of(tc.err); got != tc.want {
			t.Errorf("%s: Of = %+v, want %+v", tc.name, got, tc.want)
		}
		if got := Of(tc.err); got.String() != tc.err.Error() {
			t.Errorf("%s: text %q, want the error's %q", tc.name, got.String(), tc.err.Error())
		}
	}
	wrapped := Errorf("d.toml", 1, 1, "at: %w", io.EOF)
	if !errors.Is(wrapped, io.EOF) || wrapped.Error() != "d.toml:1:1: at: EOF" {
		t.Errorf("Errorf with %%w: %q, Is(EOF) %v", wrapped.Error(), errors.Is(wrapped, io.EOF))
	}
}
