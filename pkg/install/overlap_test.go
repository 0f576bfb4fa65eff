package install

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/internal/ostest"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestAliased(t *testing.T) {
	sep := string(filepath.Separator)
	a, b := sep+filepath.Join("ws", ".agents", "skills"), sep+filepath.Join("ws", ".claude", "skills")
	tests := []struct {
		name  string
		reals []string
		errs  []error
		want  bool
	}{
		{"distinct", []string{a, b}, []error{nil, nil}, false},
		{"one directory", []string{a, a}, []error{nil, nil}, true},
		{"one inside the other", []string{a, filepath.Join(a, "x")}, []error{nil, nil}, true},
		{"a sibling with a longer name", []string{a, a + "2"}, []error{nil, nil}, false},
		{"the same path, one not written", []string{a, a}, []error{nil, os.ErrInvalid}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := aliased(tt.reals, tt.errs); got != tt.want {
				t.Errorf("aliased(%q, %v) = %v, want %v", tt.reals, tt.errs, got, tt.want)
			}
		})
	}
}

// TestRunSkillDirsLinkedTogether: .claude/skills is a link to
// .agents/skills in the same workspace. The two are one directory, so Run
// syncs them one after the other, and a second sync finds everything in
// place.
func TestRunSkillDirsLinkedTogether(t *testing.T) {
	ostest.Symlinks(t)
	f := newFixture(t)
	must(t, os.MkdirAll(filepath.Join(f.root, ".agents", "skills"), 0o755))
	must(t, os.MkdirAll(filepath.Join(f.root, ".claude"), 0o755))
	must(t, os.Symlink(filepath.Join("..", ".agents", "skills"), filepath.Join(f.root, ".claude", "skills")))
	r := &run{opts: Options{Root: f.root}}
	r.realRoot, _ = realPath(f.root)
	if reals, errs := r.realSkillDirs([]string{".agents/skills", ".claude/skills"}); !aliased(reals, errs) {
		t.Fatalf("the linked skills directories are not seen as one: %q %v", reals, errs)
	}
	f.run(t, false, f.skills, "claude", "codex")
	res := f.run(t, false, f.skills, "claude", "codex")
	for _, a := range skillActions(res) {
		if !strings.HasPrefix(a, stream.StatusUnchanged+" ") {
			t.Errorf("second sync: %s", a)
		}
	}
}

// TestRunOverlappedAsSequential: copying one skills directory's skills
// while another registers its agents' hooks gives the results, in the
// same order, and the files of syncing one directory after the other:
// skills created, replaced and removed in three directories, an MCP
// server, and a warning.
func TestRunOverlappedAsSequential(t *testing.T) {
	agents := []string{"claude", "codex", "gemini", "kiro", "copilot"}
	servers := []stream.MCPServer{{Kind: stream.KindMCPServer, Plugin: "p", Name: "s", Command: "server"}}
	sync := func(seq bool) (results []string, files []string) {
		defer func(old bool) { sequentialOnly = old }(sequentialOnly)
		sequentialOnly = seq
		f := newFixture(t)
		norm := strings.NewReplacer(f.root, "ROOT", f.src, "SRC", f.home, "HOME", suffixedName(f.skills[1]), "SUFFIXED")
		gone := stream.Skill{Kind: stream.KindSkill, Name: "gone", Source: "local", Dir: filepath.Join(f.src, "gone")}
		must(t, os.MkdirAll(gone.Dir, 0o755))
		must(t, os.WriteFile(filepath.Join(gone.Dir, "SKILL.md"), []byte("---\nname: gone\ndescription: d\n---\n"), 0o644))
		must(t, os.MkdirAll(filepath.Join(f.root, ".claude", "skills", "tokio-basics"), 0o755)) // the user's: ours is suffixed
		opts := Options{Root: f.root, Config: &config.Config{Agents: agents, HookScope: config.ScopeProject},
			Dirs: config.Dirs{Home: f.home}, Command: "sym-hook", Writer: fileedit.Real()}
		for _, in := range []Input{
			{Skills: append(append([]stream.Skill{}, f.skills...), gone), MCPServers: servers},
			{Skills: f.skills, MCPServers: servers},
		} {
			in.Workspace.Root = f.root
			res := Run(in, opts)
			for _, a := range res.Actions {
				results = append(results, norm.Replace(strings.Join([]string{a.Op, a.Agent, a.Path, a.Status, a.Name, a.Detail}, " ")))
			}
			for _, w := range res.Warnings {
				results = append(results, "warning "+norm.Replace(w))
			}
			for _, g := range res.Gates {
				results = append(results, "gate "+norm.Replace(g.Agent+" "+g.Problem))
			}
			for _, e := range res.Errors {
				results = append(results, "error "+norm.Replace(e.Error()))
			}
		}
		for _, l := range tree(t, f.root) {
			data, err := os.ReadFile(filepath.Join(f.root, strings.Fields(l)[0]))
			must(t, err)
			files = append(files, norm.Replace(l+" "+string(data)))
		}
		return results, files
	}
	seqRes, seqFiles := sync(true)
	res, files := sync(false)
	if !strings.Contains(strings.Join(seqRes, "\n"), "removed") || !strings.Contains(strings.Join(seqRes, "\n"), "warning") {
		t.Fatalf("the sequential sync removed nothing or warned of nothing: the case tests less than it says:\n%s", strings.Join(seqRes, "\n"))
	}
	if diff := cmp.Diff(seqRes, res); diff != "" {
		t.Errorf("results (-sequential +overlapped):\n%s", diff)
	}
	if diff := cmp.Diff(seqFiles, files); diff != "" {
		t.Errorf("files (-sequential +overlapped):\n%s", diff)
	}
}

