package cratepred

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMatchVersion checks each operator against Cargo's semantics, with
// partial and full versions. Expectations follow the semver crate
// (Cargo's) documentation of comparators, e.g. ">1.0" is ">=1.1.0".
func TestMatchVersion(t *testing.T) {
	tests := []struct {
		atom    string
		version string
		want    bool
	}{
		// Bare names match any version, pre-releases included.
		{"serde", "1.0.219", true},
		{"serde", "0.0.1", true},
		{"serde", "2.0.0-beta.1", true},

		// >=
		{"serde>=1", "1.0.0", true},
		{"serde>=1", "0.9.9", false},
		{"serde>=1.0", "1.0.0", true},
		{"serde>=1.0", "0.99.0", false},
		{"serde>=1.2", "1.1.9", false},
		{"serde>=1.2", "1.2.0", true},
		{"serde>=1.0.219", "1.0.218", false},
		{"serde>=1.0.219", "1.0.219", true},
		{"serde>=1.0.219", "3.0.0", true},
		{"tokio>=1.40", "1.40.0", true},
		{"tokio>=1.40", "1.39.3", false},

		// >
		{"tokio>1.40", "1.40.9", false}, // >1.40 is >=1.41.0
		{"tokio>1.40", "1.41.0", true},
		{"serde>1.0", "1.0.5", false},
		{"serde>1.0", "1.1.0", true},
		{"serde>1", "1.9.9", false}, // >1 is >=2.0.0
		{"serde>1", "2.0.0", true},
		{"serde>1.0.0", "1.0.0", false},
		{"serde>1.0.0", "1.0.1", true},

		// <
		{"regex<2.0", "1.99.99", true},
		{"regex<2.0", "2.0.0", false},
		{"regex<1.0", "0.9.0", true},
		{"regex<1.0", "1.0.0", false},
		{"regex<2", "1.11.1", true},
		{"regex<2", "2.0.1", false},
		{"regex<1.5.3", "1.5.2", true},
		{"regex<1.5.3", "1.5.3", false},

		// <=
		{"regex<=2.0", "2.0.9", true}, // <=2.0 is <2.1.0
		{"regex<=2.0", "2.1.0", false},
		{"regex<=1.5", "1.5.99", true},
		{"regex<=1.5", "1.6.0", false},
		{"regex<=1", "1.99.0", true}, // <=1 is <2.0.0
		{"regex<=1", "2.0.0", false},
		{"regex<=1.5.3", "1.5.3", true},
		{"regex<=1.5.3", "1.5.4", false},

		// ^ and its alias =
		{"serde^1.0", "1.0.0", true},
		{"serde^1.0", "1.99.0", true},
		{"serde^1.0", "2.0.0", false},
		{"serde^1.0", "0.9.0", false},
		{"serde^1.2.3", "1.2.2", false},
		{"serde^1.2.3", "1.2.3", true},
		{"serde^1.2.3", "1.9.0", true},
		{"serde^1", "1.0.0", true},
		{"serde^1", "2.0.0", false},
		{"serde^0.2", "0.2.0", true},
		{"serde^0.2", "0.2.9", true},
		{"serde^0.2", "0.3.0", false},
		{"serde^0.2.3", "0.2.2", false},
		{"serde^0.2.3", "0.2.5", true},
		{"serde^0.2.3", "0.3.0", false},
		{"serde^0.0.3", "0.0.3", true}, // ^0.0.3 is =0.0.3
		{"serde^0.0.3", "0.0.4", false},
		{"serde^0.0", "0.0.7", true}, // ^0.0 is <0.1.0
		{"serde^0.0", "0.1.0", false},
		{"serde^0", "0.99.0", true}, // ^0 is <1.0.0
		{"serde^0", "1.0.0", false},
		{"serde=1.0", "1.0.219", true},
		{"serde=1.0", "1.5.0", true},
		{"serde=1.0", "2.0.0", false},
		{"widgetlib=2.0", "2.3.1", true},
		{"widgetlib=2.0", "1.9.0", false},
		{"serde=0.2", "0.3.0", false},
		{"tokio ^1.40", "1.41.0", true},
		{"tokio ^1.40", "1.39.0", false},

		// ~
		{"serde~1.2", "1.2.0", true},
		{"serde~1.2", "1.2.99", true},
		{"serde~1.2", "1.3.0", false},
		{"serde~1.2", "1.1.9", false},
		{"serde~1", "1.0.0", true},
		{"serde~1", "1.99.0", true}, // ~1 is >=1.0.0, <2.0.0
		{"serde~1", "2.0.0", false},
		{"serde~1.2.3", "1.2.2", false},
		{"serde~1.2.3", "1.2.3", true},
		{"serde~1.2.3", "1.2.9", true},
		{"serde~1.2.3", "1.3.0", false},
		{"serde~0.2", "0.2.5", true},
		{"serde~0.2", "0.3.0", false},

		// == (exact)
		{"serde==1.0.219", "1.0.219", true},
		{"serde==1.0.219", "1.0.220", false},
		{"serde==1.0.219", "1.0.219+build.5", true}, // build metadata is ignored
		{"serde==1.0", "1.0.219", true},             // partial: =1.0 in Cargo, >=1.0.0, <1.1.0
		{"serde==1.0", "1.1.0", false},
		{"serde==1", "1.7.0", true},
		{"serde==1", "2.0.0", false},

		// Wildcards, Cargo's "*" requirement.
		{"serde*", "0.1.0", true},
		{"serde=*", "9.9.9", true},
		{"serde=1.*", "1.4.0", true},
		{"serde=1.*", "2.0.0", false},
		{"serde==1.2.x", "1.2.7", true},
		{"serde==1.2.x", "1.3.0", false},

		// Pre-releases match only a comparator naming a pre-release of
		// the same major.minor.patch.
		{"serde>=1.0", "2.0.0-beta.1", false},
		{"serde>=1.0", "1.5.0-rc.1", false},
		{"serde>=2.0.0-alpha", "2.0.0-beta.1", true},
		{"serde>=2.0.0-alpha", "2.0.0-alpha", true},
		{"serde>=2.0.0-beta.2", "2.0.0-beta.1", false},
		{"serde>=2.0.0-beta.2", "2.0.0-beta.11", true}, // numeric identifiers compare as numbers
		{"serde>=2.0.0-alpha", "2.0.0", true},
		{"serde>=2.0.0-alpha", "2.0.1-alpha", false}, // different patch
		{"serde<2.0.0", "2.0.0-rc.1", false},
		{"serde<2.0.0-rc.2", "2.0.0-rc.1", true},
		{"serde^1.2.3-alpha.1", "1.2.3-alpha.2", true},
		{"serde^1.2.3-alpha.1", "1.2.3-alpha", false}, // shorter prefix sorts first
		{"serde^1.2.3-alpha.1", "1.2.3-beta", true},   // alpha.1 < beta
		{"serde^1.2.3-alpha.1", "1.2.4-alpha.9", false},
		{"serde~1.2.3-rc.1", "1.2.3", true},
		{"serde==1.0.0-rc.1", "1.0.0-rc.1", true},
		{"serde==1.0.0-rc.1", "1.0.0", false},
		{"serde==1.0.0", "1.0.0-rc.1", false},
		{"serde>1.0.0-rc.1", "1.0.0-rc.1", false},
		{"serde>1.0.0-rc.1", "1.0.0-rc.2", true},
		{"serde<=1.0.0-rc.1", "1.0.0-rc.1", true},
	}
	for _, tc := range tests {
		t.Run(tc.atom+"@"+tc.version, func(t *testing.T) {
			a, err := ParseAtom(tc.atom)
			if err != nil {
				t.Fatalf("ParseAtom(%q): %v", tc.atom, err)
			}
			s := NewSet([]Dep{{Name: "serde", Version: tc.version}, {Name: "tokio", Version: tc.version},
				{Name: "regex", Version: tc.version}, {Name: "widgetlib", Version: tc.version}})
			if got := a.Matches(s); got != tc.want {
				t.Errorf("ParseAtom(%q).Matches(%s) = %v, want %v", tc.atom, tc.version, got, tc.want)
			}
		})
	}
}

