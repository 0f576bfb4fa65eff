package install

import (
	"fmt"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/agentfiles"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Uninstall removes what symposium installed: in the workspace at root
// (when root is not ""), every skill its manifests list, every MCP server
// they record as ours and every hook registration, project and global;
// outside a workspace, the global hook registrations. It is a sync with no
// agent configured, so it recognises ours exactly as sync does and keeps
// every byte of the user's own entries and files.
func Uninstall(root string, dirs config.Dirs, w fileedit.Writer, dry bool) *Result {
	none := &config.Config{HookScope: config.ScopeGlobal}
	if root != "" {
		return Run(Input{Workspace: stream.Workspace{Root: root}}, Options{Root: root, Config: none, Dirs: dirs, Writer: w, DryRun: dry})
	}
	res := &Result{}
	af := agentfiles.Of(w)
	for _, a := range agent.All() {
		if !a.HasHooks() {
			continue
		}
		changes, err := a.UnregisterHooks(af, agent.Target{Home: dirs.Home, Host: dirs.Agents, Scope: config.ScopeGlobal})
		res.addChanges(a.Name, changes)
		if err != nil {
			res.Errors = append(res.Errors, fmt.Errorf("%s hooks: %w", a.Name, err))
		}
	}
	return res
}
