package fileedit

import (
	"strings"
	"testing"
)

// TestPointer: keys escape as RFC 6901 says, "~" before "/", as the
// strings.Replacer this replaced did.
func TestPointer(t *testing.T) {
	tests := [][]string{
		{},
		{"hooks", "PreToolUse"},
		{"a/b", "c~d"},
		{"~1", "/0", "~/", "//~~"},
		{"", "mcpServers", "serde/mcp"},
	}
	for _, keys := range tests {
		var want strings.Builder
		for _, k := range keys {
			want.WriteString("/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(k))
		}
		if got := pointer(keys); got != want.String() {
			t.Errorf("pointer(%q) = %q, want %q", keys, got, want.String())
		}
	}
}