func TestParseAtom(t *testing.T) {
	tests := []struct {
		in       string
		name     string
		req      string
		str      string
		wildcard bool
	}{
		{in: "serde", name: "serde", str: "serde"},
		{in: "  serde  ", name: "serde", str: "serde"},
		{in: "*", wildcard: true, str: "*"},
		{in: " * ", wildcard: true, str: "*"},
		{in: "serde>=1.0", name: "serde", req: ">=1.0", str: "serde>=1.0"},
		{in: "tokio ^1.40", name: "tokio", req: "^1.40", str: "tokio^1.40"},
		{in: "tokio >= 1.40", name: "tokio", req: ">=1.40", str: "tokio>=1.40"},
		{in: "serde==1.0.219", name: "serde", req: "==1.0.219", str: "serde==1.0.219"},
		{in: "serde_json<2", name: "serde_json", req: "<2", str: "serde_json<2"},
		{in: "assert-struct", name: "assert-struct", str: "assert-struct"},
		{in: "Inflector~0.11", name: "Inflector", req: "~0.11", str: "Inflector~0.11"},
		{in: "h2>0.3.26", name: "h2", req: ">0.3.26", str: "h2>0.3.26"},
		{in: "serde<=1.0.0-rc.1+b7", name: "serde", req: "<=1.0.0-rc.1+b7", str: "serde<=1.0.0-rc.1+b7"},
		{in: "serde*", name: "serde", req: "=*", str: "serde=*"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			a, err := ParseAtom(tc.in)
			if err != nil {
				t.Fatalf("ParseAtom(%q): %v", tc.in, err)
			}
			type view struct {
				Name, Req, Str string
				Wildcard       bool
			}
			want := view{tc.name, tc.req, tc.str, tc.wildcard}
			got := view{a.Name(), a.Requirement(), a.String(), a.Wildcard()}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("ParseAtom(%q) (-want +got):\n%s", tc.in, d)
			}
		})
	}
}