// TestRunEmitsEachDirectory: Emit gets every action, in Result.Actions'
// order, a skills directory at a time (not all at the end), in both the
// overlapped and the sequential sync.
func TestRunEmitsEachDirectory(t *testing.T) {
	for _, seq := range []bool{false, true} {
		t.Run(map[bool]string{false: "overlapped", true: "sequential"}[seq], func(t *testing.T) {
			defer func(old bool) { sequentialOnly = old }(sequentialOnly)
			sequentialOnly = seq
			f := newFixture(t)
			var batches [][]stream.Action
			res := Run(Input{Workspace: stream.Workspace{Root: f.root}, Skills: f.skills}, Options{
				Root: f.root, Config: &config.Config{Agents: []string{"claude", "codex", "kiro"}, HookScope: config.ScopeProject},
				Dirs: config.Dirs{Home: f.home}, Command: "sym-hook", Writer: fileedit.Real(),
				Emit: func(acts []stream.Action) { batches = append(batches, slices.Clone(acts)) },
			})
			if len(batches) < 3 {
				t.Errorf("%d batches for three skills directories", len(batches))
			}
			if diff := cmp.Diff(res.Actions, slices.Concat(batches...)); diff != "" {
				t.Errorf("emitted (-Result.Actions +emitted):\n%s", diff)
			}
		})
	}
}

// TestRealUnder: the shortcut gives realPath's answer for every layout of
// a skills directory: missing, partly there, there, through a link inside
// the workspace or out of it, dangling, under a file.
func TestRealUnder(t *testing.T) {
	ostest.Symlinks(t)
	f := newFixture(t)
	root := f.root
	mk := func(p string) { must(t, os.MkdirAll(filepath.Join(root, p), 0o755)) }
	link := func(target, p string) { must(t, os.Symlink(target, filepath.Join(root, p))) }
	mk(".agents/skills")
	mk(".claude")
	mk("real/skills")
	link(filepath.Join("..", "real"), ".codex")                   // .codex -> real (inside)
	link(filepath.Dir(root), ".gemini")                           // out of the workspace
	link(filepath.Join(".", "nowhere"), ".kiro")                  // dangling
	must(t, os.WriteFile(filepath.Join(root, ".pi"), nil, 0o644)) // a file
	mk(".qwen")
	link(filepath.Join("..", ".agents", "skills"), ".qwen/skills")
	realRoot, err := realPath(root)
	must(t, err)
	for _, rel := range []string{".agents/skills", ".claude/skills", ".cline/skills", ".codex/skills", ".gemini/skills", ".kiro/skills", ".pi/skills", ".qwen/skills", "real/skills"} {
		got, gotErr := realUnder(realRoot, root, filepath.FromSlash(rel))
		want, wantErr := realPath(filepath.Join(root, filepath.FromSlash(rel)))
		if got != want || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("%s: realUnder %q, %v; realPath %q, %v", rel, got, gotErr, want, wantErr)
		}
	}
}
