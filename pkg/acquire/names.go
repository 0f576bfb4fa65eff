package acquire

import "strings"

// nameOf reports whether s is 1 to max bytes, each an ASCII letter or
// digit or one of the bytes in extra: the names a download or a GitHub
// path part may have. A loop, not a regexp: a bounded repetition such as
// {1,128} compiles into a program of thousands of instructions, which
// every process linking this package built at start-up.
func nameOf(s string, max int, extra string) bool {
	if len(s) == 0 || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(extra, c) >= 0) {
			return false
		}
	}
	return true
}
