package plugin

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/symposium-dev/symposium-go/pkg/predexpr"
	"github.com/symposium-dev/symposium-go/pkg/skillowner"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// WorkspaceSource is the name of the source that holds the workspace's own
// plugins (upstream: "Workspace skills").
const WorkspaceSource = stream.SourceWorkspace

// Default skill groups of a workspace plugin (upstream: "Workspace
// plugins"): skills/ for everyone, and .agents/skills/ for people working
// in the workspace, which agents-syncing mirrors into every agent's own
// skill directory.
const (
	groupSkills       = "skills"
	groupAgentsSkills = ".agents/skills"
)

// DiscoverWorkspace finds the workspace plugins of ws: the root and each
// member directory holding a SYMPOSIUM.toml, a skills/ directory or (with
// agentsSyncing) an .agents/skills/ directory. They are always active in
// the workspace: a manifest needs no name (its directory's) and no crates.
// Skills in their groups may be informal (no frontmatter), and a skill
// directory symposium installed (pkg/skillowner) is never one of them.
func DiscoverWorkspace(ws Workspace, agentsSyncing bool) *Scan {
	src := &Source{Name: WorkspaceSource, Dir: ws.Root, Informal: true}
	sc := &Scan{Source: src, workspace: true}
	if ws.Root == "" {
		return sc
	}
	if root, err := filepath.EvalSymlinks(ws.Root); err == nil {
		sc.root = root
	}
	seen := map[string]bool{}
	dirs := []string{filepath.Clean(ws.Root)}
	for _, m := range ws.Members {
		dirs = append(dirs, filepath.Clean(m))
	}
	for _, dir := range dirs {
		if seen[dir] {
			continue
		}
		seen[dir] = true
		// A hook call notices a manifest, skills/ or .agents/ appearing
		// here by the directory's mtime, and .agents/skills/ appearing by
		// .agents's.
		sc.Inputs = append(sc.Inputs, dir)
		agents := joinName(dir, ".agents")
		hasAgents := isDir(agents)
		if hasAgents {
			sc.Inputs = append(sc.Inputs, agents)
		}
		// Without a manifest, messages name the directory itself.
		m := &Manifest{Name: filepath.Base(dir), Dir: dir, Path: dir, Workspace: true}
		manifest := joinName(dir, ManifestName)
		hasManifest := isFile(manifest)
		if hasManifest {
			sc.Tree = append(sc.Tree, manifest)
			data, err := os.ReadFile(manifest)
			var parsed *Manifest
			if err == nil {
				parsed, err = ParseWorkspaceManifest(manifest, data)
			}
			if err != nil {
				// A broken manifest is reported; its directory's default
				// groups still install, as upstream drops a malformed layer
				// and keeps the rest.
				sc.Problems = append(sc.Problems, Problem{What: "plugin", Name: m.Name, File: manifest, Err: err})
			} else {
				m = parsed
			}
		}
		if m.DefaultSkills == nil || *m.DefaultSkills {
			have := map[string]bool{}
			for _, g := range m.Skills {
				have[filepath.Clean(filepath.FromSlash(g.SourcePath))] = true
			}
			if isDir(joinName(dir, groupSkills)) && !have[groupSkills] {
				m.Skills = append(m.Skills, SkillGroup{SourcePath: groupSkills})
			}
			// No .agents directory, no .agents/skills in it: a stat fewer
			// a member (sym-match stats each member's directory).
			if agentsSyncing && hasAgents && isDir(filepath.Join(dir, filepath.FromSlash(groupAgentsSkills))) && !have[filepath.FromSlash(groupAgentsSkills)] {
				member, _ := predexpr.Parse("workspace-member()")
				m.Skills = append(m.Skills, SkillGroup{SourcePath: groupAgentsSkills, Predicates: []Pred{{Expr: member}}})
			}
		}
		if len(m.Skills) == 0 && len(m.Hooks) == 0 && len(m.MCPServers) == 0 && !hasManifest {
			continue
		}
		sc.Plugins = append(sc.Plugins, m)
	}
	sort.SliceStable(sc.Plugins, func(i, j int) bool { return sc.Plugins[i].Dir < sc.Plugins[j].Dir })
	return sc
}

// withoutInstalled drops, from a workspace group's SKILL.md files, those
// of skill directories symposium installed there itself: copies for the
// agents that read .agents/skills/ are not the user's skills.
func withoutInstalled(groupDir string, files []string) []string {
	ours := skillowner.Installed(groupDir)
	if len(ours) == 0 {
		return files
	}
	out := files[:0:0]
	for _, f := range files {
		d := filepath.Dir(f)
		if filepath.Dir(d) == filepath.Clean(groupDir) && ours[filepath.Base(d)] {
			continue
		}
		out = append(out, f)
	}
	return out
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
