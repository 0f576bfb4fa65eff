package term

import (
	"strings"
	"testing"
)

func TestSafe(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"lines\n\tand tabs", "lines\n\tand tabs"},
		{"w\x1b[2J\x1b]0;pwned\x07idget", `w\u001b[2J\u001b]0;pwned\u0007idget`},
		{"csi \u009b31m", `csi \u009b31m`},
		{"rtl\u202eexe.txt", `rtl\u202eexe.txt`},
		{"cr\rdel\x7f", `cr\u000ddel\u007f`},
		{"bad \xff utf8", `bad \xff utf8`},
		{"Ünïcode 名前 ✅", "Ünïcode 名前 ✅"},
	} {
		if got := Safe(tc.in); got != tc.want {
			t.Errorf("Safe(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSafeWriter: escapes pass through, and a character split across
// writes (a pipe's chunks) arrives whole, not as two invalid bytes.
func TestSafeWriter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		writes []string
		want   string
	}{
		{"escape", []string{"name \x1b[2J\n"}, `name \u001b[2J` + "\n"},
		{"split rune", []string{"ok \xe2\x9c", "\x85 done\n"}, "ok ✅ done\n"},
		{"split escape", []string{"a\x1b", "[2J"}, `a\u001b[2J`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			w := SafeWriter(&b)
			for _, s := range tc.writes {
				if n, err := w.Write([]byte(s)); err != nil || n != len(s) {
					t.Fatalf("Write(%q) = %d, %v", s, n, err)
				}
			}
			if b.String() != tc.want {
				t.Errorf("wrote %q, want %q", b.String(), tc.want)
			}
		})
	}
}
