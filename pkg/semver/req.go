package semver

import (
	"fmt"
	"strconv"
	"strings"

	msv "github.com/Masterminds/semver/v3"
)

// Op is a comparator operator, with Cargo's meaning.
type Op int

const (
	Exact     Op = iota // "=": the version, or every version of a partial one
	Greater             // ">"
	GreaterEq           // ">="
	Less                // "<"
	LessEq              // "<="
	Tilde               // "~": patch updates (minor ones for "~1")
	Caret               // "^" or no operator: updates that keep the leftmost non-zero number
)

// String returns Cargo's spelling of op.
func (op Op) String() string {
	return [...]string{"=", ">", ">=", "<", "<=", "~", "^"}[op]
}

// cargoOps maps Cargo's spellings to operators, longest first so that ">="
// is not read as ">".
var cargoOps = []struct {
	text string
	op   Op
}{{">=", GreaterEq}, {"<=", LessEq}, {"=", Exact}, {">", Greater}, {"<", Less}, {"~", Tilde}, {"^", Caret}}

// Comparator is one operator with a possibly partial version: minor and
// patch may be absent ("1", "1.2"). A pre-release is only allowed on a full
// version.
type Comparator struct {
	op                  Op
	major, minor, patch uint64
	hasMinor, hasPatch  bool
	pre                 string
	// full is the comparator's version when it has all three numbers; the
	// pre-release of a candidate is ordered against it.
	full *msv.Version
}

// ParseComparator parses the version after op. It returns a nil Comparator
// (no constraint) for a version that is all wildcards ("*"); "1.*" is not
// that: it is "=1".
func ParseComparator(op Op, ver string) (*Comparator, error) {
	nums, wild, err := parseNumbers(ver)
	if err != nil {
		return nil, err
	}
	c := &Comparator{op: op}
	_, pre, build := splitSuffixes(ver)
	if pre != "" || build != "" || strings.HasSuffix(ver, "-") || strings.HasSuffix(ver, "+") {
		if len(nums) != 3 || wild {
			return nil, fmt.Errorf("%q is not a version: a pre-release or build suffix needs major.minor.patch", ver)
		}
		// The full form goes through the strict parser, which checks the
		// pre-release and build identifiers.
		if _, err := msv.StrictNewVersion(ver); err != nil {
			return nil, fmt.Errorf("%q is not a version: %w", ver, err)
		}
	}
	// A wildcard after a number only makes the version partial (">1.*" is
	// ">1", as in the semver crate); a bare one means any version, which
	// only "=", "^" and "~" may say.
	if wild && len(nums) == 0 && op != Caret && op != Exact && op != Tilde {
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
		c.full = msv.New(c.major, c.minor, c.patch, pre, "")
	}
	c.pre = pre
	if wild && op == Caret {
		// Cargo reads "1.*" as "=1.*", which is ">=1.0.0, <2.0.0"; a
		// caret on a partial version means the same thing except for
		// "0.*"-style zero majors, so spell it out as exact-partial.
		c.op = Exact
	}
	return c, nil
}

// splitSuffixes splits "1.2.3-pre+build" into "1.2.3", "pre" and "build".
func splitSuffixes(ver string) (core, pre, build string) {
	core = ver
	if i := strings.IndexByte(core, '+'); i >= 0 {
		core, build = core[:i], core[i+1:]
	}
	if i := strings.IndexByte(core, '-'); i >= 0 {
		core, pre = core[:i], core[i+1:]
	}
	return core, pre, build
}

// parseNumbers returns the numbers of ver's major.minor.patch, up to the
// first wildcard ("*", "x" or "X"), and whether there was one.
func parseNumbers(ver string) (nums []uint64, wild bool, err error) {
	core, _, _ := splitSuffixes(ver)
	parts := strings.Split(core, ".")
	if len(parts) > 3 {
		return nil, false, fmt.Errorf("%q is not a version: more than three numbers", ver)
	}
	nums = make([]uint64, 0, 3)
	for _, p := range parts {
		switch {
		case p == "*" || p == "x" || p == "X":
			wild = true
			continue
		case wild:
			return nil, false, fmt.Errorf("%q is not a version: a number follows a wildcard", ver)
		case p == "" || strings.Trim(p, "0123456789") != "":
			return nil, false, fmt.Errorf("%q is not a version", ver)
		case len(p) > 1 && p[0] == '0':
			return nil, false, fmt.Errorf("%q is not a version: leading zero in %q", ver, p)
		}
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return nil, false, fmt.Errorf("%q is not a version: %w", ver, err)
		}
		nums = append(nums, n)
	}
	return nums, wild, nil
}

