package predicate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// cmpOp is a Cargo comparator operator after aliases are resolved: the
// predicate "=" is Cargo's caret, the predicate "==" is Cargo's "=".
type cmpOp int

const (
	opExact cmpOp = iota
	opGreater
	opGreaterEq
	opLess
	opLessEq
	opTilde
	opCaret
)

// comparator is one Cargo comparator with a possibly partial version:
// minor and patch may be absent ("1", "1.2"). A pre-release is only
// allowed on a full version.
type comparator struct {
	op                  cmpOp
	major, minor, patch uint64
	hasMinor, hasPatch  bool
	pre                 string
}

// parseComparator parses the version after op. It returns a nil comparator
// (no constraint) for a version that is all wildcards ("*", "=1.*" is not
// that: it is "=1").
func parseComparator(op, ver string) (*comparator, error) {
	c := &comparator{}
	switch op {
	case "==":
		c.op = opExact
	case ">":
		c.op = opGreater
	case ">=":
		c.op = opGreaterEq
	case "<":
		c.op = opLess
	case "<=":
		c.op = opLessEq
	case "~":
		c.op = opTilde
	case "^", "=":
		c.op = opCaret
	default:
		return nil, fmt.Errorf("unknown operator %q", op)
	}

	core, pre, build := ver, "", ""
	if i := strings.IndexByte(core, '+'); i >= 0 {
		core, build = core[:i], core[i+1:]
	}
	if i := strings.IndexByte(core, '-'); i >= 0 {
		core, pre = core[:i], core[i+1:]
	}
	parts := strings.Split(core, ".")
	if len(parts) > 3 {
		return nil, fmt.Errorf("%q is not a version: more than three numbers", ver)
	}
	nums := make([]uint64, 0, 3)
	wild := false
	for _, p := range parts {
		switch {
		case p == "*" || p == "x" || p == "X":
			wild = true
			continue
		case wild:
			return nil, fmt.Errorf("%q is not a version: a number follows a wildcard", ver)
		case p == "" || !allDigits(p):
			return nil, fmt.Errorf("%q is not a version", ver)
		case len(p) > 1 && p[0] == '0':
			return nil, fmt.Errorf("%q is not a version: leading zero in %q", ver, p)
		}
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a version: %w", ver, err)
		}
		nums = append(nums, n)
	}
	if pre != "" || build != "" || strings.HasSuffix(ver, "-") || strings.HasSuffix(ver, "+") {
		if len(nums) != 3 || wild {
			return nil, fmt.Errorf("%q is not a version: a pre-release or build suffix needs major.minor.patch", ver)
		}
		// The full form goes through semver's strict parser, which checks
		// the pre-release and build identifiers.
		if _, err := semver.StrictNewVersion(ver); err != nil {
			return nil, fmt.Errorf("%q is not a version: %w", ver, err)
		}
	}
	if wild && c.op != opCaret && c.op != opExact && c.op != opTilde {
		return nil, fmt.Errorf("wildcard version %q cannot follow %q", ver, op)
	}
	if len(nums) == 0 {
		return nil, nil // "*": any version
	}
	c.major = nums[0]
	if len(nums) > 1 {
		c.minor, c.hasMinor = nums[1], true
	}
	if len(nums) > 2 {
		c.patch, c.hasPatch = nums[2], true
	}
	c.pre = pre
	if wild && c.op == opCaret {
		// Cargo reads "1.*" as "=1.*", which is ">=1.0.0, <2.0.0"; a
		// caret on a partial version means the same thing except for
		// "0.*"-style zero majors, so spell it out as exact-partial.
		c.op = opExact
	}
	return c, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// matches reports whether v satisfies c, including Cargo's pre-release
// rule: a pre-release version only matches a comparator that names a
// pre-release of the same major.minor.patch.
func (c *comparator) matches(v *semver.Version) bool {
	if !c.matchesIgnoringPre(v) {
		return false
	}
	if v.Prerelease() == "" {
		return true
	}
	return c.hasMinor && c.hasPatch && c.pre != "" &&
		c.major == v.Major() && c.minor == v.Minor() && c.patch == v.Patch()
}

