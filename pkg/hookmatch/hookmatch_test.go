package hookmatch

import (
	"regexp"
	"testing"
)

// The plain-name fast path must agree with the anchored regexp it replaces.
func TestPlainNamesAgreeWithRegexp(t *testing.T) {
	matchers := []string{
		"Bash", "Edit|Write", "Edit|Write|MultiEdit", "|", "||", "Bash|", "|Bash", "Bash||Read",
		"a", "A", "_", "0", "bash", "run_shell_command", "mcp__server__tool", "Read1|Read2",
		"Edit|Edit", "Ed", "dit",
	}
	names := []string{
		"", "Bash", "bash", "BASH", "Bas", "Bashh", "xBash", "Edit", "Write", "EditWrite", "Edit|Write",
		"MultiEdit", "Read", "Read1", "Read2", "Read12", "a", "A", "_", "0", "run_shell_command",
		"mcp__server__tool", "|", "Ed", "dit", "Edit\n", "\nEdit",
	}
	for _, m := range matchers {
		if !PlainNames(m) {
			t.Fatalf("PlainNames(%q) = false", m)
		}
		re := regexp.MustCompile("^(?:" + m + ")$")
		for _, n := range names {
			if got, want := AnyAlternative(m, []string{n}), re.MatchString(n); got != want {
				t.Errorf("matcher %q, name %q: %v, regexp says %v", m, n, got, want)
			}
		}
	}
	for _, m := range []string{"*", "Bash.*", "Edit|Wri.e", "(Bash)", "Bash?", "[A-Z]ash", "^Bash$", "Bash Read", "Bash-x", "é", `\w+`, "a{2}"} {
		if PlainNames(m) {
			t.Errorf("PlainNames(%q) = true", m)
		}
	}
}
