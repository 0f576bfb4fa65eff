package setupcmd

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/cargows"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
)

// offerApproval is init's offer to approve the current workspace's own
// SYMPOSIUM.toml files (pkg/approval), as it offers to open the agents'
// gates: --trust approves, a terminal asks after listing what would
// apply, and otherwise init names the command.
func offerApproval(stdio cli.Stdio, g *globals, in *bufio.Reader, dirs config.Dirs, cfg *config.Config, trust, interactive bool) error {
	ws, err := cargows.Load(cargows.Options{})
	if err != nil {
		return nil // init already warned about a Cargo.toml it cannot read
	}
	sc := plugin.DiscoverWorkspace(plugin.WorkspaceOf(ws.Workspace), cfg.AgentsSyncing)
	state, err := plugin.WorkspaceApproval(dirs.Config, sc)
	if err != nil {
		g.log.Printf(logfile.Warn, "workspace approval: %v", err)
	}
	if state == approval.None || state == approval.Approved {
		return nil
	}
	items := plugin.ApprovalItems(sc)
	consent := trust
	if !consent && interactive {
		fmt.Fprintf(stdio.Out, "This workspace's own SYMPOSIUM.toml (committed to %s) declares:\n", sc.Source.Dir)
		for _, it := range items {
			fmt.Fprintf(stdio.Out, "  %s\n", it)
		}
		fmt.Fprint(stdio.Out, "Approve them, so they run for your agents until a manifest changes? [y/N] ")
		line, _ := in.ReadString('\n')
		answer := strings.ToLower(strings.TrimSpace(line))
		consent = answer == "y" || answer == "yes"
	}
	if !consent {
		if !g.Quiet {
			fmt.Fprintf(stdio.Out, "note: %s (its skills install; %d hook(s), MCP server(s) and the like wait)\n", approval.Reason(state), len(items))
		}
		return nil
	}
	if _, err := plugin.ApproveWorkspace(dirs.Config, sc); err != nil {
		return err
	}
	g.log.Printf(logfile.Info, "approved the workspace manifests of %s with the user's consent: %s", sc.Source.Dir, strings.Join(items, "; "))
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "approved the workspace's SYMPOSIUM.toml (%s): %s\n", sc.Source.Dir, strings.Join(items, ", "))
	}
	return nil
}
