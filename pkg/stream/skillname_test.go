package stream

import (
	"strings"
	"testing"
)

func TestValidSkillName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"serde-basics", true},
		{"widgetlib-1x-basics", true},
		{"a.b", false},
		{"rust_best_practice", false},
		{"serde\u2010basics", false}, // a look-alike hyphen
		{"Serde-Basics", false},
		{"-rf", false},
		{"trailing-", false},
		{"double--hyphen", false},
		{"1x", true},
		{strings.Repeat("a", 64), true},
		{strings.Repeat("a", 65), false},
		{"", false},
		{".", false},
		{"..", false},
		{".hidden", false},
		{"a/b", false},
		{"/abs", false},
		{`a\b`, false},
		{`C:evil`, false},
		{"a\x00b", false},
		{"a\nb", false},
		{"../x", false},
		{strings.Repeat("a", 256), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ValidSkillName(tc.name); got != tc.want {
				t.Errorf("ValidSkillName(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

func TestSafePathSegment(t *testing.T) {
	for name, want := range map[string]bool{
		"serde-basics": true, "Old_Name": true, "a.b": true,
		"": false, ".": false, "..": false, ".hidden": false, "a/b": false, `a\b`: false, "C:x": false, "a\x00b": false, "/abs": false,
	} {
		if got := SafePathSegment(name); got != want {
			t.Errorf("SafePathSegment(%q) = %v, want %v", name, got, want)
		}
	}
}
