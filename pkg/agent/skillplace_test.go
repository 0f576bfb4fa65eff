package agent

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPlaceSkills(t *testing.T) {
	tests := []struct {
		name       string
		configured []string
		fixed      []string // where the skill already is
		dirs       []string
		twice      []string // agents that see a skill more than once
	}{
		{"codex alone", []string{"codex"}, nil, []string{".agents/skills"}, nil},
		{"claude alone", []string{"claude"}, nil, []string{".claude/skills"}, nil},
		{"copilot alone keeps its own dir", []string{"copilot"}, nil, []string{".agents/skills"}, nil},
		{"claude and copilot share .claude", []string{"claude", "copilot"}, nil, []string{".claude/skills"}, nil},
		{"codex and claude", []string{"codex", "claude"}, nil, []string{".agents/skills", ".claude/skills"}, nil},
		{"opencode and claude", []string{"opencode", "claude"}, nil, []string{".claude/skills"}, nil},
		{"opencode, claude and kiro", []string{"opencode", "claude", "kiro"}, nil, []string{".claude/skills", ".kiro/skills"}, nil},
		{"gemini and codex", []string{"gemini", "codex"}, nil, []string{".agents/skills"}, nil},
		{"claude, codex and copilot: copilot dedupes", []string{"claude", "codex", "copilot"}, nil, []string{".agents/skills", ".claude/skills"}, nil},
		{"claude, codex and opencode: opencode reads both", []string{"claude", "codex", "opencode"}, nil, []string{".agents/skills", ".claude/skills"}, []string{"opencode"}},
		{"every agent (Amp, Auggie, Kilo, Qwen read .claude and .agents)", Names(), nil, []string{".agents/skills", ".claude/skills", ".kiro/skills"}, []string{"amp", "auggie", "goose", "kilo", "opencode", "qwen"}},
		{"claude and amp: amp reads .claude/skills too", []string{"claude", "amp"}, nil, []string{".claude/skills"}, nil},
		{"amp and codex share .agents/skills", []string{"amp", "codex"}, nil, []string{".agents/skills"}, nil},
		{"unknown names ignored", []string{"nope", "codex", "codex"}, nil, []string{".agents/skills"}, nil},
		{"none", nil, nil, nil, nil},
		{"workspace skill in .agents, claude and copilot", []string{"claude", "copilot"}, []string{".agents/skills"}, []string{".agents/skills", ".claude/skills"}, nil},
		{"workspace skill in .agents, claude and opencode", []string{"claude", "opencode"}, []string{".agents/skills"}, []string{".agents/skills", ".claude/skills"}, []string{"opencode"}},
		{"workspace skill in .agents, gemini and opencode", []string{"gemini", "opencode"}, []string{".agents/skills"}, []string{".agents/skills"}, nil},
		{"workspace skill in .agents, claude alone", []string{"claude"}, []string{".agents/skills"}, []string{".agents/skills", ".claude/skills"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := PlaceSkills(tt.configured, tt.fixed...)
			if !slices.Equal(p.Dirs, tt.dirs) {
				t.Errorf("dirs = %q, want %q", p.Dirs, tt.dirs)
			}
			var twice []string
			for name := range p.Twice {
				twice = append(twice, name)
			}
			slices.Sort(twice)
			if !slices.Equal(twice, tt.twice) {
				t.Errorf("twice = %q, want %q", twice, tt.twice)
			}
			if (p.Warning() != "") != (len(tt.twice) > 0) {
				t.Errorf("warning = %q", p.Warning())
			}
			// Every configured agent reads at least one chosen dir, and
			// Users says so.
			for _, name := range tt.configured {
				a, ok := Lookup(name)
				if !ok {
					continue
				}
				n := 0
				for _, d := range a.Reads() {
					if slices.Contains(p.Users[d], name) {
						n++
					}
				}
				if n == 0 {
					t.Errorf("%s reads none of %q", name, p.Dirs)
				}
			}
		})
	}
}

// TestPlacementWarningNativeDirs: the warning names the directories an
// agent reads twice as paths of this system (.claude\skills on Windows),
// as every path symposium prints; the placement itself keeps them
// "/"-separated, as the agents' tables spell them.
func TestPlacementWarningNativeDirs(t *testing.T) {
	tests := []struct {
		name       string
		configured []string
		fixed      []string
	}{
		{"claude, codex and opencode", []string{"claude", "codex", "opencode"}, nil},
		{"workspace skill in .agents, claude and opencode", []string{"claude", "opencode"}, []string{".agents/skills"}},
		{"every agent", Names(), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := PlaceSkills(tt.configured, tt.fixed...)
			if len(p.Twice) == 0 {
				t.Fatalf("no agent reads two directories: the case tests nothing")
			}
			w := p.Warning()
			for name, dirs := range p.Twice {
				native := make([]string, len(dirs))
				for i, d := range dirs {
					native[i] = filepath.FromSlash(d)
				}
				if want := name + " reads " + strings.Join(native, " and "); !strings.Contains(w, want) {
					t.Errorf("warning %q does not say %q", w, want)
				}
			}
		})
	}
}