// matchesIgnoringPre follows the semver crate's matches_* functions, which
// define Cargo's semantics for partial versions.
func (c *comparator) matchesIgnoringPre(v *semver.Version) bool {
	switch c.op {
	case opExact:
		return c.exact(v)
	case opGreater:
		return c.greater(v)
	case opGreaterEq:
		return c.exact(v) || c.greater(v)
	case opLess:
		return c.less(v)
	case opLessEq:
		return c.exact(v) || c.less(v)
	case opTilde:
		return c.tilde(v)
	case opCaret:
		return c.caret(v)
	}
	return false
}

func (c *comparator) exact(v *semver.Version) bool {
	if v.Major() != c.major {
		return false
	}
	if c.hasMinor && v.Minor() != c.minor {
		return false
	}
	if c.hasPatch && v.Patch() != c.patch {
		return false
	}
	return v.Prerelease() == c.pre
}

func (c *comparator) greater(v *semver.Version) bool {
	if v.Major() != c.major {
		return v.Major() > c.major
	}
	if !c.hasMinor {
		return false
	}
	if v.Minor() != c.minor {
		return v.Minor() > c.minor
	}
	if !c.hasPatch {
		return false
	}
	if v.Patch() != c.patch {
		return v.Patch() > c.patch
	}
	return comparePre(v.Prerelease(), c.pre) > 0
}

func (c *comparator) less(v *semver.Version) bool {
	if v.Major() != c.major {
		return v.Major() < c.major
	}
	if !c.hasMinor {
		return false
	}
	if v.Minor() != c.minor {
		return v.Minor() < c.minor
	}
	if !c.hasPatch {
		return false
	}
	if v.Patch() != c.patch {
		return v.Patch() < c.patch
	}
	return comparePre(v.Prerelease(), c.pre) < 0
}

func (c *comparator) tilde(v *semver.Version) bool {
	if v.Major() != c.major {
		return false
	}
	if c.hasMinor && v.Minor() != c.minor {
		return false
	}
	if c.hasPatch && v.Patch() != c.patch {
		return v.Patch() > c.patch
	}
	return comparePre(v.Prerelease(), c.pre) >= 0
}

func (c *comparator) caret(v *semver.Version) bool {
	if v.Major() != c.major {
		return false
	}
	if !c.hasMinor {
		return true
	}
	if !c.hasPatch {
		if c.major > 0 {
			return v.Minor() >= c.minor
		}
		return v.Minor() == c.minor
	}
	switch {
	case c.major > 0:
		if v.Minor() != c.minor {
			return v.Minor() > c.minor
		}
		if v.Patch() != c.patch {
			return v.Patch() > c.patch
		}
	case c.minor > 0:
		if v.Minor() != c.minor {
			return false
		}
		if v.Patch() != c.patch {
			return v.Patch() > c.patch
		}
	default:
		if v.Minor() != c.minor || v.Patch() != c.patch {
			return false
		}
	}
	return comparePre(v.Prerelease(), c.pre) >= 0
}

// comparePre orders pre-release strings by semver precedence: no
// pre-release sorts after any pre-release; identifiers compare numerically
// when both are numeric, numeric before alphanumeric, otherwise by ASCII;
// a shorter list that is a prefix of a longer one sorts first.
func comparePre(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	case b == "":
		return -1
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if d := compareIdent(as[i], bs[i]); d != 0 {
			return d
		}
	}
	switch {
	case len(as) < len(bs):
		return -1
	case len(as) > len(bs):
		return 1
	}
	return 0
}

func compareIdent(a, b string) int {
	an, bn := allDigits(a), allDigits(b)
	switch {
	case an && bn:
		// Compare by length first: no leading zeros, and no overflow.
		if len(a) != len(b) {
			if len(a) < len(b) {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	case an:
		return -1
	case bn:
		return 1
	}
	return strings.Compare(a, b)
}
