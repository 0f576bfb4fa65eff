package plugin

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/predicate"
)

func backdate(t *testing.T, root string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			os.Chtimes(p, old, old)
		}
		return err
	})
}

// TestSkillCache: a second scan answers from the cache; an edited SKILL.md
// (new size or mtime) is parsed again; removed skills leave the cache.
func TestSkillCache(t *testing.T) {
	root, cache := t.TempDir(), t.TempDir()
	write(t, root, map[string]string{
		"a/SKILL.md":       sk("a", "serde"),
		"b/SKILL.md":       sk("b", "serde"),
		"p/SYMPOSIUM.toml": "name = \"p\"\ncrates = \"serde\"\n[[skills]]\nsource.path = \"s\"\n",
		"p/s/g/SKILL.md":   "---\nname: g\ndescription: d\n---\n",
		"broken/SKILL.md":  "---\nname: broken\n",
	})
	backdate(t, root)
	set := predicate.NewSet([]predicate.Dep{{Name: "serde", Version: "1.0.0"}})
	scan := func() (*Source, []string, int) {
		src := &Source{Name: "s", Dir: root}
		src.UseCache(cache)
		res := Match([]*Scan{Discover(src)}, set, &Resolver{})
		var names []string
		for _, s := range res.Skills {
			names = append(names, s.Name+":"+s.Description)
		}
		return src, names, len(res.Rejected)
	}
	_, first, rej1 := scan()
	src, second, rej2 := scan()
	if diff := cmp.Diff(first, second); diff != "" || rej1 != rej2 || rej1 != 1 {
		t.Errorf("cached run differs (-first +second)\n%s rejected %d/%d", diff, rej1, rej2)
	}
	if src.cache.hits != 4 {
		t.Errorf("second run: %d cache hits, want 4", src.cache.hits)
	}

	write(t, root, map[string]string{"a/SKILL.md": "---\nname: a\ndescription: edited\ncrates: serde\n---\n"})
	os.RemoveAll(filepath.Join(root, "b"))
	_, third, _ := scan()
	if diff := cmp.Diff([]string{"a:edited", "g:d"}, third); diff != "" {
		t.Errorf("after edit (-want +got)\n%s", diff)
	}
	backdate(t, root)
	scan()
	src, _, _ = scan()
	if len(src.cache.old) != 3 {
		t.Errorf("cache holds %d entries, want 3 (b removed)", len(src.cache.old))
	}
}
