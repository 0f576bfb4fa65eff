package acquire

import (
	"regexp"
	"strings"
	"testing"
)

// TestNameChecks: the name checks accept exactly what the patterns they
// replaced accepted.
func TestNameChecks(t *testing.T) {
	checks := []struct {
		name string
		ok   func(string) bool
		re   *regexp.Regexp
	}{
		{"asset", assetNameOK, regexp.MustCompile(`^[A-Za-z0-9._+-]{1,128}$`)},
		{"github part", ghPartOK, regexp.MustCompile(`^[A-Za-z0-9._-]{1,100}$`)},
	}
	inputs := []string{"", "a", "tool-v1.2_x86+64.tar.gz", ".", "..", "a b", "a/b", "ä", "a\n", "x$",
		strings.Repeat("a", 100), strings.Repeat("a", 101), strings.Repeat("a", 128), strings.Repeat("a", 129)}
	for _, c := range checks {
		for _, in := range inputs {
			if got, want := c.ok(in), c.re.MatchString(in); got != want {
				t.Errorf("%s(%q) = %v, want %v", c.name, in, got, want)
			}
		}
	}
}
