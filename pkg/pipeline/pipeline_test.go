package pipeline

import "testing"

// TestUnder: only the skills inside a local source or the workspace have
// their files recorded; a skill in a git clone or in cargo's registry, or
// one in a directory whose name merely starts like a root's, does not.
func TestUnder(t *testing.T) {
	roots := []string{"/src/local", "/home/u/ws"}
	tests := []struct {
		dir  string
		want bool
	}{
		{"/src/local/skill", true},
		{"/src/local/group/deep/skill", true},
		{"/home/u/ws/skills/notes", true},
		{"/home/u/ws", true},
		{"/src/local-other/skill", false},
		{"/home/u/.symposium/cache/plugin-sources/team/skill", false},
		{"/home/u/.cargo/registry/src/index/serde-1.0.0/skills/x", false},
	}
	for _, tc := range tests {
		if got := len(under([]string{tc.dir}, roots)) == 1; got != tc.want {
			t.Errorf("under(%q): kept = %v, want %v", tc.dir, got, tc.want)
		}
	}
}
