package semver

import (
	"fmt"
	"strings"
	"testing"

	msv "github.com/Masterminds/semver/v3"
)

// asMasterminds fails t where parsing s, or comparing it with other, does
// not give what Masterminds/semver gives: the same numbers, pre-release and
// text, or the same error text.
func asMasterminds(t *testing.T, s, other string) {
	t.Helper()
	for _, p := range []struct {
		name string
		ours func(string) (*version, error)
		ref  func(string) (*msv.Version, error)
	}{{"strict", parseStrict, msv.StrictNewVersion}, {"loose", parseLoose, msv.NewVersion}} {
		v, err := p.ours(s)
		w, werr := p.ref(s)
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Errorf("%s %q: error %v, Masterminds %v", p.name, s, err, werr)
			continue
		}
		if err != nil {
			continue
		}
		if got, want := fmt.Sprint(v.major, v.minor, v.patch, v.pre, v.original), fmt.Sprint(w.Major(), w.Minor(), w.Patch(), w.Prerelease(), w.Original()); got != want {
			t.Errorf("%s %q: %s, Masterminds %s", p.name, s, got, want)
		}
		v2, err2 := p.ours(other)
		w2, werr2 := p.ref(other)
		if err2 == nil && werr2 == nil {
			if got, want := v.compare(v2), w.Compare(w2); got != want {
				t.Errorf("%s: compare(%q, %q) = %d, Masterminds %d", p.name, s, other, got, want)
			}
		}
		if nv, nw := newVersion(v.major, v.minor, v.patch, v.pre), msv.New(w.Major(), w.Minor(), w.Patch(), w.Prerelease(), ""); nv.original != nw.String() || nv.compare(v) != nw.Compare(w) {
			t.Errorf("%s %q: newVersion %q, Masterminds New %q", p.name, s, nv.original, nw.String())
		}
	}
}

var versionCases = []string{
	"", "1", "1.2", "1.2.3", "v1.2.3", "vv1.2.3", "V1.2.3", "01.2.3", "1.02.3", "1.2.03", "0.0.0",
	"1.2.3-alpha", "1.2.3-alpha.1", "1.2.3-alpha.01", "1.2.3-01", "1.2.3-0", "1.2.3-a-b", "1.2.3--",
	"1.2.3-", "1.2.3+", "1.2.3-+", "1.2.3-a.", "1.2.3-.a", "1.2.3-a..b", "1.2.3+build.1", "1.2.3+b..c",
	"1.2.3-rc.1+build.5", "1.2.3+build-x.1-y", "1.2.3+b-c", "1.2.3-a+b+c", "1.2-rc.1", "1-rc", "1+b",
	"1.2.3.4", "1..3", "1.2.", ".1.2", "1.2.3 ", " 1.2.3", "1.2.3-é", "1.2.3-a_b", "1.2.x", "1.*",
	"18446744073709551615.0.0", "18446744073709551616.0.0", "1.18446744073709551616", "1.2.3-18446744073709551616",
	"1.2.3-0a", "1.2.3-a.b.c.d", "1.2.3-1.2.3", "v", "v.1", "1.v2", "1-2.3", "1.2-3.4", "1.2.3-a.+b",
	strings.Repeat("1", 257), "1.2.3-" + strings.Repeat("a", 250),
}

// TestAsMasterminds: versions parse, order and print as Masterminds/semver
// v3.5, which parsed them before (its package initialisation cost every
// stage 0.3 ms).
func TestAsMasterminds(t *testing.T) {
	for _, s := range versionCases {
		for _, o := range []string{"1.2.3", "1.2.3-alpha", "1.2.3-alpha.1", "1.2.3-beta", "1.2.3-1", "1.2.3-01", "1.2.4", "0.9.9", "1.2.3-alpha.1.x"} {
			asMasterminds(t, s, o)
		}
	}
}

func FuzzAsMasterminds(f *testing.F) {
	for i, s := range versionCases {
		f.Add(s, versionCases[(i*7+3)%len(versionCases)])
	}
	f.Fuzz(asMasterminds)
}
