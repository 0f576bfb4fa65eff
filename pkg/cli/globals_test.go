package cli

import (
	"reflect"
	"testing"
)

// TestGlobalsFlagsRoundTrip: what cargo-agents hands a delegated command
// (Flags) parses back to the same options there, so an --update the user
// did not give stays unset and that command's sync auto-updates.
func TestGlobalsFlagsRoundTrip(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"--update", "fetch"},
		{"-q", "--json"},
		{"--update=offline", "-v", "--jq", ".kind"},
	} {
		g, _, err := ParseGlobals(args)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		back, rest, err := ParseGlobals(g.Flags())
		if err != nil || len(rest) > 0 {
			t.Fatalf("%q: Flags %q parse back: %v, rest %q", args, g.Flags(), err, rest)
		}
		if !reflect.DeepEqual(back, g) {
			t.Errorf("%q: Flags %q parse back as %+v, want %+v", args, g.Flags(), back, g)
		}
		want := "auto"
		if g.UpdateSet {
			want = g.Update
		}
		if got := back.SyncUpdate(); got != want {
			t.Errorf("%q: SyncUpdate = %q there, want %q", args, got, want)
		}
	}
}
