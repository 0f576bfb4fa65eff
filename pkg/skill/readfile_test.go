package skill

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFileAsOS: readFile gives what os.ReadFile gives, errors
// included, which Load's callers show.
func TestReadFileAsOS(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"SKILL.md": "---\nname: a\ndescription: d\n---\nbody\n",
		"empty":    "",
		"big":      strings.Repeat("0123456789abcdef", 10000),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"SKILL.md", "empty", "big", "missing", "."} {
		p := filepath.Join(dir, name)
		got, gotErr := readFile(p)
		want, wantErr := os.ReadFile(p)
		if string(got) != string(want) || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Errorf("%s: readFile = %d bytes, %v; os.ReadFile = %d bytes, %v", name, len(got), gotErr, len(want), wantErr)
		}
	}
}
