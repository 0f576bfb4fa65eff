// Package hookmatch is how a stored hook's matcher selects a tool by its
// names without a regexp: the common matchers (Bash, Edit|Write) are
// alternations of plain names, which a regexp over the whole name matches
// exactly. The full hook (pkg/dispatch) compiles the others; the lean
// sym-hook (pkg/hookfast), which links no regexp, leaves them to it.
package hookmatch

import "strings"

// PlainNames reports whether matcher is an alternation of plain names:
// letters, digits, '_' and '|' only.
func PlainNames(matcher string) bool {
	for i := 0; i < len(matcher); i++ {
		switch c := matcher[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '|':
		default:
			return false
		}
	}
	return true
}

// AnyAlternative reports whether one of names is one of the '|'-separated
// names in alts: what ^(?:alts)$ matches of them when PlainNames(alts).
// An empty alternative matches only the empty name.
func AnyAlternative(alts string, names []string) bool {
	for {
		alt, rest, more := strings.Cut(alts, "|")
		for _, n := range names {
			if alt == n {
				return true
			}
		}
		if !more {
			return false
		}
		alts = rest
	}
}
