package sourcecmd

import (
	"regexp"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
)

// TestRegistryHit: the crate registry is asked about the exact name only,
// and the note says what was and was not searched; never "cargo fetch".
func TestRegistryHit(t *testing.T) {
	crateRegistry(t)
	t.Chdir(t.TempDir())
	dirs := config.Dirs{Cache: t.TempDir()}
	tests := []struct {
		query, update string
		note          string // regexp
	}{
		{"widget", plugin.UpdateNone, `^looked up only as the exact crate name "widget" \(its index cannot be searched by substring\): crate widget 1\.2\.0 embeds no agent plugin$`},
		{"nosuch", plugin.UpdateNone, `exact crate name "nosuch" .*, and there is no crate of that name$`},
		{"widget", plugin.UpdateOffline, `^not searched \(--update offline\); online, it is looked up only as the exact crate name "widget"`},
		{"two words", plugin.UpdateNone, `^not searched: "two words" is not a crate name$`},
	}
	for _, tt := range tests {
		hit, note := registryHit(dirs, Globals{Globals: cli.Globals{Update: tt.update}}, tt.query)
		if hit != nil {
			t.Errorf("%s (%s): hit %+v, want none", tt.query, tt.update, hit)
		}
		if !regexp.MustCompile(tt.note).MatchString(note) {
			t.Errorf("%s (%s): note %q, want /%s/", tt.query, tt.update, note, tt.note)
		}
		if regexp.MustCompile(`cargo fetch`).MatchString(note) {
			t.Errorf("%s: note says to run cargo fetch: %q", tt.query, note)
		}
	}
}
