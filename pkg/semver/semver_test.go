package semver

import (
	"cmp"
	"slices"
	"testing"
)

func TestReqMatches(t *testing.T) {
	// The cases of corpus/tools/semverreq.py, which derived the cargo
	// corpus's expected.json, and Cargo's pre-release rule across
	// comparators.
	tests := []struct {
		req, v string
		want   bool
	}{
		{"1.0", "1.5.2", true}, {"1.0", "2.0.0", false}, {"0.2", "0.2.9", true}, {"0.2", "0.3.0", false},
		{"0.0.3", "0.0.4", false}, {"^0.4.6", "0.4.6", true}, {"~1.2", "1.2.9", true}, {"~1.2", "1.3.0", false},
		{"=1.0.0-rc.2", "1.0.0-rc.2", true}, {">=1.0, <2", "1.9.0", true}, {"*", "3.0.0", true},
		{"0.26.1-dev", "0.26.1-dev", true}, {"1", "1.0.0-alpha", false}, {"<2.0", "1.99.0", true},
		{"<2.0", "2.0.0", false}, {"1.*", "1.4.0", true}, {"1.*", "2.0.0", false}, {">1.2", "1.2.9", false},
		{">1.2", "1.3.0", true}, {"", "0.1.0", true}, {"<= 1.2", "1.2.7", true}, {"=0.3", "0.3.9", true},
		{">=1.0.0-alpha, <2", "1.0.0-beta", true}, {">=1.0.0-alpha, <2", "1.1.0-beta", false},
		{"*", "1.0.0-alpha", false}, {"^1.2.3-alpha.2", "1.2.3-alpha.10", true}, {"^1.2.3-alpha.10", "1.2.3-alpha.2", false},
		{"~1.2.3-beta", "1.2.3", true}, {"<1.2.3-beta", "1.2.3-alpha", true}, {"<1.2.3-beta", "1.2.2", true},
		// A wildcard after an operator makes the version partial (the semver
		// crate's parser): ">1.*" is ">1".
		{">1.*", "1.9.0", false}, {">1.*", "2.0.0", true}, {">=0.*", "0.0.1", true}, {"<2.*", "2.0.0", false},
		{"<=1.2.*", "1.2.9", true}, {"~1.*", "1.5.0", true}, {"~1.*", "2.0.0", false},
	}
	for _, tc := range tests {
		r, err := ParseReq(tc.req)
		if err != nil {
			t.Errorf("ParseReq(%q): %v", tc.req, err)
			continue
		}
		v, err := Parse(tc.v)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.v, err)
			continue
		}
		if got := r.Matches(v); got != tc.want {
			t.Errorf("ParseReq(%q).Matches(%q) = %v; want %v", tc.req, tc.v, got, tc.want)
		}
	}
}

func TestParseReqErrors(t *testing.T) {
	for _, req := range []string{">=abc", "1.0,", "1.2.3.4", ">*", "<=*", "1.*.3", "01.2", "1.2-pre", "1.2.3-"} {
		if _, err := ParseReq(req); err == nil {
			t.Errorf("ParseReq(%q) accepted a bad requirement", req)
		}
	}
}

func TestLowest(t *testing.T) {
	for req, want := range map[string]string{
		"1.2": "1.2.0", "^0.3": "0.3.0", "*": "0.0.0", "": "0.0.0", "~1": "1.0.0", "=1.2.3": "1.2.3",
		">=1.0, <2": "1.0.0", "<2": "0.0.0", ">1.2": "1.3.0", ">1": "2.0.0", ">1.2.3": "1.2.4",
		"1.*": "1.0.0", "0.26.1-dev": "0.26.1-dev", "1.0.0+build.5": "1.0.0", ">1.2.3-rc.1": "1.2.3-rc.1.0",
		">1.*": "2.0.0", ">=1.2.*": "1.2.0",
	} {
		r, err := ParseReq(req)
		if got := r.Lowest(); err != nil || got != want {
			t.Errorf("ParseReq(%q).Lowest() = %q, %v; want %q", req, got, err, want)
		}
	}
}

func TestCompare(t *testing.T) {
	// Each list is in ascending order; strings that are not versions sort
	// after every version.
	for _, sorted := range [][]string{
		{"0.9.0", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
			"1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.9.0", "1.10.0", "2.0.0"},
		{"1.2.3", "1.10.0", "1.2", "abc"},
	} {
		for i, a := range sorted {
			for j, b := range sorted {
				if got, want := Compare(a, b), cmp.Compare(i, j); got != want {
					t.Errorf("Compare(%q, %q) = %d; want %d", a, b, got, want)
				}
			}
		}
		shuffled := slices.Clone(sorted)
		slices.Reverse(shuffled)
		if slices.SortFunc(shuffled, Compare); !slices.Equal(shuffled, sorted) {
			t.Errorf("sorted %v; want %v", shuffled, sorted)
		}
	}
	if Compare("1.0.0+a", "1.0.0+b") != 0 {
		t.Errorf("build metadata takes part in the order")
	}
}
