package plugin

import (
	"fmt"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// A workspace's own plugins (DiscoverWorkspace) come from files the
// repository commits, so a clone of someone else's repository would run
// its author's code on the first tool call if they were trusted like a
// configured source. Their skills are text and install as they are; what
// runs code or reaches other code (hooks, MCP servers, installations,
// chained plugins, subcommands) applies only while the user's approval of
// the workspace's manifests is current (pkg/approval).

// NeedsApproval reports whether m declares anything that waits for the
// user's approval when m is a workspace plugin.
func NeedsApproval(m *Manifest) bool {
	return len(m.Hooks) > 0 || len(m.MCPServers) > 0 || len(m.Plugins) > 0 || len(m.Subcommands) > 0 || len(m.Installations) > 0
}

// WorkspaceManifests are the manifest files of a workspace scan (from
// DiscoverWorkspace) that an approval covers: every SYMPOSIUM.toml found,
// broken ones too.
func WorkspaceManifests(sc *Scan) []string {
	return append([]string{}, sc.Tree...)
}

// WorkspaceApproval is the approval state of the workspace scan sc:
// approval.None when none of its plugins needs approval. configDir holds
// the records. An error (a record or manifest that cannot be read) comes
// with a state that is not Approved.
func WorkspaceApproval(configDir string, sc *Scan) (approval.State, error) {
	need := false
	for _, m := range sc.Plugins {
		need = need || NeedsApproval(m)
	}
	if !need {
		return approval.None, nil
	}
	if configDir == "" {
		return approval.Awaiting, nil
	}
	return approval.Check(configDir, sc.Source.Dir, WorkspaceManifests(sc))
}

// ApprovalItems lists, one line each, what approving the workspace scan
// sc lets apply: "hook NAME (FILE:LINE)", and so on.
func ApprovalItems(sc *Scan) []string {
	var out []string
	for _, m := range sc.Plugins {
		for _, in := range m.Installations {
			out = append(out, fmt.Sprintf("installation %s (%s:%d)", in.Name, m.Path, in.Line))
		}
		for _, h := range m.Hooks {
			out = append(out, fmt.Sprintf("hook %s (%s:%d)", h.Name, m.Path, h.Line))
		}
		for _, s := range m.MCPServers {
			out = append(out, fmt.Sprintf("mcp_server %s (%s:%d)", s.Name, m.Path, s.Line))
		}
		for _, p := range m.Plugins {
			out = append(out, fmt.Sprintf("plugin %s (%s:%d)", p.Crate, m.Path, p.Line))
		}
		for _, c := range m.Subcommands {
			out = append(out, fmt.Sprintf("subcommand %s (%s:%d)", c.Name, m.Path, c.Line))
		}
	}
	return out
}

// ApproveWorkspace records the user's approval of the workspace scan sc
// (from DiscoverWorkspace), its manifests as they are now, in configDir,
// and returns what it lets apply (ApprovalItems). With nothing to approve
// it records nothing and returns no items.
func ApproveWorkspace(configDir string, sc *Scan) ([]string, error) {
	items := ApprovalItems(sc)
	if len(items) == 0 {
		return nil, nil
	}
	_, err := approval.Approve(configDir, sc.Source.Dir, WorkspaceManifests(sc), time.Now())
	return items, err
}

// scanApproval is Match's view of one scan's approval: for a configured
// source, everything applies; for the workspace's, what its record says.
// The manifests, and the record's path when something needs approval,
// become the source's inputs, so a hook call notices a manifest edited in
// place and an approval given or withdrawn.
func (r *Resolver) scanApproval(sc *Scan, inputs *[]string) approval.State {
	if !sc.workspace {
		return approval.Approved
	}
	*inputs = append(*inputs, WorkspaceManifests(sc)...)
	st, err := WorkspaceApproval(r.Dirs.Config, sc)
	if err != nil {
		r.warn("%v; the workspace's hooks, MCP servers and chained plugins wait (run `%s`)", err, approval.Command)
	}
	if st != approval.None && r.Dirs.Config != "" {
		// Without anything to approve the record does not matter; a
		// manifest that gains a hook is noticed by its own stamp.
		*inputs = append(*inputs, approval.Path(r.Dirs.Config, sc.Source.Dir))
	}
	return st
}

// rejectUnapproved explains each hook, MCP server, chained plugin and
// subcommand of workspace plugin m that waits for approval in state st.
func (res *Result) rejectUnapproved(m *Manifest, st approval.State) {
	reason := approval.Reason(st)
	for _, h := range m.Hooks {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "hook", Name: h.Name, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, h.Line)})
	}
	for _, s := range m.MCPServers {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "mcp_server", Name: s.Name, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, s.Line)})
	}
	for _, p := range m.Plugins {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "plugin", Name: p.Crate, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, p.Line)})
	}
	res.rejectSubcommands(m, reason)
}
