package plugin

import (
	"regexp"
	"strings"
	"testing"
)

// TestInstallationFieldChecks: the field checks accept exactly what the
// patterns they replaced accepted.
func TestInstallationFieldChecks(t *testing.T) {
	checks := []struct {
		name string
		ok   func(string) bool
		re   *regexp.Regexp
	}{
		{"crate", crateNameOK, regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)},
		{"version", versionOK, regexp.MustCompile(`^[0-9A-Za-z.+=^~<>*, -]{1,64}$`)},
		{"file name", fileNameOK, regexp.MustCompile(`^[A-Za-z0-9._+-]{1,128}$`)},
		{"sha256", sha256OK, regexp.MustCompile(`^[0-9a-f]{64}$`)},
	}
	inputs := []string{"", "a", "-a", "_a", "serde_json", "tokio-util", ">=1.0, <2", "^1.2.3", "~1", "*", "1.0.0+build=x",
		"tool-v1.2_x86+64.tar.gz", ".", "..", "a b", "a/b", "ä", "a\n", "x$", "a\x00",
		strings.Repeat("a", 64), strings.Repeat("a", 65), strings.Repeat("a", 128), strings.Repeat("a", 129),
		strings.Repeat("0f", 32), strings.Repeat("0F", 32), strings.Repeat("0f", 32) + "0", strings.Repeat("g", 64)}
	for _, c := range checks {
		for _, in := range inputs {
			if got, want := c.ok(in), c.re.MatchString(in); got != want {
				t.Errorf("%s(%q) = %v, want %v", c.name, in, got, want)
			}
		}
	}
}
