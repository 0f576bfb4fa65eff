package plugin

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestCentralSource discovers the real central repository snapshot: three
// standalone skills and three plugins (rust's "symposium", dial9,
// error-battery-pack), with no problem; rtk/rtk.toml is not a manifest.
func TestCentralSource(t *testing.T) {
	sc := Discover(&Source{Name: "symposium-recommendations", Dir: filepath.Join(corpus, "recommendations")})
	var plugins, skills, problems []string
	for _, m := range sc.Plugins {
		plugins = append(plugins, m.Name)
	}
	for _, s := range sc.Standalones {
		skills = append(skills, s.Skill.Name+" "+s.Crates.String())
	}
	for _, p := range sc.Problems {
		t.Errorf("unexpected problem %v", p.Err)
		problems = append(problems, p.Name)
	}
	if diff := cmp.Diff([]string{"dial9", "error-battery-pack", "symposium"}, plugins); diff != "" {
		t.Errorf("plugins (-want +got)\n%s", diff)
	}
	if diff := cmp.Diff([]string{"assert-struct-guidance assert-struct", "formality-core formality-core", "toasty-guidance toasty"}, skills); diff != "" {
		t.Errorf("standalone skills (-want +got)\n%s", diff)
	}
	if diff := cmp.Diff([]string(nil), problems); diff != "" {
		t.Errorf("skipped (-want +got)\n%s", diff)
	}

	// The rust plugin (crates = ["*"], source.path = ".") applies to an
	// empty workspace; the standalone skills need their crate.
	set := cratepred.NewSet([]cratepred.Dep{{Name: "toasty", Version: "0.1.0"}})
	res := Match([]*Scan{sc}, set, &Resolver{})
	var got []string
	for _, s := range res.Skills {
		got = append(got, s.Plugin+"/"+s.Name)
	}
	if diff := cmp.Diff([]string{"symposium/find-crate-source", "symposium/rust-best-practice", "/toasty-guidance"}, got); diff != "" {
		t.Errorf("matched skills (-want +got)\n%s", diff)
	}
}

// TestEmbeddedSnapshot checks the embedded tree is the corpus, byte for byte.
func TestEmbeddedSnapshot(t *testing.T) {
	dir, err := embeddedDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(corpus, "recommendations")
	n := 0
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Errorf("%s missing from the snapshot: %v", rel, err)
			return nil
		}
		if string(got) != string(want) {
			t.Errorf("%s differs from the corpus", rel)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 15 {
		t.Errorf("only %d files compared", n)
	}
	// A second call reuses the extraction.
	if again, err := embeddedDir(filepath.Dir(dir)); err != nil || again != dir {
		t.Errorf("second extraction: %q, %v", again, err)
	}
}

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const skillMD = "---\nname: %s\ndescription: d\ncrates: %s\n---\n"

func sk(name, crates string) string {
	return strings.Replace(strings.Replace(skillMD, "%s", name, 1), "%s", crates, 1)
}

