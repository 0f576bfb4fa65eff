package agent

import (
	"strings"
	"testing"
)

// TestListText: "a, b, or c" English lists, wrapped between words at the
// width, continuation lines indented.
func TestListText(t *testing.T) {
	tests := []struct {
		first, indent string
		items         []string
		width         int
		want          string
	}{
		{"X: ", "", nil, 80, "X: "},
		{"X: ", "", []string{"a"}, 80, "X: a"},
		{"X: ", "", []string{"a", "b"}, 80, "X: a or b"},
		{"X: ", "", []string{"a", "b", "c"}, 80, "X: a, b, or c"},
		{"X: ", "   ", []string{"alpha", "beta", "gamma (the third)"}, 14, "X: alpha,\n   beta, or\n   gamma (the\n   third)"},
		{"X: ", "", []string{"averyveryverylongword"}, 5, "X: averyveryverylongword"},
	}
	for _, tc := range tests {
		if got := ListText(tc.first, tc.indent, tc.items, tc.width); got != tc.want {
			t.Errorf("ListText(%q, %q, %q, %d) = %q, want %q", tc.first, tc.indent, tc.items, tc.width, got, tc.want)
		}
	}
}

// TestWireUsage: the usage list is every agent with a Wire, then symposium.
func TestWireUsage(t *testing.T) {
	got := WireUsage()
	var want []string
	for _, a := range All() {
		if a.HasHooks() {
			want = append(want, a.Name)
		}
	}
	if len(got) != len(want)+1 || !strings.HasPrefix(got[len(got)-1], "symposium") {
		t.Fatalf("WireUsage() = %q, want %q then symposium", got, want)
	}
	for i, n := range want {
		if got[i] != n {
			t.Errorf("WireUsage()[%d] = %q, want %q", i, got[i], n)
		}
	}
}
