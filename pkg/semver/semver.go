// Package semver is Cargo's semver: versions ordered as Cargo orders them,
// and Cargo's version requirements (">=1.2, <2", "~0.3", "1.*", a bare
// "1.2" meaning "^1.2").
//
// It is the project's one version comparison. Versions are parsed and
// ordered by Masterminds/semver (strict semver 2.0, the form Cargo.lock and
// crates.io hold; its precedence is Cargo's). Requirements are written out
// here instead of using Masterminds' constraints, whose semantics differ
// from Cargo's for partial versions and pre-releases: ">1.0" means
// ">=1.1.0", "<=1.5" means "<1.6.0", "~1" means ">=1.0.0, <2.0.0", and a
// pre-release version matches only a requirement that names a pre-release
// of the same major.minor.patch.
package semver

import (
	"strings"

	msv "github.com/Masterminds/semver/v3"
)

// Version is a parsed strict semver version such as "1.2.3-rc.1+build".
// The zero Version is invalid; use Parse.
type Version struct {
	v *msv.Version
}

// Parse parses a strict semver version: major.minor.patch without leading
// zeros, with an optional pre-release and build suffix.
func Parse(s string) (Version, error) {
	v, err := msv.StrictNewVersion(s)
	if err != nil {
		return Version{}, err
	}
	return Version{v}, nil
}

// ParseLoose also accepts what Masterminds coerces to a version ("v1.2",
// "1.2"), for version text that did not come from Cargo.
func ParseLoose(s string) (Version, error) {
	v, err := msv.NewVersion(s)
	if err != nil {
		return Version{}, err
	}
	return Version{v}, nil
}

// Major returns the major number.
func (v Version) Major() uint64 { return v.v.Major() }

// Minor returns the minor number.
func (v Version) Minor() uint64 { return v.v.Minor() }

// Patch returns the patch number.
func (v Version) Patch() uint64 { return v.v.Patch() }

// Prerelease returns the pre-release without its "-", or "".
func (v Version) Prerelease() string { return v.v.Prerelease() }

// String returns the version as parsed.
func (v Version) String() string { return v.v.Original() }

// Compare orders v and w by semver precedence: numbers, then a pre-release
// before its release, identifiers numerically or in ASCII order. Build
// metadata is ignored.
func (v Version) Compare(w Version) int { return v.v.Compare(w.v) }

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
