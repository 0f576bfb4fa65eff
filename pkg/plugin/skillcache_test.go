package plugin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
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
	set := cratepred.NewSet([]cratepred.Dep{{Name: "serde", Version: "1.0.0"}})
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

// TestSkillCacheFormat: entries come back from the file as they went in,
// whatever their strings hold (tabs, newlines and quotes, which the
// format uses itself; other scripts; bytes that are not UTF-8); a file of
// another version, or cut short, or altered, reads as no cache at all.
func TestSkillCacheFormat(t *testing.T) {
	entries := map[string]*cachedSkill{
		"/src/a/SKILL.md": {Size: 131, Mtime: 1795665065314378040, Name: "a", Description: "plain", Crates: "serde>=1.0", CratesLine: 4,
			Dir: "27:66398536:1795686841382132861:1795686841382132862"},
		"/src/tab\tand\nnewline/SKILL.md": {Size: 1, Mtime: -5, Name: "b", Description: "say \"hi\"\t\\ ünïcödé 漢字 \x00\xff",
			Predicates: []string{"serde", "any(tokio, \"x\ty\")", ""}, PredicatesLine: 7, Dir: "1:2:3:4"},
		"/src/broken/SKILL.md": {Size: 9, Mtime: 3, Err: "/src/broken/SKILL.md:2:1: no end of frontmatter"},
	}
	data := encodeCache(entries)
	if diff := cmp.Diff(entries, decodeCache(string(data))); diff != "" {
		t.Errorf("round trip (-want +got)\n%s", diff)
	}
	if got := decodeCache(string(encodeCache(nil))); got == nil || len(got) != 0 {
		t.Errorf("empty cache read back as %v, want no entries", got)
	}
	lines := strings.SplitAfter(string(data), "\n")
	bad := []struct{ name, text string }{
		{"older JSON cache", `{"version":2,"skills":{}}`},
		{"another header", strings.Replace(string(data), cacheHeader, "symposium skill cache 2", 1)},
		{"cut inside a line", string(data[:len(data)-3])},
		{"a field missing", lines[0] + strings.Replace(lines[1], "\t", "", 1)},
		{"a number that is not one", lines[0] + strings.Replace(lines[1], "\t131\t", "\t13x\t", 1)},
		{"a string not quoted", lines[0] + strings.Replace(lines[1], `"plain"`, `plain`, 1)},
	}
	for _, tc := range bad {
		if got := decodeCache(tc.text); got != nil {
			t.Errorf("%s: read as %d entries, want none", tc.name, len(got))
		}
	}
}

// TestSkillCacheLegacyRemoved: the JSON file of earlier versions goes
// when the cache is saved in the current format.
func TestSkillCacheLegacyRemoved(t *testing.T) {
	cache := t.TempDir()
	legacy := legacyCacheName(cache, "s")
	write(t, filepath.Dir(legacy), map[string]string{filepath.Base(legacy): `{"version":2,"skills":{}}`})
	c := openSkillCache(cache, "s")
	c.now["/x/SKILL.md"] = &cachedSkill{Size: 1, Mtime: 2, Name: "x"}
	c.save()
	if _, err := os.Stat(legacy); !os.IsNotExist(err) {
		t.Errorf("legacy cache %s still there after a save (%v)", legacy, err)
	}
	if got := openSkillCache(cache, "s").old; len(got) != 1 || got["/x/SKILL.md"].Name != "x" {
		t.Errorf("saved cache read back as %v", got)
	}
}
