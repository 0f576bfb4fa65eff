package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestDiag(t *testing.T) {
	var text, js bytes.Buffer
	for _, d := range []Diag{{W: &text, Prog: "sym-x"}, {W: &js, Prog: "sym-x", JSON: true}} {
		d.Warn(pos.Warning{File: "/p/SYMPOSIUM.toml", Line: 5, Col: 1, Msg: "unknown field"})
		d.Warn(pos.Warning{File: "/p/SKILL.md", Line: 3, Msg: "bad"})
		d.Warnf(`plugin source "x": cannot clone`)
		// Text that looks like a place is not read back as one.
		d.Warnf("%s", "a.toml:2: looks placed\nsecond line")
		d.Error(&pos.Error{File: "/w/Cargo.toml", Line: 7, Col: 1, Msg: "duplicate key"})
		d.Error(fmt.Errorf("%w; skipped", pos.Errorf("/p/x.toml", 4, 0, "bad")))
		// Wrapped behind a prefix: the record's place is still a field.
		d.Error(fmt.Errorf("reading: %w", pos.Errorf("/p/y.toml", 1, 2, "bad")))
		// Two places: the innermost one is where the problem is.
		d.Error(fmt.Errorf("loading: %w", pos.Errorf("/p/a.toml", 3, 0, "plugin x: %w", pos.Errorf("/p/b.md", 5, 1, "no name"))))
	}
	wantText := `sym-x: warning: /p/SYMPOSIUM.toml:5:1: unknown field
sym-x: warning: /p/SKILL.md:3: bad
sym-x: warning: plugin source "x": cannot clone
sym-x: warning: a.toml:2: looks placed
sym-x: warning: second line
sym-x: error: /w/Cargo.toml:7:1: duplicate key
sym-x: error: /p/x.toml:4: bad; skipped
sym-x: error: reading: /p/y.toml:1:2: bad
sym-x: error: loading: /p/a.toml:3: plugin x: /p/b.md:5:1: no name
`
	if diff := cmp.Diff(wantText, text.String()); diff != "" {
		t.Errorf("text (-want +got)\n%s", diff)
	}
	want := []stream.Diagnostic{
		{Kind: "warning", File: "/p/SYMPOSIUM.toml", Line: 5, Column: 1, Message: "unknown field"},
		{Kind: "warning", File: "/p/SKILL.md", Line: 3, Message: "bad"},
		{Kind: "warning", Message: `plugin source "x": cannot clone`},
		{Kind: "warning", Message: "a.toml:2: looks placed"},
		{Kind: "warning", Message: "second line"},
		{Kind: "error", File: "/w/Cargo.toml", Line: 7, Column: 1, Message: "duplicate key"},
		{Kind: "error", File: "/p/x.toml", Line: 4, Message: "bad; skipped"},
		{Kind: "error", File: "/p/y.toml", Line: 1, Column: 2, Message: "reading: bad"},
		{Kind: "error", File: "/p/b.md", Line: 5, Column: 1, Message: "loading: /p/a.toml:3: plugin x: no name"},
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
