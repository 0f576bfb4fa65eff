package cargows

import "testing"

// TestLocate: every kind of place a key or element can be written in.
func TestLocate(t *testing.T) {
	doc := `[package]
name = "x"
meta.deep = 1

[workspace]
members = ["a", "b/*"]
dependencies = { serde = { version = "1" }, log = "0.4" }
list = [{ k = 1 }, 2]

[[bin]]
name = "one"

[[bin]]
name = "two"
`
	tests := []struct {
		path      []string
		line, col int
	}{
		{[]string{"package", "name"}, 2, 1},
		{[]string{"package", "meta", "deep"}, 3, 1},
		{[]string{"package"}, 1, 1},
		{[]string{"workspace", "members", "1"}, 6, 17},
		{[]string{"workspace", "dependencies", "serde", "version"}, 7, 28},
		{[]string{"workspace", "dependencies", "log"}, 7, 45},
		{[]string{"workspace", "list", "0", "k"}, 8, 11},
		{[]string{"workspace", "list", "1", "k"}, 0, 0}, // not a table
		{[]string{"bin", "1"}, 13, 2},                   // the [ before the key
		{[]string{"bin", "1", "name"}, 14, 1},
		{[]string{"workspace", "missing"}, 0, 0},
	}
	for _, tc := range tests {
		line, col := locate([]byte(doc), tc.path...)
		if line != tc.line || col != tc.col {
			t.Errorf("locate(%q) = %d:%d, want %d:%d", tc.path, line, col, tc.line, tc.col)
		}
	}
}
