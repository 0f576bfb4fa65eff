package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestDiag(t *testing.T) {
	var text, js bytes.Buffer
	for _, d := range []Diag{{W: &text, Prog: "sym-x"}, {W: &js, Prog: "sym-x", JSON: true}} {
		d.Warn("/p/SYMPOSIUM.toml:5:1: unknown field\n/p/SKILL.md:3: bad")
		d.Warn(`plugin source "x": cannot clone`)
		d.Error(&pos.Error{File: "/w/Cargo.toml", Line: 7, Col: 1, Msg: "duplicate key"})
	}
	wantText := `sym-x: warning: /p/SYMPOSIUM.toml:5:1: unknown field
sym-x: warning: /p/SKILL.md:3: bad
sym-x: warning: plugin source "x": cannot clone
sym-x: error: /w/Cargo.toml:7:1: duplicate key
`
	if diff := cmp.Diff(wantText, text.String()); diff != "" {
		t.Errorf("text (-want +got)\n%s", diff)
	}
	want := []stream.Diagnostic{
		{Kind: "warning", File: "/p/SYMPOSIUM.toml", Line: 5, Column: 1, Message: "unknown field"},
		{Kind: "warning", File: "/p/SKILL.md", Line: 3, Message: "bad"},
		{Kind: "warning", Message: `plugin source "x": cannot clone`},
		{Kind: "error", File: "/w/Cargo.toml", Line: 7, Column: 1, Message: "duplicate key"},
	}
	var got []stream.Diagnostic
	for _, line := range strings.Split(strings.TrimSpace(js.String()), "\n") {
		var d stream.Diagnostic
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got = append(got, d)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records (-want +got)\n%s", diff)
	}
}
