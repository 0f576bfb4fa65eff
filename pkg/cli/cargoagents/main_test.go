package cargoagents

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGlobalOptionsAnywhere: the book's global options (-q, --update) are
// taken before or after the subcommand, and never past a "--".
func TestGlobalOptionsAnywhere(t *testing.T) {
	tests := []struct {
		args       []string
		wantRest   []string
		wantQuiet  bool
		wantUpdate string
	}{
		{[]string{"--add-agent", "claude", "-q"}, []string{"--add-agent", "claude"}, true, "none"},
		{[]string{"--update", "fetch", "list"}, []string{"list"}, false, "fetch"},
		{[]string{"--check", "--update=check", "--quiet"}, []string{"--check"}, true, "check"},
		{[]string{"claude", "pre-tool-use"}, []string{"claude", "pre-tool-use"}, false, "none"},
		{[]string{"x", "--", "-q"}, []string{"x", "--", "-q"}, false, "none"},
	}
	for _, tc := range tests {
		g := &globals{update: "none"}
		rest := g.takeAll(tc.args)
		if diff := cmp.Diff(tc.wantRest, rest); diff != "" || g.quiet != tc.wantQuiet || g.update != tc.wantUpdate {
			t.Errorf("takeAll(%q) = %q, quiet %v, update %q; want quiet %v, update %q (-want +got):\n%s",
				tc.args, rest, g.quiet, g.update, tc.wantQuiet, tc.wantUpdate, diff)
		}
	}
}
