package plugin

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
)

// genSource writes n standalone skills (one in ten inside a plugin), the
// shape scripts/genskills produces.
func genSource(tb testing.TB, n int) string {
	root := tb.TempDir()
	crates := []string{"serde", "tokio", "regex", "memchr", "log", "anyhow", "clap", "rand"}
	for i := 0; i < n; i++ {
		c := crates[i%len(crates)]
		if i%10 == 0 {
			dir := filepath.Join(root, fmt.Sprintf("plugin-%04d", i))
			m := fmt.Sprintf("name = \"p%d\"\ncrates = [%q]\n[[skills]]\ncrates = [\"%s>=1\"]\nsource.path = \"skills\"\n[[hooks]]\nname = \"h\"\nevent = \"PreToolUse\"\ncommand = \"./h.sh\"\n", i, c, c)
			must(tb, os.MkdirAll(filepath.Join(dir, "skills", "s"), 0o755))
			must(tb, os.WriteFile(filepath.Join(dir, ManifestName), []byte(m), 0o644))
			must(tb, os.WriteFile(filepath.Join(dir, "skills", "s", SkillFile), []byte(fmt.Sprintf("---\nname: s%d\ndescription: d\n---\nbody\n", i)), 0o644))
			continue
		}
		dir := filepath.Join(root, fmt.Sprintf("g%02d", i%20), fmt.Sprintf("skill-%04d", i))
		must(tb, os.MkdirAll(dir, 0o755))
		must(tb, os.WriteFile(filepath.Join(dir, SkillFile), []byte(fmt.Sprintf("---\nname: s%d\ndescription: Generated skill.\ncrates: %s>=1.0\n---\nbody\n", i, c)), 0o644))
	}
	return root
}

func backdateTB(tb testing.TB, root string) {
	old := time.Now().Add(-time.Hour)
	filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			os.Chtimes(p, old, old)
		}
		return err
	})
}

func must(tb testing.TB, err error) {
	if err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkDiscoverMatch1000 is sym-match's work for 1,000 skills, with
// the parse cache warm after the first iteration.
func BenchmarkDiscoverMatch1000(b *testing.B) {
	root := genSource(b, 1000)
	set := cratepred.NewSet([]cratepred.Dep{{Name: "serde", Version: "1.0.200"}, {Name: "regex", Version: "1.10.0"}, {Name: "log", Version: "0.4.20"}})
	cache := b.TempDir()
	backdateTB(b, root)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src := &Source{Name: "gen", Dir: root}
		src.UseCache(cache)
		sc := Discover(src)
		res := Match([]*Scan{sc}, set, &Resolver{})
		if len(res.Skills) == 0 {
			b.Fatal("nothing matched")
		}
	}
}

// BenchmarkDiscover1000 is sym-match's walk of 1,000 skills in 20 group
// directories, the skill cache warm (directory stamps included) after
// the first iterations.
func BenchmarkDiscover1000(b *testing.B) {
	root := genSource(b, 1000)
	cache := b.TempDir()
	backdateTB(b, root)
	for i := 0; i < 2; i++ { // parse, then stamp
		src := &Source{Name: "gen", Dir: root}
		src.UseCache(cache)
		Discover(src)
		src.cache.save()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src := &Source{Name: "gen", Dir: root}
		src.UseCache(cache)
		if sc := Discover(src); len(sc.Standalones) != 900 {
			b.Fatalf("%d standalones", len(sc.Standalones))
		}
	}
}

// BenchmarkDecodeCache reads a skill cache file of 1,000 entries shaped
// like the bench catalogue's, as every sym-match run does before its walk.
func BenchmarkDecodeCache(b *testing.B) {
	entries := map[string]*cachedSkill{}
	for i := 0; i < 1000; i++ {
		entries[fmt.Sprintf("/dev/shm/bench/plugins/group-%02d/skill-%04d/SKILL.md", i%20, i)] = &cachedSkill{
			Size: 131, Mtime: 1795686841382132861, Name: fmt.Sprintf("skill-%04d", i), Description: fmt.Sprintf("Generated skill %d for crate-%04d.", i, i%400),
			Crates: fmt.Sprintf("crate-%04d>=1.0", i%400), CratesLine: 4, Dir: "27:66398536:1795686841382132861:1795686841382132861"}
	}
	text := string(encodeCache(entries))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if got := decodeCache(text); len(got) != 1000 {
			b.Fatalf("%d entries", len(got))
		}
	}
}
