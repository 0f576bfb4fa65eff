package cargows

import (
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2/unstable"
)

// TestWalkTOMLDuplicates holds walkTOML's "duplicate key" rule, which
// cargo applies: a key or table defined twice in one table, or in one
// element of an array of tables, is refused; the same key in two elements
// is not.
func TestWalkTOMLDuplicates(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		wantErr   string // "" for none
	}{
		{"top level", "a = 1\na = 2\n", "doc.toml:2:1: duplicate key"},
		{"distinct keys", "a = 1\nb = 2\n", ""},
		{"in a table", "[t]\nx = 1\ny = 2\nx = 3\n", "doc.toml:4:1: duplicate key"},
		{"same key, two tables", "[t]\nx = 1\n[u]\nx = 1\n", ""},
		{"table twice", "[t]\nx = 1\n[t]\ny = 1\n", "doc.toml:3:2: duplicate key"},
		{"dotted key", "a.b = 1\na.b = 2\n", "doc.toml:2:1: duplicate key"},
		{"dotted and inline", "a = { b = 1 }\na.b = 2\n", "doc.toml:2:1: duplicate key"},
		{"inline table keys", "a = { b = 1, b = 2 }\n", "doc.toml:1:14: duplicate key"},
		{"one element", "[[p]]\nname = \"a\"\nname = \"b\"\n", "doc.toml:3:1: duplicate key"},
		{"two elements", "[[p]]\nname = \"a\"\nversion = \"1\"\n[[p]]\nname = \"b\"\nversion = \"2\"\n", ""},
		{"third element", "[[p]]\nname = \"a\"\n[[p]]\nname = \"b\"\n[[p]]\nname = \"c\"\nx = 1\nname = \"d\"\n", "doc.toml:8:1: duplicate key"},
		{"element, then top table", "[[p]]\nname = \"a\"\n[t]\nname = \"b\"\n[[p]]\nname = \"c\"\n", ""},
		{"two arrays", "[[p]]\nname = \"a\"\n[[q]]\nname = \"a\"\n[[p]]\nname = \"b\"\n", ""},
		{"back to an array", "[[p]]\nname = \"a\"\n[[q]]\nx = 1\n[[p]]\nname = \"b\"\nname = \"c\"\n", "doc.toml:7:1: duplicate key"},
		{"many elements", strings.Repeat("[[package]]\nname = \"a\"\nversion = \"1\"\nsource = \"s\"\n", 50), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p unstable.Parser
			err := walkTOML(&p, "doc.toml", []byte(tc.doc), func([][]byte, *unstable.Node) error { return nil })
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("walkTOML: %v, want no error", err)
			case tc.wantErr != "" && (err == nil || err.Error() != tc.wantErr):
				t.Fatalf("walkTOML: %v, want %q", err, tc.wantErr)
			}
		})
	}
}
