package plugin

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/linktest"
)

// TestDiscoverWorkspaceLayouts: what a member directory's .agents,
// skills/ and SYMPOSIUM.toml make of it, whatever each of them is.
func TestDiscoverWorkspaceLayouts(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string // "@target" makes a symlink, "/" a directory
		inputs  []string          // besides the member's own directory
		groups  []string          // the member plugin's skill groups; nil: no plugin
		tree    []string
		noAgent bool // agents-syncing off
	}{
		{name: "nothing"},
		{name: "skills", files: map[string]string{"skills": "/"}, groups: []string{"skills"}},
		{name: "agents without skills", files: map[string]string{".agents": "/"}, inputs: []string{".agents"}},
		{name: "agents skills", files: map[string]string{".agents/skills": "/"}, inputs: []string{".agents"}, groups: []string{".agents/skills"}},
		{name: "agents skills, syncing off", files: map[string]string{".agents/skills": "/"}, inputs: []string{".agents"}, noAgent: true},
		{name: "agents is a file", files: map[string]string{".agents": "x"}},
		{name: "agents is a link", files: map[string]string{"real/skills": "/", ".agents": "@real"}, inputs: []string{".agents"}, groups: []string{".agents/skills"}},
		{name: "agents skills is a link", files: map[string]string{"real": "/", ".agents": "/", ".agents/skills": "@../real"}, inputs: []string{".agents"}, groups: []string{".agents/skills"}},
		{name: "skills is a file", files: map[string]string{"skills": "x"}},
		{name: "manifest", files: map[string]string{ManifestName: "", "skills": "/"}, groups: []string{"skills"}, tree: []string{ManifestName}},
		{name: "manifest without groups", files: map[string]string{ManifestName: "[defaults]\nskills = false\n", "skills": "/"}, groups: []string{}, tree: []string{ManifestName}},
		{name: "broken manifest", files: map[string]string{ManifestName: "[", "skills": "/"}, groups: []string{"skills"}, tree: []string{ManifestName}},
		{name: "manifest is a directory", files: map[string]string{ManifestName: "/"}},
		{name: "everything", files: map[string]string{ManifestName: "", "skills": "/", ".agents/skills": "/"}, inputs: []string{".agents"}, groups: []string{"skills", ".agents/skills"}, tree: []string{ManifestName}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			member := filepath.Join(root, "m")
			must(t, os.Mkdir(member, 0o755))
			for _, body := range tc.files {
				if strings.HasPrefix(body, "@") {
					linktest.Require(t)
				}
			}
			for name, body := range tc.files {
				p := filepath.Join(member, filepath.FromSlash(name))
				must(t, os.MkdirAll(filepath.Dir(p), 0o755))
				switch {
				case body == "/":
					must(t, os.MkdirAll(p, 0o755))
				case strings.HasPrefix(body, "@"):
					if err := os.Symlink(filepath.FromSlash(body[1:]), p); err != nil {
						t.Skip("no symlinks:", err)
					}
				default:
					must(t, os.WriteFile(p, []byte(body), 0o644))
				}
			}
			sc := DiscoverWorkspace(Workspace{Root: root, Members: []string{member}}, !tc.noAgent)
			wantInputs := []string{root, member}
			for _, in := range tc.inputs {
				wantInputs = append(wantInputs, filepath.Join(member, in))
			}
			if !reflect.DeepEqual(sc.Inputs, wantInputs) {
				t.Errorf("inputs %q; want %q", sc.Inputs, wantInputs)
			}
			var wantTree []string
			for _, f := range tc.tree {
				wantTree = append(wantTree, filepath.Join(member, f))
			}
			if !reflect.DeepEqual(sc.Tree, wantTree) {
				t.Errorf("tree %q; want %q", sc.Tree, wantTree)
			}
			var groups []string
			plugin := false
			for _, m := range sc.Plugins {
				if m.Dir != member {
					t.Errorf("a plugin in %s", m.Dir)
					continue
				}
				plugin = true
				groups = []string{}
				for _, g := range m.Skills {
					groups = append(groups, g.SourcePath)
				}
			}
			if plugin != (tc.groups != nil) || plugin && !reflect.DeepEqual(groups, tc.groups) {
				t.Errorf("plugin %v, groups %q; want groups %q", plugin, groups, tc.groups)
			}
		})
	}
}
