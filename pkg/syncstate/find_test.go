package syncstate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
)

func TestFind(t *testing.T) {
	cache, root := t.TempDir(), t.TempDir()
	deep := filepath.Join(root, "crates", "app", "src")
	if st, err := Find(cache, deep); st != nil || err != nil {
		t.Fatalf("Find before any sync = %v, %v, want nil, nil", st, err)
	}
	stamps := hookrecord.Stamp(nil)
	data, err := Encode(&State{Header: hookrecord.Header{WorkspaceRoot: root, Inputs: stamps, Trusted: true, Extra: "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(hookrecord.Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hookrecord.Path(cache, root), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{root, deep} {
		st, err := Find(cache, dir)
		if err != nil || st == nil || st.WorkspaceRoot != root {
			t.Errorf("Find(%s) = %+v, %v, want the state of %s", dir, st, err, root)
		}
	}
	if st, _ := Find(cache, filepath.Dir(root)); st != nil {
		t.Errorf("Find(parent of root) = %+v, want nil", st)
	}
}

func TestExtra(t *testing.T) {
	a := hookrecord.Extra([]string{"claude", "gemini"}, "global", "1.0")
	if b := hookrecord.Extra([]string{"gemini", "claude"}, "global", "1.0"); a != b {
		t.Errorf("Extra depends on agent order: %s != %s", a, b)
	}
	for _, other := range []string{
		hookrecord.Extra([]string{"claude"}, "global", "1.0"),
		hookrecord.Extra([]string{"claude", "gemini"}, "project", "1.0"),
		hookrecord.Extra([]string{"claude", "gemini"}, "global", "1.1"),
		hookrecord.Extra([]string{"claudegemini"}, "global", "1.0"),
	} {
		if other == a {
			t.Errorf("Extra collision: %s", a)
		}
	}
}