func TestParseAtomErrors(t *testing.T) {
	tests := []struct {
		in      string
		wantMsg string // substring of the message after the atom
	}{
		{"", "empty crate atom"},
		{"   ", "empty crate atom"},
		{"serde blah", `unexpected "blah" after crate name "serde"`},
		{"serde 1.0", `unexpected "1.0" after crate name "serde"`},
		{"serde>=abc", `"abc" is not a version`},
		{">=1.0", "missing crate name"},
		{"=1.0", "missing crate name"},
		{"1serde", `crate name "1serde" must start with a letter`},
		{"_serde", `crate name "_serde" must start with a letter`},
		{"-serde", `crate name "-serde" must start with a letter`},
		{"serde>=", `missing version after ">="`},
		{"serde^", `missing version after "^"`},
		{"serde>=1.0.0.0", "more than three numbers"},
		{"serde>=1..0", `"1..0" is not a version`},
		{"serde>=01.0", "leading zero"},
		{"serde>=1.0-alpha", "needs major.minor.patch"},
		{"serde>=1.0.0-", "is not a version"},
		{"serde>=1.0.0-al@pha", "is not a version"},
		{"serde>=1.0 foo", `"1.0 foo" is not a version`},
		{"serde>=1.0,<2.0", `is not a version`},
		{"ser/de", `invalid character '/' after crate name "ser"`},
		{"serde!=1.0", `invalid character '!' after crate name "serde"`},
		{"serde>*", "wildcard version"},
		{"serde=1.*.3", "a number follows a wildcard"},
		{"serde*1.0", `unexpected "1.0" after "*"`},
		{"**", "missing crate name"},
		{"$", `invalid character '$'`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			_, err := ParseAtom(tc.in)
			if err == nil {
				t.Fatalf("ParseAtom(%q) = nil error, want one containing %q", tc.in, tc.wantMsg)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("ParseAtom(%q) error %T is not *Error", tc.in, err)
			}
			if pe.Atom != strings.TrimSpace(tc.in) {
				t.Errorf("ParseAtom(%q) error names atom %q", tc.in, pe.Atom)
			}
			if !strings.Contains(err.Error(), tc.wantMsg) || !strings.Contains(err.Error(), fmt.Sprintf("%q", strings.TrimSpace(tc.in))) {
				t.Errorf("ParseAtom(%q) error = %q, want it to name the atom and contain %q", tc.in, err, tc.wantMsg)
			}
		})
	}
}

// atomCase is an atom and whether it matches the test's set.
type atomCase struct {
	atom string
	want bool
}

// checkAtoms parses each atom and checks what it matches in s.
func checkAtoms(t *testing.T, s *Set, tests []atomCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.atom, func(t *testing.T) {
			a, err := ParseAtom(tc.atom)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Matches(s); got != tc.want {
				t.Errorf("ParseAtom(%q).Matches = %v, want %v", tc.atom, got, tc.want)
			}
		})
	}
}

func TestNameNormalization(t *testing.T) {
	s := NewSet([]Dep{{Name: "serde_json", Version: "1.0.140"}, {Name: "assert-struct", Version: "0.2.0"}})
	tests := []atomCase{
		{"serde_json", true},
		{"serde-json", true},
		{"serde-json>=1.0", true},
		{"assert_struct", true},
		{"assert-struct^0.2", true},
		{"assert_struct^0.3", false},
		{"Serde_json", false}, // crate names keep their case
		{"serdejson", false},
	}
	checkAtoms(t, s, tests)
}

