package cratepred

import (
	"reflect"
	"strings"
	"testing"
)

// TestVersionsOf: the lookup that normalizes on the stack finds what the
// map holds under Normalize's key, for names with and without '-' and '_',
// at and over the stack buffer's length.
func TestVersionsOf(t *testing.T) {
	long := strings.Repeat("ab-", 21) + "c" // 64 bytes
	longer := long + "-d"
	s := NewSet([]Dep{{Name: "serde-json", Version: "1.0.0"}, {Name: "tokio", Version: "1.2.0"}, {Name: "a_b", Version: "0.1.0"},
		{Name: long, Version: "2.0.0"}, {Name: longer, Version: "3.0.0"}})
	for _, name := range []string{"serde-json", "serde_json", "serde-jsonx", "tokio", "a-b", "a_b", "a--b", "-", "", long, longer,
		strings.ReplaceAll(long, "-", "_"), strings.ReplaceAll(longer, "-", "_"), "ü-ü"} {
		if got, want := s.versionsOf(name), s.byName[Normalize(name)]; !reflect.DeepEqual(got, want) {
			t.Errorf("versionsOf(%q) = %v; want %v", name, got, want)
		}
	}
}

func BenchmarkAtomMatches(b *testing.B) {
	s := NewSet([]Dep{{Name: "crate-0001", Version: "1.0.0"}, {Name: "serde", Version: "1.0.200"}})
	l, err := ParseCommaList("crate-0001>=1.0, serde")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if !l[0].Matches(s) || !l[1].Matches(s) {
			b.Fatal("no match")
		}
	}
}
