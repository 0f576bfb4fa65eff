// Package semver is Cargo's semver: versions ordered as Cargo orders them,
// and Cargo's version requirements (">=1.2, <2", "~0.3", "1.*", a bare
// "1.2" meaning "^1.2").
//
// It is the project's one version comparison. Versions are parsed and
// ordered as Masterminds/semver does (strict semver 2.0, the form
// Cargo.lock and crates.io hold; its precedence is Cargo's), by code of
// our own (version.go) that the tests hold to it. Requirements are written
// out here instead of using Masterminds' constraints, whose semantics differ
// from Cargo's for partial versions and pre-releases: ">1.0" means
// ">=1.1.0", "<=1.5" means "<1.6.0", "~1" means ">=1.0.0, <2.0.0", and a
// pre-release version matches only a requirement that names a pre-release
// of the same major.minor.patch.
package semver

import (
	"strings"
)

// Version is a parsed strict semver version such as "1.2.3-rc.1+build".
// The zero Version is invalid; use Parse.
type Version struct {
	v *version
}

// Parse parses a strict semver version: major.minor.patch without leading
// zeros, with an optional pre-release and build suffix.
func Parse(s string) (Version, error) {
	v, err := parseStrict(s)
	if err != nil {
		return Version{}, err
	}
	return Version{v}, nil
}

// ParseLoose also accepts what Masterminds coerces to a version ("v1.2",
// "1.2"), for version text that did not come from Cargo.
func ParseLoose(s string) (Version, error) {
	v, err := parseLoose(s)
	if err != nil {
		return Version{}, err
	}
	return Version{v}, nil
}

// Major returns the major number.
func (v Version) Major() uint64 { return v.v.major }

// Minor returns the minor number.
func (v Version) Minor() uint64 { return v.v.minor }

// Patch returns the patch number.
func (v Version) Patch() uint64 { return v.v.patch }

// Prerelease returns the pre-release without its "-", or "".
func (v Version) Prerelease() string { return v.v.pre }

// String returns the version as parsed.
func (v Version) String() string { return v.v.original }

// Compare orders v and w by semver precedence: numbers, then a pre-release
// before its release, identifiers numerically or in ASCII order. Build
// metadata is ignored.
func (v Version) Compare(w Version) int { return v.v.compare(w.v) }

// Compare orders two version strings: valid versions by precedence (see
// Version.Compare), before any that do not parse, which sort as strings.
// It is a total order, so it can sort records whatever their versions.
func Compare(a, b string) int {
	if a == b {
		return 0
	}
	va, erra := Parse(a)
	vb, errb := Parse(b)
	switch {
	case erra == nil && errb == nil:
		return va.Compare(vb)
	case erra == nil:
		return -1
	case errb == nil:
		return 1
	}
	return strings.Compare(a, b)
}