func TestSetSemantics(t *testing.T) {
	s := NewSet([]Dep{
		{Name: "rand", Version: "0.7.3"},
		{Name: "rand", Version: "0.8.5"}, // two versions of one crate
		{Name: "itoa", Unresolved: true},
		{Name: "weird", Version: "not-a-version"},
	})
	tests := []atomCase{
		{"rand^0.8", true},
		{"rand^0.7", true},
		{"rand^0.9", false},
		{"rand<0.8", true},
		{"itoa", true},          // unresolved: bare name matches
		{"itoa>=0.0.0", false},  // but a version constraint never does
		{"itoa=*", true},        // "any version" is no constraint
		{"weird", true},         // an unparsable version is kept as unresolved
		{"weird>=0.0.1", false}, //
		{"*", true},
		{"absent", false},
	}
	checkAtoms(t, s, tests)
	if got, want := s.Versions("rand"), []string{"0.7.3", "0.8.5"}; !cmp.Equal(got, want) {
		t.Errorf("Versions(rand) = %v, want %v", got, want)
	}
	if got, want := s.Len(), 3; got != want {
		t.Errorf("Len() = %d, want %d", got, want)
	}
}

func TestWildcardEmptyWorkspace(t *testing.T) {
	for _, s := range []*Set{nil, NewSet(nil)} {
		l, err := ParseList([]string{"*"})
		if err != nil {
			t.Fatal(err)
		}
		if !l.Matches(s) {
			t.Errorf("[*].Matches(%v) = false, want true even with zero deps", s)
		}
		l, err = ParseList([]string{"serde"})
		if err != nil {
			t.Fatal(err)
		}
		if l.Matches(s) {
			t.Errorf("[serde].Matches(empty) = true")
		}
		if (List{}).Matches(s) {
			t.Errorf("empty list matched")
		}
	}
}

func TestLists(t *testing.T) {
	s := NewSet([]Dep{{Name: "serde", Version: "1.0.219"}, {Name: "tokio", Version: "1.38.0"}})
	tests := []struct {
		name    string
		list    func() (List, error)
		want    bool
		str     string
		explain string
	}{
		{"toml one", func() (List, error) { return ParseList([]string{"serde"}) }, true, "serde", ""},
		{"toml or", func() (List, error) { return ParseList([]string{"serde>=2", "tokio"}) }, true, "serde>=2, tokio", ""},
		{"toml none", func() (List, error) { return ParseList([]string{"serde>=2", "tokio>=1.40", "anyhow"}) }, false,
			"serde>=2, tokio>=1.40, anyhow",
			"no atom matched: serde>=2 (workspace has serde 1.0.219); tokio>=1.40 (workspace has tokio 1.38.0); anyhow (anyhow is not a direct dependency)"},
		{"comma", func() (List, error) { return ParseCommaList("serde, tokio>=1.40") }, true, "serde, tokio>=1.40", ""},
		{"comma spaces", func() (List, error) { return ParseCommaList("  tokio >= 1.40 ,anyhow ") }, false,
			"tokio>=1.40, anyhow",
			"no atom matched: tokio>=1.40 (workspace has tokio 1.38.0); anyhow (anyhow is not a direct dependency)"},
		{"comma single", func() (List, error) { return ParseCommaList("serde") }, true, "serde", ""},
		{"empty toml list", func() (List, error) { return ParseList(nil) }, false, "", "empty crates list matches nothing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := tc.list()
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Matches(s); got != tc.want {
				t.Errorf("Matches = %v, want %v", got, tc.want)
			}
			if d := cmp.Diff(tc.str, l.String()); d != "" {
				t.Errorf("String() (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tc.explain, l.Explain(s)); d != "" {
				t.Errorf("Explain() (-want +got):\n%s", d)
			}
		})
	}
}

func TestListErrors(t *testing.T) {
	tests := []struct {
		name string
		list func() (List, error)
		atom string
	}{
		{"toml bad version", func() (List, error) { return ParseList([]string{"serde", "serde>=abc"}) }, "serde>=abc"},
		{"toml no crate", func() (List, error) { return ParseList([]string{">=1.0"}) }, ">=1.0"},
		{"comma bad", func() (List, error) { return ParseCommaList("serde, tokio blah") }, "tokio blah"},
		{"comma empty item", func() (List, error) { return ParseCommaList("serde,,tokio") }, ""},
		{"comma trailing", func() (List, error) { return ParseCommaList("serde,") }, ""},
		{"comma empty", func() (List, error) { return ParseCommaList("  ") }, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.list()
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error = %v, want *Error", err)
			}
			if pe.Atom != tc.atom {
				t.Errorf("error atom = %q, want %q", pe.Atom, tc.atom)
			}
		})
	}
}

func TestNames(t *testing.T) {
	l, err := ParseList([]string{"*", "serde>=1", "tokio"})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"serde", "tokio"}, l.Names()); d != "" {
		t.Errorf("Names() (-want +got):\n%s", d)
	}
}
