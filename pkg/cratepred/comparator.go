package cratepred

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/semver"
)

// parseComparator parses the version after op, a predicate operator: the
// predicate "=" is Cargo's caret, the predicate "==" is Cargo's "=". It
// returns nil (no constraint) for a version that is all wildcards.
func parseComparator(op, ver string) (*semver.Comparator, error) {
	var o semver.Op
	switch op {
	case "==":
		o = semver.Exact
	case ">":
		o = semver.Greater
	case ">=":
		o = semver.GreaterEq
	case "<":
		o = semver.Less
	case "<=":
		o = semver.LessEq
	case "~":
		o = semver.Tilde
	case "^", "=":
		o = semver.Caret
	default:
		return nil, fmt.Errorf("unknown operator %q", op)
	}
	return semver.ParseComparator(o, ver)
}
