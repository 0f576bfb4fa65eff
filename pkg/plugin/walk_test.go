package plugin

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// genTree writes a random source of nested group directories holding
// skills, plugins, broken ones of each, hidden directories, files, and
// symlinks: to a directory inside (walked once, by its first name in path
// order), outside, and to nothing.
func genTree(t *testing.T, seed int64) string {
	root := t.TempDir()
	outside := t.TempDir()
	write(t, outside, map[string]string{"x/SKILL.md": sk("outside", "serde")})
	r := rand.New(rand.NewSource(seed))
	var dirs []string
	var fill func(dir string, depth int)
	fill = func(dir string, depth int) {
		for i, n := 0, 3+r.Intn(40); i < n; i++ {
			name := fmt.Sprintf("e%03d", r.Intn(1000))
			p := filepath.Join(dir, name)
			if _, err := os.Lstat(p); err == nil {
				continue
			}
			switch k := r.Intn(20); {
			case k < 10:
				write(t, p, map[string]string{SkillFile: sk("s-"+name+fmt.Sprint(r.Intn(1e6)), "serde")})
			case k < 11:
				write(t, p, map[string]string{SkillFile: "---\nname: broken\n"})
			case k < 12:
				write(t, p, map[string]string{ManifestName: fmt.Sprintf("name = \"p%d\"\ncrates = [\"serde\"]\n", r.Intn(1e6))})
			case k < 13:
				write(t, p, map[string]string{ManifestName: "name = [\n"})
			case k < 14:
				write(t, p, map[string]string{ManifestName: "name = \"both\"\n", SkillFile: sk("both", "serde")})
			case k < 15:
				write(t, dir, map[string]string{"." + name + "/" + SkillFile: sk("hidden", "serde"), name + ".txt": "x"})
			case k < 16 && len(dirs) > 0:
				target := dirs[r.Intn(len(dirs))]
				if os.Symlink(target, p) != nil {
					t.Skip("no symlinks")
				}
			case k < 17:
				os.Symlink(filepath.Join(outside, "x"), p)
				os.Symlink(filepath.Join(dir, "nothing"), p+"-dangling")
			default:
				if depth < 3 {
					must(t, os.MkdirAll(p, 0o755))
					dirs = append(dirs, p)
					fill(p, depth+1)
				}
			}
		}
	}
	fill(root, 0)
	return root
}

// scanSummary is what a Scan says, as comparable values.
func scanSummary(sc *Scan) []string {
	var out []string
	for _, m := range sc.Plugins {
		out = append(out, "plugin "+m.Name+" "+m.Dir)
	}
	for _, st := range sc.Standalones {
		out = append(out, "skill "+st.Skill.Name+" "+st.Skill.Dir)
	}
	for _, p := range sc.Problems {
		out = append(out, fmt.Sprintf("problem %s %s %s %v", p.What, p.Name, p.File, p.Err))
	}
	for _, p := range sc.Tree {
		out = append(out, "tree "+p)
	}
	for _, p := range sc.Inputs {
		out = append(out, "input "+p)
	}
	return out
}

// TestWalkAsSequential: the parallel walk finds what one goroutine walking
// alone finds, in the same order, whatever the scheduling.
func TestWalkAsSequential(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		root := genTree(t, seed)
		want := scanSummary(discover(&Source{Name: "s", Dir: root}, 0))
		if len(want) < 100 {
			t.Fatalf("seed %d: a tree of %d items is too small to test", seed, len(want))
		}
		for i := 0; i < 5; i++ {
			for _, workers := range []int{1, 3, walkWorkers} {
				if got := scanSummary(discover(&Source{Name: "s", Dir: root}, workers)); !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d, %d workers: the walk differs from the sequential one:\n%q\nwant\n%q", seed, workers, got, want)
				}
			}
		}
	}
}
