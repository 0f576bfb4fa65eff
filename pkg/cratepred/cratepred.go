// Package cratepred parses and evaluates crate predicates (book: "Crate
// predicates"): a crate name with an optional version requirement, or "*".
// Versions compare the way Cargo compares them.
//
// Grammar of one atom:
//
//	atom = "*" | name [ws] [op [ws] version]
//	name = letter { letter | digit | "_" | "-" }
//	op   = ">=" | ">" | "<=" | "<" | "^" | "~" | "=" | "==" | "*"
//
// "=1.0" is Cargo-compatible ("^1.0"), "==1.0.219" is exact, and partial
// versions ("1", "1.2") follow Cargo's rules, not Masterminds' defaults:
// ">1.0" means ">=1.1.0", "<=1.5" means "<1.6.0", "~1" means
// ">=1.0.0, <2.0.0". A pre-release version matches only a comparator that
// names a pre-release of the same major.minor.patch, as in Cargo.
//
// Versions and comparators are pkg/semver's, the project's one version
// comparison.
package cratepred

import (
	"fmt"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/semver"
)

// Dep is one direct dependency of the workspace.
type Dep struct {
	Name    string
	Version string
	// Unresolved marks a dependency whose version is not known (no
	// Cargo.lock entry). It matches bare-name and "*" atoms only.
	Unresolved bool
}

// Set is a workspace's direct dependency set, indexed by normalized crate
// name. A nil *Set is an empty set.
type Set struct {
	byName map[string][]depVersion
}

type depVersion struct {
	raw string
	v   semver.Version
	ok  bool // false when unresolved or unparsable
}

// Normalize returns the name under which crates.io and Cargo consider two
// crate names the same: '-' and '_' are interchangeable. Case is kept:
// Cargo treats crate names case-sensitively in manifests.
func Normalize(name string) string {
	return strings.ReplaceAll(name, "-", "_")
}

// NewSet indexes deps by normalized name. A dependency whose version does
// not parse is kept as unresolved: it still satisfies a bare-name atom.
func NewSet(deps []Dep) *Set {
	s := &Set{byName: make(map[string][]depVersion, len(deps))}
	for _, d := range deps {
		dv := depVersion{raw: d.Version}
		if !d.Unresolved && d.Version != "" {
			if v, err := semver.Parse(d.Version); err == nil {
				dv.v, dv.ok = v, true
			}
		}
		k := Normalize(d.Name)
		s.byName[k] = append(s.byName[k], dv)
	}
	return s
}

// versionsOf is s.byName[Normalize(name)] without making the normalized
// name (an allocation for every name with a '-', on every match of every
// skill's crates): a crate name up to 64 bytes is normalized on the stack,
// and a map index with string(bytes) allocates nothing.
func (s *Set) versionsOf(name string) []depVersion {
	if len(name) > 64 || strings.IndexByte(name, '-') < 0 {
		return s.byName[Normalize(name)]
	}
	var buf [64]byte
	b := buf[:len(name)]
	for i := 0; i < len(name); i++ {
		if b[i] = name[i]; b[i] == '-' {
			b[i] = '_'
		}
	}
	return s.byName[string(b)]
}

// Has reports whether the set has a dependency named name (any version).
func (s *Set) Has(name string) bool {
	if s == nil {
		return false
	}
	_, ok := s.byName[Normalize(name)]
	return ok
}

// Versions returns the versions recorded for name, in input order; an
// unresolved dependency contributes "?".
func (s *Set) Versions(name string) []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, dv := range s.byName[Normalize(name)] {
		if !dv.ok {
			out = append(out, "?")
			continue
		}
		out = append(out, dv.raw)
	}
	return out
}

// Len returns the number of distinct crate names in the set.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	return len(s.byName)
}

// Error is a malformed atom. Atom is the text as given, so the message
// names it; callers add the file position.
type Error struct {
	Atom string
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("invalid crate predicate %q: %s", e.Atom, e.Msg)
}

// Atom is one parsed crate predicate.
type Atom struct {
	raw      string
	wildcard bool
	name     string
	op       string // as written: ">=", "=", "==", ... ; "" for a bare name
	version  string // as written, after the operator
	cmp      *semver.Comparator
}

// Wildcard reports whether a is "*".
func (a Atom) Wildcard() bool { return a.wildcard }

// Name returns the crate name as written ("" for "*").
func (a Atom) Name() string { return a.name }

// Requirement returns the version requirement as written without spaces
// (">=1.0"), or "" for a bare name or "*".
func (a Atom) Requirement() string { return a.op + a.version }

// String returns the canonical text of a: the name followed directly by the
// requirement, e.g. "tokio^1.40" for "tokio ^1.40".
func (a Atom) String() string {
	if a.wildcard {
		return "*"
	}
	return a.name + a.op + a.version
}