// Matches reports whether v satisfies c alone, including Cargo's
// pre-release rule.
func (c *Comparator) Matches(v Version) bool {
	return c.matchesIgnoringPre(v) && (v.Prerelease() == "" || c.allowsPre(v))
}

// allowsPre reports whether c lets a pre-release v match at all: it names
// a pre-release of v's major.minor.patch.
func (c *Comparator) allowsPre(v Version) bool {
	return c.hasMinor && c.hasPatch && c.pre != "" &&
		c.major == v.Major() && c.minor == v.Minor() && c.patch == v.Patch()
}

// matchesIgnoringPre follows the semver crate's matches_* functions, which
// define Cargo's semantics for partial versions.
func (c *Comparator) matchesIgnoringPre(v Version) bool {
	switch c.op {
	case Exact:
		return c.exact(v)
	case Greater:
		return c.greater(v)
	case GreaterEq:
		return c.exact(v) || c.greater(v)
	case Less:
		return c.less(v)
	case LessEq:
		return c.exact(v) || c.less(v)
	case Tilde:
		return c.tilde(v)
	case Caret:
		return c.caret(v)
	}
	return false
}

// comparePre orders v against c once their major.minor.patch are known to
// be equal: by pre-release, a partial c standing for a release.
func (c *Comparator) comparePre(v Version) int {
	if c.full != nil {
		return v.v.Compare(c.full)
	}
	if v.Prerelease() == "" {
		return 0
	}
	return -1
}

func (c *Comparator) exact(v Version) bool {
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

func (c *Comparator) greater(v Version) bool {
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
	return c.comparePre(v) > 0
}

func (c *Comparator) less(v Version) bool {
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
	return c.comparePre(v) < 0
}

func (c *Comparator) tilde(v Version) bool {
	if v.Major() != c.major {
		return false
	}
	if c.hasMinor && v.Minor() != c.minor {
		return false
	}
	if c.hasPatch && v.Patch() != c.patch {
		return v.Patch() > c.patch
	}
	return c.comparePre(v) >= 0
}

func (c *Comparator) caret(v Version) bool {
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
	return c.comparePre(v) >= 0
}

// Req is a Cargo version requirement: comparators that must all hold. The
// zero Req ("*") allows every release.
type Req struct {
	cs []*Comparator
}

// ParseReq parses a requirement as written in Cargo.toml: comparators
// separated by commas, each an optional operator (Cargo's: "=" is exact,
// none is "^") and a possibly partial or wildcard version.
func ParseReq(req string) (Req, error) {
	req = strings.TrimSpace(req)
	if req == "" {
		return Req{}, nil
	}
	var r Req
	for part := range strings.SplitSeq(req, ",") {
		part = strings.TrimSpace(part)
		op := Caret
		for _, o := range cargoOps {
			if rest, ok := strings.CutPrefix(part, o.text); ok {
				op, part = o.op, strings.TrimSpace(rest)
				break
			}
		}
		c, err := ParseComparator(op, part)
		if err != nil {
			return Req{}, fmt.Errorf("invalid version requirement %q: %w", req, err)
		}
		if c != nil {
			r.cs = append(r.cs, c)
		}
	}
	return r, nil
}

// Matches reports whether v satisfies every comparator of r, with Cargo's
// rule that a pre-release only matches when some comparator names a
// pre-release of the same major.minor.patch.
func (r Req) Matches(v Version) bool {
	for _, c := range r.cs {
		if !c.matchesIgnoringPre(v) {
			return false
		}
	}
	if v.Prerelease() == "" {
		return true
	}
	for _, c := range r.cs {
		if c.allowsPre(v) {
			return true
		}
	}
	return false
}

// Lowest returns the lowest version r allows, judged by its first
// comparator: its version padded with zeros ("1.2" → 1.2.0, "*" → 0.0.0),
// one step up for ">", and 0.0.0 for an upper bound.
func (r Req) Lowest() string {
	if len(r.cs) == 0 {
		return "0.0.0"
	}
	c := r.cs[0]
	major, minor, patch, pre := c.major, c.minor, c.patch, c.pre
	switch c.op {
	case Less, LessEq:
		return "0.0.0"
	case Greater:
		switch {
		case !c.hasMinor:
			major, minor, patch = major+1, 0, 0
		case !c.hasPatch:
			minor, patch = minor+1, 0
		case pre != "":
			pre += ".0"
		default:
			patch++
		}
	}
	return msv.New(major, minor, patch, pre, "").String()
}
