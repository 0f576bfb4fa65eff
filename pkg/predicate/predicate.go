// Package predicate parses and evaluates crate predicates (book: "Crate
// predicates"): a crate name with an optional version requirement, or "*".
// Versions compare the way Cargo compares them.
//
// This is the only package that imports Masterminds/semver.
package predicate

// API contract (implementation in progress; see predicate tests):
//
//	type Dep struct{ Name, Version string; Unresolved bool }
//	func NewSet(deps []Dep) *Set                 // index by normalized name ('-' == '_')
//	func ParseAtom(s string) (Atom, error)       // "serde", "serde>=1.0", "*", ...
//	func ParseList(items []string) (List, error) // TOML array (or one string)
//	func ParseCommaList(s string) (List, error)  // SKILL.md "serde, tokio>=1"
//	func (l List) Matches(s *Set) bool           // OR over atoms; empty list never matches
//	func (a Atom) Matches(s *Set) bool
//	func (a Atom) String() string; func (l List) String() string
