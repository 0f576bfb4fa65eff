package plugin

import (
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// TestPlaced: a crate warning keeps its manifest line as fields (for
// --json records), with the same text as before warnings were values.
func TestPlaced(t *testing.T) {
	for _, tc := range []struct {
		at   pos.Error
		want pos.Warning
		text string
	}{
		{pos.Error{File: "p/SYMPOSIUM.toml", Line: 7}, pos.Warning{File: "p/SYMPOSIUM.toml", Line: 7, Msg: "crate x 1.0: gone"}, "p/SYMPOSIUM.toml:7: crate x 1.0: gone"},
		{pos.Error{File: "[plugins] use"}, pos.Warning{Msg: "[plugins] use: crate x 1.0: gone"}, "[plugins] use: crate x 1.0: gone"},
	} {
		got := placed(tc.at, "crate %s %s: %v", "x", "1.0", "gone")
		if got != tc.want || got.String() != tc.text {
			t.Errorf("placed(%+v) = %+v (%q), want %+v (%q)", tc.at, got, got.String(), tc.want, tc.text)
		}
	}
}
