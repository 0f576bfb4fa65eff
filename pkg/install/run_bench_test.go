package install

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// benchSkills writes n skills (SKILL.md plus an executable script each).
func benchSkills(b *testing.B, dir string, n int) []stream.Skill {
	b.Helper()
	skills := make([]stream.Skill, n)
	for i := range skills {
		name := fmt.Sprintf("skill-%04d", i)
		d := filepath.Join(dir, fmt.Sprintf("group-%02d", i%20), name)
		if err := os.MkdirAll(filepath.Join(d, "scripts"), 0o755); err != nil {
			b.Fatal(err)
		}
		os.WriteFile(filepath.Join(d, "SKILL.md"), []byte(fmt.Sprintf("---\nname: %s\ndescription: generated\n---\nbody %d\n", name, i)), 0o644)
		os.WriteFile(filepath.Join(d, "scripts", "run.sh"), []byte("#!/bin/sh\n"), 0o755)
		skills[i] = stream.Skill{Kind: stream.KindSkill, Name: name, Plugin: fmt.Sprintf("group-%02d", i%20), Source: "bench", Dir: d}
	}
	return skills
}

func benchRun(b *testing.B, root, home string, skills []stream.Skill) *Result {
	res := Run(Input{Workspace: stream.Workspace{Root: root}, Skills: skills}, Options{
		Root:    root,
		Config:  &config.Config{Agents: agent.Names(), HookScope: config.ScopeProject},
		Dirs:    config.Dirs{Home: home},
		Command: agent.HookExecutable,
		Writer:  fileedit.Real(),
	})
	if len(res.Errors) > 0 {
		b.Fatal(res.Errors[0])
	}
	return res
}

// BenchmarkRunFirst installs 500 skills (about what 1,000 generated skills
// × 400 crates match, see scripts/bench.sh) for all seven agents into an
// empty workspace: three skill directories, seven agents' hook files.
func BenchmarkRunFirst(b *testing.B) {
	base := b.TempDir()
	skills := benchSkills(b, filepath.Join(base, "src"), 500)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		root := filepath.Join(base, fmt.Sprintf("ws%d", i))
		home := filepath.Join(base, fmt.Sprintf("home%d", i))
		os.MkdirAll(root, 0o755)
		os.MkdirAll(home, 0o755)
		b.StartTimer()
		benchRun(b, root, home, skills)
	}
}

// BenchmarkRunNoChange is the re-sync after BenchmarkRunFirst: every file
// compared, none written.
func BenchmarkRunNoChange(b *testing.B) {
	base := b.TempDir()
	skills := benchSkills(b, filepath.Join(base, "src"), 500)
	root, home := filepath.Join(base, "ws"), filepath.Join(base, "home")
	os.MkdirAll(root, 0o755)
	os.MkdirAll(home, 0o755)
	benchRun(b, root, home, skills)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := benchRun(b, root, home, skills)
		for _, a := range res.Actions {
			if a.Status != stream.StatusUnchanged {
				b.Fatalf("re-sync changed %s: %s", a.Path, a.Status)
			}
		}
	}
}
