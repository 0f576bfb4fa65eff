package plugin

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/linktest"
)

// TestSkillDirStamp: once the skill cache holds a skill directory's stamp,
// the walk no longer looks for a SYMPOSIUM.toml there, and whatever makes
// one appear changes the stamp, so the directory becomes a plugin on the
// next scan as it did when every scan looked.
func TestSkillDirStamp(t *testing.T) {
	const manifest = "name = \"a\"\ncrates = [\"serde\"]\n"
	for _, tc := range []struct {
		name   string
		files  map[string]string // besides a/SKILL.md
		change func(t *testing.T, root string, old time.Time)
		plugin bool // a is a plugin after the change
		stamp  bool // a's stamp is in the cache before the change (on Unix)
	}{
		{name: "unchanged", change: func(*testing.T, string, time.Time) {}, stamp: true},
		{name: "other file added", plugin: false, stamp: true, change: func(t *testing.T, root string, _ time.Time) {
			write(t, root, map[string]string{"a/README.md": "x"})
		}},
		{name: "manifest added", plugin: true, stamp: true, change: func(t *testing.T, root string, _ time.Time) {
			write(t, root, map[string]string{"a/SYMPOSIUM.toml": manifest})
		}},
		{name: "manifest added, directory's mtime set back", plugin: true, stamp: true, change: func(t *testing.T, root string, old time.Time) {
			write(t, root, map[string]string{"a/SYMPOSIUM.toml": manifest})
			if err := os.Chtimes(filepath.Join(root, "a"), old, old); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "directory replaced by a plugin's", plugin: true, stamp: true, files: map[string]string{"b/SYMPOSIUM.toml": manifest, "b/SKILL.md": sk("b", "serde")},
			change: func(t *testing.T, root string, _ time.Time) {
				must(t, os.Rename(filepath.Join(root, "a"), filepath.Join(root, "gone")))
				must(t, os.Rename(filepath.Join(root, "b"), filepath.Join(root, "a")))
			}},
		{name: "dangling manifest link gets its target", plugin: true, stamp: false, files: map[string]string{"a/SYMPOSIUM.toml": "@../m.toml"},
			change: func(t *testing.T, root string, _ time.Time) {
				write(t, root, map[string]string{"m.toml": manifest})
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, cache := t.TempDir(), t.TempDir()
			write(t, root, map[string]string{"a/SKILL.md": sk("a", "serde")})
			for name, body := range tc.files {
				if target, ok := strings.CutPrefix(body, "@"); ok {
					linktest.Require(t)
					if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
						t.Skip("no symlinks:", err)
					}
					continue
				}
				write(t, root, map[string]string{name: body})
			}
			old := time.Now().Add(-time.Hour).Truncate(time.Second)
			backdateTo(t, root, old)
			scan := func() (*Scan, *skillCache) {
				src := &Source{Name: "s", Dir: root}
				src.UseCache(cache)
				sc := Discover(src)
				src.cache.save()
				return sc, src.cache
			}
			scan() // parses a/SKILL.md
			_, c := scan()
			if sc, c := scan(); len(sc.Standalones) != 1 || c.restamped {
				t.Fatalf("before the change: %d standalones, restamped %v; want a alone, stamped already", len(sc.Standalones), c.restamped)
			}
			if got, want := c.now[filepath.Join(root, "a", SkillFile)].Dir != "", tc.stamp && runtime.GOOS != "windows"; got != want {
				t.Fatalf("a's stamp in the cache: %v; want %v", got, want)
			}
			tc.change(t, root, old)
			sc, _ := scan()
			var plugins []string
			for _, m := range sc.Plugins {
				plugins = append(plugins, filepath.Base(m.Dir))
			}
			if isPlugin := len(plugins) == 1 && plugins[0] == "a"; isPlugin != tc.plugin {
				t.Errorf("after the change: plugins %v, %d standalones; want a a plugin: %v", plugins, len(sc.Standalones), tc.plugin)
			}
			if !tc.plugin && len(sc.Standalones) != 1 {
				t.Errorf("after the change: %d standalones, want a", len(sc.Standalones))
			}
		})
	}
}

func backdateTo(t *testing.T, root string, old time.Time) {
	t.Helper()
	filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			os.Chtimes(p, old, old)
		}
		return err
	})
}
