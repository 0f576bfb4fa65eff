package cargoagents

import (
	"slices"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/plugin"
)

// TestBuiltinsReserved: a plugin may not name a subcommand after one of
// ours (the manifest parser refuses it), so every builtin, help included,
// must be on the parser's list.
func TestBuiltinsReserved(t *testing.T) {
	names := []string{"help"}
	for _, c := range commands {
		names = append(names, c.name)
	}
	for _, n := range names {
		if !slices.Contains(plugin.ReservedSubcommands, n) {
			t.Errorf("builtin %q is not in plugin.ReservedSubcommands", n)
		}
	}
}
