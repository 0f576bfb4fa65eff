package plugin

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestWorkspaceApprovalGates: a workspace plugin's skills apply in every
// state; its hooks, MCP servers, chained plugins and subcommands only
// while the approval of its manifests is current, each rejected with the
// state's reason otherwise.
func TestWorkspaceApprovalGates(t *testing.T) {
	const manifest = `[[plugins]]
source.cargo = "chained"

[[hooks]]
name = "repo-hook"
event = "PreToolUse"
command = "true"

[[mcp_servers]]
name = "repo-mcp"
command = "server"

[subcommand.repo-cmd]
description = "d"
command = { script = "cmd.sh" }
`
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, home, root string)
		want  approval.State
	}{
		{"never approved", func(t *testing.T, home, root string) {}, approval.Awaiting},
		{"approved", func(t *testing.T, home, root string) { approve(t, home, root) }, approval.Approved},
		{"changed since", func(t *testing.T, home, root string) {
			approve(t, home, root)
			os.WriteFile(filepath.Join(root, ManifestName), []byte(manifest+"# edited\n"), 0o644)
		}, approval.Changed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home, root := t.TempDir(), t.TempDir()
			os.WriteFile(filepath.Join(root, ManifestName), []byte(manifest), 0o644)
			os.WriteFile(filepath.Join(root, "cmd.sh"), []byte("true\n"), 0o644)
			os.MkdirAll(filepath.Join(root, "skills", "ws-guide"), 0o755)
			os.WriteFile(filepath.Join(root, "skills", "ws-guide", "SKILL.md"), []byte("---\nname: ws-guide\ndescription: d\n---\n"), 0o644)
			tc.setup(t, home, root)
			r := &Resolver{Dirs: config.Dirs{Config: home, Cache: t.TempDir()}, Update: UpdateOffline, Workspace: Workspace{Root: root}}
			res := Match([]*Scan{DiscoverWorkspace(r.Workspace, true)}, cratepred.NewSet(nil), r)

			if len(res.Skills) != 1 || res.Skills[0].Name != "ws-guide" {
				t.Errorf("skills %+v, want ws-guide in every state", res.Skills)
			}
			if len(res.Statuses) != 1 || res.Statuses[0].Approval != string(tc.want) {
				t.Fatalf("statuses %+v, want one with approval %q", res.Statuses, tc.want)
			}
			applied := len(res.Hooks) + len(res.Servers) + len(res.Subcommands)
			gated := rejectedFor(res.Rejected, approval.Reason(tc.want))
			if tc.want == approval.Approved {
				if applied != 3 || len(gated) != 0 {
					t.Errorf("approved: %d hook/server/subcommand(s) applied (want 3); rejected %v", applied, gated)
				}
				return
			}
			if applied != 0 {
				t.Errorf("%s: hooks %v, servers %v, subcommands %v applied", tc.want, res.Hooks, res.Servers, res.Subcommands)
			}
			if want := "hook:repo-hook mcp_server:repo-mcp plugin:chained subcommand:repo-cmd"; strings.Join(gated, " ") != want {
				t.Errorf("rejected for %q: %v, want %s", approval.Reason(tc.want), gated, want)
			}
			if !slices.Contains(res.Sources[0].Inputs, approval.Path(home, root)) || !slices.Contains(res.Sources[0].Inputs, filepath.Join(root, ManifestName)) {
				t.Errorf("workspace source inputs %v lack the approval record or the manifest", res.Sources[0].Inputs)
			}
		})
	}
}

func approve(t *testing.T, home, root string) {
	t.Helper()
	if _, err := ApproveWorkspace(home, DiscoverWorkspace(Workspace{Root: root}, true)); err != nil {
		t.Fatal(err)
	}
}

func rejectedFor(rej []stream.Rejected, reason string) []string {
	var out []string
	for _, r := range rej {
		if r.Reason == reason {
			out = append(out, r.What+":"+r.Name)
		}
	}
	return out
}
