package semver

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// version is a parsed version: its numbers, its pre-release (without the
// "-") and its text as given. Parsing and ordering behave as
// Masterminds/semver v3.5's StrictNewVersion, NewVersion and Compare,
// error texts included (TestAsMasterminds and FuzzAsMasterminds hold them
// to it). That package compiles four regular expressions when a binary
// starts, 0.3 ms and 200 KB in each of sym-deps, sym-match and
// sym-install, where a sync waits for their start-up.
type version struct {
	major, minor, patch uint64
	pre                 string
	original            string
}

// maxVersionLen bounds the text parsed.
const maxVersionLen = 256

var (
	errInvalidSemVer     = errors.New("invalid semantic version")
	errEmptyString       = errors.New("version string empty")
	errInvalidCharacters = errors.New("invalid characters in version")
	errSegmentStartsZero = errors.New("version segment starts with 0")
	errInvalidMetadata   = errors.New("invalid metadata string")
	errInvalidPrerelease = errors.New("invalid prerelease string")
	errVersionTooLong    = fmt.Errorf("version string is too long (max %d bytes)", maxVersionLen)
)

// parseStrict parses major.minor.patch[-pre][+build], each number without
// a leading zero.
func parseStrict(s string) (*version, error) {
	if s == "" {
		return nil, errEmptyString
	}
	if len(s) > maxVersionLen {
		return nil, errVersionTooLong
	}
	parts := strings.SplitN(s, ".", 3)
	if len(parts) != 3 {
		return nil, errInvalidSemVer
	}
	v := &version{original: s}
	if rest, build, ok := strings.Cut(parts[2], "+"); ok {
		if err := checkIdentifiers(build, errInvalidMetadata, false); err != nil {
			return nil, err
		}
		parts[2] = rest
	}
	if rest, pre, ok := strings.Cut(parts[2], "-"); ok {
		if err := checkIdentifiers(pre, errInvalidPrerelease, true); err != nil {
			return nil, err
		}
		parts[2], v.pre = rest, pre
	}
	for _, p := range parts {
		if !allDigits(p) {
			return nil, errInvalidCharacters
		}
		if len(p) > 1 && p[0] == '0' {
			return nil, errSegmentStartsZero
		}
	}
	nums := [3]*uint64{&v.major, &v.minor, &v.patch}
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return nil, err
		}
		*nums[i] = n
	}
	return v, nil
}

// parseLoose also takes a leading "v", a missing minor or patch ("1",
// "1.2": zero) and numbers with leading zeros.
func parseLoose(s string) (*version, error) {
	if len(s) > maxVersionLen {
		return nil, errVersionTooLong
	}
	rest := strings.TrimPrefix(s, "v")
	var digits [3]string
	for i := range digits {
		if i > 0 {
			after, ok := strings.CutPrefix(rest, ".")
			if !ok || leadingDigits(after) == "" {
				break
			}
			rest = after
		}
		digits[i] = leadingDigits(rest)
		if digits[i] == "" {
			return nil, errInvalidSemVer
		}
		rest = rest[len(digits[i]):]
	}
	v := &version{original: s}
	var build string
	if after, ok := strings.CutPrefix(rest, "-"); ok {
		v.pre, rest = cutIdentifiers(after)
		if v.pre == "" {
			return nil, errInvalidSemVer
		}
	}
	if after, ok := strings.CutPrefix(rest, "+"); ok {
		if build, rest = cutIdentifiers(after); build == "" {
			return nil, errInvalidSemVer
		}
	}
	if rest != "" {
		return nil, errInvalidSemVer
	}
	nums := [3]*uint64{&v.major, &v.minor, &v.patch}
	for i, d := range digits {
		if d == "" {
			continue
		}
		n, err := strconv.ParseUint(d, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("error parsing version segment: %w", err)
		}
		*nums[i] = n
	}
	if v.pre != "" {
		if err := checkIdentifiers(v.pre, errInvalidPrerelease, true); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// newVersion is the version of these numbers and pre-release, its text
// spelt out.
func newVersion(major, minor, patch uint64, pre string) *version {
	v := &version{major: major, minor: minor, patch: patch, pre: pre}
	v.original = strconv.FormatUint(major, 10) + "." + strconv.FormatUint(minor, 10) + "." + strconv.FormatUint(patch, 10)
	if pre != "" {
		v.original += "-" + pre
	}
	return v
}

// compare orders by semver precedence: the numbers, then a pre-release
// before its release, then the pre-release identifiers, a number before
// any other, numbers numerically, others in byte order, a shorter list
// first when one is a prefix of the other.
func (v *version) compare(o *version) int {
	for _, d := range [...]int{cmpUint(v.major, o.major), cmpUint(v.minor, o.minor), cmpUint(v.patch, o.patch)} {
		if d != 0 {
			return d
		}
	}
	switch {
	case v.pre == o.pre:
		return 0
	case v.pre == "":
		return 1
	case o.pre == "":
		return -1
	}
	vs, os := strings.Split(v.pre, "."), strings.Split(o.pre, ".")
	for i := 0; i < len(vs) || i < len(os); i++ {
		var a, b string
		if i < len(vs) {
			a = vs[i]
		}
		if i < len(os) {
			b = os[i]
		}
		if d := comparePart(a, b); d != 0 {
			return d
		}
	}
	return 0
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// comparePart orders two pre-release identifiers ("" when a list has run
// out, which comes first).
func comparePart(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return -1
	case b == "":
		return 1
	}
	an, aerr := strconv.ParseUint(a, 10, 64)
	bn, berr := strconv.ParseUint(b, 10, 64)
	switch {
	case aerr != nil && berr != nil:
		if a > b {
			return 1
		}
		return -1
	case berr != nil:
		return -1 // a number first
	case aerr != nil:
		return 1
	case an > bn:
		return 1
	}
	return -1
}

// checkIdentifiers checks dot-separated identifiers of [0-9A-Za-z-], none
// empty (else bad); with numeric, an all-digit one may not start with 0.
func checkIdentifiers(s string, bad error, numeric bool) error {
	for _, id := range strings.Split(s, ".") {
		switch {
		case id == "":
			return bad
		case allDigits(id):
			if numeric && len(id) > 1 && id[0] == '0' {
				return errSegmentStartsZero
			}
		case !allIdentChars(id):
			return bad
		}
	}
	return nil
}

// cutIdentifiers returns the dot-separated identifiers at the front of s
// (none: "") and what follows them.
func cutIdentifiers(s string) (ids, rest string) {
	end := 0
	for {
		n := 0
		for end+n < len(s) && isIdentChar(s[end+n]) {
			n++
		}
		if n == 0 {
			if end > 0 {
				end-- // the "." before: not part of them
			}
			return s[:end], s[end:]
		}
		end += n
		if end == len(s) || s[end] != '.' {
			return s[:end], s[end:]
		}
		end++
	}
}

func leadingDigits(s string) string {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return s[:n]
}

func allDigits(s string) bool { return len(leadingDigits(s)) == len(s) }

func allIdentChars(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

func isIdentChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-'
}