func TestDiscoveryRules(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	write(t, root, map[string]string{
		"my-plugin/SYMPOSIUM.toml":         "name = \"my-plugin\"\ncrates = [\"*\"]\n[[skills]]\nsource.path = \"skills\"\n",
		"my-plugin/skills/basic/SKILL.md":  sk("basic", "serde"),
		"serde-skill/SKILL.md":             sk("serde-skill", "serde"),
		"nested/deep/tokio-skill/SKILL.md": sk("tokio-skill", "tokio"),
		"mixed/SYMPOSIUM.toml":             "name = \"mixed\"\ncrates = \"serde\"\n",
		"mixed/SKILL.md":                   sk("ignored", "serde"),
		"serde-skill/inner/SKILL.md":       sk("nested-ignored", "serde"),
		".hidden/x/SKILL.md":               sk("hidden", "serde"),
		"no-crates/SKILL.md":               "---\nname: no-crates\ndescription: d\n---\n",
		"rtk/rtk.toml":                     "name = \"rtk\"\n",
		"escape/SYMPOSIUM.toml":            "name = \"escape\"\ncrates = \"*\"\n[[skills]]\nsource.path = \"../..\"\n",
		"SKILL.md":                         sk("root", "serde"),
		".store/linked-skill/SKILL.md":     sk("linked", "serde"),
	})
	write(t, outside, map[string]string{"out/SKILL.md": sk("outside", "serde")})
	ostest.Symlinks(t)
	if err := os.Symlink(filepath.Join(outside, "out"), filepath.Join(root, "link-out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "nested"), filepath.Join(root, "link-in")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, ".store", "linked-skill"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	sc := Discover(&Source{Name: "s", Dir: root})
	var plugins, skills []string
	for _, m := range sc.Plugins {
		plugins = append(plugins, m.Name)
	}
	for _, s := range sc.Standalones {
		rel, _ := filepath.Rel(root, s.Skill.Dir)
		skills = append(skills, filepath.ToSlash(rel))
	}
	if diff := cmp.Diff([]string{"escape", "mixed", "my-plugin"}, plugins); diff != "" {
		t.Errorf("plugins (-want +got)\n%s", diff)
	}
	// link-out leaves the source and is not followed; link-in stays inside
	// but points at nested/, which is scanned once, under its own name;
	// linked reaches a hidden directory and is followed.
	if diff := cmp.Diff([]string{"linked", "nested/deep/tokio-skill", "no-crates", "serde-skill"}, skills); diff != "" {
		t.Errorf("skills (-want +got)\n%s", diff)
	}
	var problems []string
	for _, p := range sc.Problems {
		problems = append(problems, p.Err.Error())
	}
	joined := strings.Join(problems, "\n")
	if !strings.Contains(joined, "SKILL.md at the root of plugin source") || strings.Contains(joined, "no-crates") {
		t.Errorf("problems: want the root SKILL.md and not the dormant no-crates skill:\n%s", joined)
	}

	res := Match([]*Scan{sc}, cratepred.NewSet([]cratepred.Dep{{Name: "serde", Version: "1.0.0"}}), &Resolver{})
	var got []string
	for _, s := range res.Skills {
		got = append(got, s.Name)
	}
	if diff := cmp.Diff([]string{"linked", "basic", "serde-skill"}, got); diff != "" {
		t.Errorf("matched (-want +got)\n%s", diff)
	}
	var escaped bool
	for _, r := range res.Rejected {
		if r.What == "group" && strings.Contains(r.Reason, "leaves the plugin source") {
			escaped = true
		}
	}
	if !escaped {
		t.Errorf("source.path leaving the source was not rejected: %+v", res.Rejected)
	}
}

// TestGroupSkillsDepth: a [[skills]] group finds skills at any depth, as
// upstream does; a directory holding SKILL.md is one skill and is not
// searched further; hidden directories are skipped; a symlink loop ends.
func TestGroupSkillsDepth(t *testing.T) {
	tests := []struct {
		name  string
		files []string // SKILL.md paths below the group directory
		links map[string]string
		want  []string
	}{
		{"one level", []string{"a/SKILL.md", "b/SKILL.md"}, nil, []string{"a", "b"}},
		{"versioned", []string{"v1/basics/SKILL.md", "v1/advanced/SKILL.md", "v2/basics/SKILL.md"}, nil, []string{"v1/advanced", "v1/basics", "v2/basics"}},
		{"deep", []string{"x/y/z/w/SKILL.md"}, nil, []string{"x/y/z/w"}},
		{"no nesting", []string{"a/SKILL.md", "a/examples/inner/SKILL.md", "b/c/SKILL.md"}, nil, []string{"a", "b/c"}},
		{"group is a skill", []string{"SKILL.md", "sub/SKILL.md"}, nil, []string{"."}},
		{"hidden", []string{".git/x/SKILL.md", "a/.cache/SKILL.md", "b/SKILL.md"}, nil, []string{"b"}},
		{"link loop", []string{"v1/a/SKILL.md"}, map[string]string{"v1/back": ".."}, []string{"v1/a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			for _, f := range tt.files {
				files[f] = sk("s", "serde")
			}
			write(t, dir, files)
			if len(tt.links) > 0 {
				ostest.Symlinks(t)
			}
			for link, target := range tt.links {
				if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
					t.Fatal(err)
				}
			}
			got, _, err := GroupSkills(dir)
			if err != nil {
				t.Fatal(err)
			}
			var rel []string
			for _, f := range got {
				r, _ := filepath.Rel(dir, filepath.Dir(f))
				rel = append(rel, filepath.ToSlash(r))
			}
			if diff := cmp.Diff(tt.want, rel); diff != "" {
				t.Errorf("skills (-want +got)\n%s", diff)
			}
		})
	}
}

// TestDormantStandalone: a standalone SKILL.md that names no dependency
// is dormant: it is rejected (with a plugin_status naming it) until
// [plugins] use enables it by its name, and then it installs.
func TestDormantStandalone(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"bare/SKILL.md":  "---\nname: bare\ndescription: d\n---\n",
		"gated/SKILL.md": sk("gated", "serde"),
	})
	set := cratepred.NewSet([]cratepred.Dep{{Name: "serde", Version: "1.0.0"}})
	for _, tt := range []struct {
		name   string
		use    []config.UseEntry
		skills []string
		state  string
		reason string
	}{
		{"asleep", nil, []string{"gated"}, stream.StateDormant, "cargo agents use bare"},
		{"used", []config.UseEntry{{Name: "bare"}}, []string{"bare", "gated"}, stream.StateActive, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sc := Discover(&Source{Name: "s", Dir: root})
			if len(sc.Problems) != 0 {
				t.Fatalf("problems: %+v", sc.Problems)
			}
			res := Match([]*Scan{sc}, set, &Resolver{Consent: config.Consent{Use: tt.use}})
			var got []string
			for _, s := range res.Skills {
				got = append(got, s.Name)
			}
			if diff := cmp.Diff(tt.skills, got); diff != "" {
				t.Errorf("skills (-want +got)\n%s", diff)
			}
			if len(res.Statuses) != 1 || res.Statuses[0].Name != "bare" || res.Statuses[0].State != tt.state {
				t.Fatalf("statuses = %+v, want bare %s", res.Statuses, tt.state)
			}
			if !strings.Contains(res.Statuses[0].Reason, tt.reason) {
				t.Errorf("reason %q lacks %q", res.Statuses[0].Reason, tt.reason)
			}
		})
	}
}

// TestJoinName: the walk's join gives what filepath.Join gives, for the
// clean directories and single names it is called with.
func TestJoinName(t *testing.T) {
	dirs := []string{"/", "/a", "/a/b", "a", "a/b", ".", "..", "../a", string(filepath.Separator)}
	if runtime.GOOS == "windows" {
		dirs = append(dirs, `C:\`, `C:`, `C:\a`, `\\host\share`, `\\host\share\a`, `a\b`)
	}
	for _, dir := range dirs {
		dir = filepath.Clean(dir)
		for _, name := range []string{"x", "SKILL.md", "SYMPOSIUM.toml", ".hidden", "a b"} {
			if got, want := joinName(dir, name), filepath.Join(dir, name); got != want {
				t.Errorf("joinName(%q, %q) = %q, want %q", dir, name, got, want)
			}
		}
	}
}
