package sourcecmd

import (
	"fmt"
	"os"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/cargows"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// `cargo agents use --workspace [--remove]`: approve (or withdraw the
// approval of) the workspace's own SYMPOSIUM.toml files, so their hooks,
// MCP servers, installations, chained plugins and subcommands apply
// (pkg/approval). The approval covers the manifests as they are now; a
// later change to one of them needs a new approval.

// workspaceScan discovers the workspace plugins of the workspace
// containing dir, as sym-match does.
func workspaceScan(dir string) (*plugin.Scan, config.Dirs, error) {
	ws, err := cargows.Load(cargows.Options{Dir: dir})
	if err != nil {
		return nil, config.Dirs{}, err
	}
	dirs, cfg, err := userconf.Load(func(pos.Warning) {})
	if err != nil {
		return nil, dirs, err
	}
	return plugin.DiscoverWorkspace(plugin.WorkspaceOf(ws.Workspace), cfg.AgentsSyncing), dirs, nil
}

func runUseWorkspace(stdio cli.Stdio, g Globals, rest []string, global, remove bool) error {
	if global || len(rest) > 0 {
		return cli.Usagef("--workspace approves this workspace's own manifests: it takes no NAME and no --global")
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	if remove {
		sc, dirs, err := workspaceScan(cwd)
		if err != nil {
			return fmt.Errorf("%v\nRun cargo agents use --workspace inside a Rust workspace", err)
		}
		removed, err := approval.Remove(dirs.Config, sc.Source.Dir)
		if err != nil {
			return err
		}
		if !g.Quiet {
			if removed {
				fmt.Fprintf(stdio.Out, "approval withdrawn: the hooks, MCP servers, installations, chained plugins and subcommands of %s's own SYMPOSIUM.toml no longer apply\n", sc.Source.Dir)
			} else {
				fmt.Fprintf(stdio.Out, "%s was not approved: nothing to withdraw\n", sc.Source.Dir)
			}
		}
		g.Log.Printf(logfile.Info, "workspace approval of %s withdrawn (%v)", sc.Source.Dir, removed)
		return syncAfter(stdio, g, cwd, sc.Source.Dir)
	}
	sc, dirs, err := workspaceScan(cwd)
	if err != nil {
		return fmt.Errorf("%v\nRun cargo agents use --workspace inside a Rust workspace", err)
	}
	root := sc.Source.Dir
	items, err := plugin.ApproveWorkspace(dirs.Config, sc)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		if !g.Quiet {
			fmt.Fprintf(stdio.Out, "the workspace %s declares no hooks, MCP servers, installations, chained plugins or subcommands: nothing to approve (its skills install without approval)\n", root)
		}
		return nil
	}
	g.Log.Printf(logfile.Info, "approved the workspace manifests of %s: %d item(s)", root, len(items))
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "approved the workspace's SYMPOSIUM.toml as it is now (%s); these apply until a manifest changes:\n", root)
		for _, it := range items {
			fmt.Fprintf(stdio.Out, "  %s\n", it)
		}
	}
	return syncAfter(stdio, g, cwd, root)
}

// approvalNote words a workspace plugin's approval state for status.
func approvalNote(s stream.PluginStatus) string {
	switch approval.State(s.Approval) {
	case approval.Approved:
		return " (hooks, MCP servers and the rest approved: `cargo agents use --workspace --remove` withdraws)"
	case approval.Awaiting:
		return " (skills only: its hooks, MCP servers and the rest are awaiting approval: `" + approval.Command + "`)"
	case approval.Changed:
		return " (skills only: a SYMPOSIUM.toml changed since approval: `" + approval.Command + "` approves it again)"
	}
	return ""
}