// Matches reports whether the workspace has a dependency satisfying a. When
// the workspace has several versions of the crate, any one of them will do.
func (a Atom) Matches(s *Set) bool {
	if a.wildcard {
		return true
	}
	if s == nil {
		return false
	}
	for _, dv := range s.versionsOf(a.name) {
		if a.cmp == nil {
			return true
		}
		if dv.ok && a.cmp.Matches(dv.v) {
			return true
		}
	}
	return false
}

// Explain says why a does not match s, or returns "" if it does.
func (a Atom) Explain(s *Set) string {
	if a.Matches(s) {
		return ""
	}
	vs := s.Versions(a.name)
	if len(vs) == 0 {
		return fmt.Sprintf("%s (%s is not a direct dependency)", a, a.name)
	}
	return fmt.Sprintf("%s (workspace has %s %s)", a, a.name, strings.Join(vs, ", "))
}

// List is a crates field: it matches when any of its atoms matches. An
// empty list matches nothing.
type List []Atom

// Matches reports whether any atom of l matches s.
func (l List) Matches(s *Set) bool {
	for _, a := range l {
		if a.Matches(s) {
			return true
		}
	}
	return false
}

// Explain says why l does not match s, naming each atom that failed, or
// returns "" if l matches.
func (l List) Explain(s *Set) string {
	if l.Matches(s) {
		return ""
	}
	if len(l) == 0 {
		return "empty crates list matches nothing"
	}
	parts := make([]string, len(l))
	for i, a := range l {
		parts[i] = a.Explain(s)
	}
	return "no atom matched: " + strings.Join(parts, "; ")
}

// String joins the atoms with ", ", the SKILL.md form.
func (l List) String() string {
	parts := make([]string, len(l))
	for i, a := range l {
		parts[i] = a.String()
	}
	return strings.Join(parts, ", ")
}

// Names returns the crate names of l in order, without "*".
func (l List) Names() []string {
	var out []string
	for _, a := range l {
		if !a.wildcard {
			out = append(out, a.name)
		}
	}
	return out
}

// ParseList parses a TOML crates array. A single TOML string is the
// one-element list []string{s}.
func ParseList(items []string) (List, error) {
	l := make(List, 0, len(items))
	for _, it := range items {
		a, err := ParseAtom(it)
		if err != nil {
			return nil, err
		}
		l = append(l, a)
	}
	return l, nil
}

// ParseCommaList parses a SKILL.md crates value: atoms separated by commas.
func ParseCommaList(s string) (List, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &Error{Atom: strings.TrimSpace(s), Msg: "empty crates list"}
	}
	return ParseList(strings.Split(s, ","))
}

// ParseAtom parses one crate predicate. It is written by hand rather than
// with a regexp: compiling one at init costs every binary that links us.
func ParseAtom(s string) (Atom, error) {
	s = strings.TrimSpace(s)
	raw := s
	fail := func(format string, args ...any) (Atom, error) {
		return Atom{}, &Error{Atom: raw, Msg: fmt.Sprintf(format, args...)}
	}
	if s == "" {
		return fail("empty crate atom")
	}
	if s == "*" {
		return Atom{raw: raw, wildcard: true}, nil
	}
	i := 0
	for i < len(s) && isNameByte(s[i]) {
		i++
	}
	if i == 0 {
		if opLen(s) > 0 || isDigit(s[0]) {
			return fail("missing crate name before the version requirement")
		}
		return fail("invalid character %q at the start of a crate name", s[0])
	}
	name := s[:i]
	if !isLetter(name[0]) {
		return fail("crate name %q must start with a letter", name)
	}
	rest := strings.TrimLeft(s[i:], " \t")
	if rest == "" {
		return Atom{raw: raw, name: name}, nil
	}
	n := opLen(rest)
	if n == 0 {
		if isNameByte(rest[0]) {
			return fail("unexpected %q after crate name %q (want an operator such as >=, or a comma between atoms)", rest, name)
		}
		return fail("invalid character %q after crate name %q", rest[0], name)
	}
	op := rest[:n]
	ver := strings.TrimLeft(rest[n:], " \t")
	if op == "*" {
		// "name*" is Cargo's "*" requirement: any version.
		if ver != "" {
			return fail("unexpected %q after \"*\"", ver)
		}
		return Atom{raw: raw, name: name, op: "=", version: "*"}, nil
	}
	if ver == "" {
		return fail("missing version after %q", op)
	}
	c, err := parseComparator(op, ver)
	if err != nil {
		return fail("%v", err)
	}
	return Atom{raw: raw, name: name, op: op, version: ver, cmp: c}, nil
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isNameByte(b byte) bool {
	return isLetter(b) || isDigit(b) || b == '_' || b == '-'
}

// opLen returns the length of the operator at the start of s, or 0.
func opLen(s string) int {
	if len(s) >= 2 {
		switch s[:2] {
		case ">=", "<=", "==":
			return 2
		}
	}
	switch s[0] {
	case '>', '<', '=', '^', '~', '*':
		return 1
	}
	return 0
}
