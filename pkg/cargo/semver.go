package cargo

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds the small part of Cargo's semver rules that sym-deps needs:
// whether a locked version satisfies a requirement (to pick, among several
// locked versions of one crate, the one a declaration resolved to) and the
// lowest version a requirement allows (for a workspace without Cargo.lock).
// pkg/predicate owns full semver; importing Masterminds/semver here would cost
// its regex-heavy init on every sym-deps run.

// version is a parsed semver version; pre is the dot-separated pre-release.
type version struct {
	major, minor, patch uint64
	pre                 []string
}

func parseVersion(s string) (version, error) {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '+'); i >= 0 {
		s = s[:i]
	}
	var v version
	if i := strings.IndexByte(s, '-'); i >= 0 {
		v.pre = strings.Split(s[i+1:], ".")
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return v, fmt.Errorf("invalid version %q", s)
	}
	nums := [3]*uint64{&v.major, &v.minor, &v.patch}
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return v, fmt.Errorf("invalid version %q", s)
		}
		*nums[i] = n
	}
	return v, nil
}

// cmpPre orders pre-release lists; an empty list (a release) sorts last.
func cmpPre(a, b []string) int {
	switch {
	case len(a) == 0 && len(b) == 0:
		return 0
	case len(a) == 0:
		return 1
	case len(b) == 0:
		return -1
	}
	for i := 0; i < len(a) && i < len(b); i++ {
		an, aerr := strconv.ParseUint(a[i], 10, 64)
		bn, berr := strconv.ParseUint(b[i], 10, 64)
		switch {
		case aerr == nil && berr == nil:
			if an != bn {
				return cmpU(an, bn)
			}
		case aerr == nil: // numeric identifiers sort before alphanumeric ones
			return -1
		case berr == nil:
			return 1
		default:
			if c := strings.Compare(a[i], b[i]); c != 0 {
				return c
			}
		}
	}
	return cmpU(uint64(len(a)), uint64(len(b)))
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (v version) cmp(w version) int {
	if c := cmpU(v.major, w.major); c != 0 {
		return c
	}
	if c := cmpU(v.minor, w.minor); c != 0 {
		return c
	}
	if c := cmpU(v.patch, w.patch); c != 0 {
		return c
	}
	return cmpPre(v.pre, w.pre)
}

func (v version) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.major, v.minor, v.patch)
	if len(v.pre) > 0 {
		s += "-" + strings.Join(v.pre, ".")
	}
	return s
}

// comparator is one part of a requirement such as ">=1.2" or "~0.3.1".
// minor and patch are -1 when the requirement leaves them out (or writes *).
type comparator struct {
	op                  string // "*", "=", ">", ">=", "<", "<=", "~", "^"
	major, minor, patch int64
	pre                 []string
}

func parseReq(req string) ([]comparator, error) {
	req = strings.TrimSpace(req)
	if req == "" || req == "*" {
		return []comparator{{op: "*"}}, nil
	}
	var out []comparator
	for part := range strings.SplitSeq(req, ",") {
		c, err := parseComparator(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("invalid version requirement %q: %w", req, err)
		}
		out = append(out, c)
	}
	return out, nil
}

func parseComparator(s string) (comparator, error) {
	c := comparator{op: "^", minor: -1, patch: -1}
	for _, op := range []string{">=", "<=", "=", ">", "<", "~", "^"} {
		if strings.HasPrefix(s, op) {
			c.op, s = op, strings.TrimSpace(s[len(op):])
			break
		}
	}
	if i := strings.IndexByte(s, '+'); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '-'); i >= 0 {
		c.pre = strings.Split(s[i+1:], ".")
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) > 3 || s == "" {
		return c, fmt.Errorf("bad comparator %q", s)
	}
	nums := [3]*int64{&c.major, &c.minor, &c.patch}
	wild := false
	for i, p := range parts {
		if p == "*" || p == "x" || p == "X" {
			if i == 0 {
				return comparator{op: "*"}, nil
			}
			wild = true
			*nums[i] = -1
			continue
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n < 0 {
			return c, fmt.Errorf("bad comparator %q", s)
		}
		*nums[i] = n
	}
	if wild && c.op == "^" {
		c.op = "=" // "1.*" means "=1"
	}
	return c, nil
}

func (c comparator) low() version {
	return version{major: uint64(c.major), minor: uint64(max(c.minor, 0)), patch: uint64(max(c.patch, 0)), pre: c.pre}
}

func (c comparator) matches(v version) bool {
	M, m, p := uint64(c.major), uint64(c.minor), uint64(c.patch)
	switch c.op {
	case "*":
		return true
	case "=":
		switch {
		case c.minor < 0:
			return v.major == M
		case c.patch < 0:
			return v.major == M && v.minor == m
		}
		return v.cmp(c.low()) == 0
	case ">":
		switch {
		case c.minor < 0:
			return v.major > M
		case c.patch < 0:
			return v.major > M || v.major == M && v.minor > m
		}
		return v.cmp(c.low()) > 0
	case ">=":
		return v.cmp(c.low()) >= 0
	case "<":
		return v.cmp(c.low()) < 0
	case "<=":
		switch {
		case c.minor < 0:
			return v.major <= M
		case c.patch < 0:
			return v.major < M || v.major == M && v.minor <= m
		}
		return v.cmp(c.low()) <= 0
	case "~":
		if v.cmp(c.low()) < 0 {
			return false
		}
		if c.minor < 0 {
			return v.major == M
		}
		return v.major == M && v.minor == m
	case "^":
		if v.cmp(c.low()) < 0 {
			return false
		}
		switch {
		case M > 0 || c.minor < 0:
			return v.major == M
		case m > 0 || c.patch < 0:
			return v.major == 0 && v.minor == m
		}
		return v.major == 0 && v.minor == 0 && v.patch == p
	}
	return false
}

// reqMatches reports whether version v satisfies requirement req, with
// Cargo's rule that a pre-release only matches a comparator naming the same
// major.minor.patch with a pre-release.
func reqMatches(req, v string) (bool, error) {
	cs, err := parseReq(req)
	if err != nil {
		return false, err
	}
	ver, err := parseVersion(v)
	if err != nil {
		return false, err
	}
	for _, c := range cs {
		if !c.matches(ver) {
			return false, nil
		}
	}
	if len(ver.pre) == 0 {
		return true, nil
	}
	for _, c := range cs {
		if c.op != "*" && len(c.pre) > 0 && c.low().major == ver.major && c.low().minor == ver.minor && c.low().patch == ver.patch {
			return true, nil
		}
	}
	return false, nil
}

// lowestMatch returns the lowest version a requirement allows: the first
// comparator's version padded with zeros ("1.2" → 1.2.0, "*" → 0.0.0), one
// step up for ">", and 0.0.0 for an upper bound.
func lowestMatch(req string) (string, error) {
	cs, err := parseReq(req)
	if err != nil {
		return "", err
	}
	c := cs[0]
	switch c.op {
	case "*", "<", "<=":
		return "0.0.0", nil
	case ">":
		v := c.low()
		switch {
		case c.minor < 0:
			v = version{major: v.major + 1}
		case c.patch < 0:
			v = version{major: v.major, minor: v.minor + 1}
		case len(v.pre) > 0:
			v.pre = append(v.pre, "0")
		default:
			v.patch++
		}
		return v.String(), nil
	}
	return c.low().String(), nil
}
