package setupcmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/agentfiles"
	"github.com/symposium-dev/symposium-go/pkg/cargows"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/install"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
)

const uninstallUsage = `Usage: cargo agents uninstall [-q] [--dry-run] [--trust]

Removes, without asking, what symposium installed: every hook registration
(global, and the project's), and in the workspace containing the current
directory every skill and MCP server it installed, and symposium's sync
state for that workspace and the config record hook calls read outside
any workspace. Everything of yours (your own hooks, servers,
skills and settings) is kept byte for byte. Your config.toml is kept: a
later cargo agents sync installs again.

Trust that init --trust gave the agents (trusted folders, approved
servers, trusted hooks) is kept unless you pass --trust.

  --trust    also take back the trust entries init --trust added, only
             those: for this workspace and the user-wide ones
  --dry-run  show what would be removed; change nothing
  -q         print nothing but errors
`

func runUninstall(stdio cli.Stdio, g *globals, args []string) error {
	fs := flag.NewFlagSet("cargo agents uninstall", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dryRun := fs.Bool("dry-run", false, "")
	trust := fs.Bool("trust", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdio.Out, uninstallUsage)
			return nil
		}
		return cli.Usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return cli.Usagef("uninstall takes no arguments (run it inside the workspace to clean that too)")
	}
	// The config is not needed: what is ours is what the manifests and
	// our hook command say, whatever agents are configured now.
	dirs, err := userconf.Dirs()
	if err != nil {
		return err
	}
	root := workspaceRoot(dirs)
	w := fileedit.Real()
	if *dryRun {
		w = fileedit.DryRun()
	} else {
		unlock, err := fileedit.Lock(dirs.Cache, "install")
		if err != nil {
			return fmt.Errorf("taking the install lock in %s: %w", dirs.Cache, err)
		}
		defer unlock()
	}
	res := install.Uninstall(root, dirs, w, *dryRun)
	removed, userKept := sortActions(res.Actions)
	removed = append(removed, removeState(dirs, root, *dryRun, &res.Errors)...)
	kept, trustChanges, err := uninstallTrust(dirs, root, *trust, *dryRun)
	if err != nil {
		res.Errors = append(res.Errors, err)
	}
	removed = append(removed, trustChanges...)
	for _, a := range removed {
		g.log.Printf(logfile.Info, "%s %s %s", verb(a.Status, *dryRun), a.Op, a.Path)
	}
	if !g.Quiet {
		printUninstall(stdio.Out, root, removed, userKept, kept, *dryRun)
	}
	for _, msg := range res.Warnings {
		fmt.Fprintf(stdio.Err, "cargo agents uninstall: warning: %s\n", msg)
	}
	for _, e := range res.Errors {
		fmt.Fprintf(stdio.Err, "cargo agents uninstall: %v\n", e)
	}
	if len(res.Errors) > 0 {
		return cli.ErrSilent
	}
	return nil
}

// sortActions splits what uninstall did into what it removed and the
// files the user put in a skill of ours, which it kept.
func sortActions(actions []stream.Action) (removed, userKept []stream.Action) {
	for _, a := range actions {
		switch {
		case a.Status == stream.StatusSkipped && a.Op == "skill" && strings.HasPrefix(a.Detail, "not symposium's"):
			userKept = append(userKept, a)
		case a.Status != stream.StatusUnchanged && a.Status != stream.StatusSkipped:
			removed = append(removed, a)
		}
	}
	return removed, userKept
}

// removeState removes the workspace's sync state (its hook, sync and
// status records), and the config record the hook reads outside any
// workspace: the hook path re-syncs a workspace whose state is gone only
// when a hook is registered, and none is left. Failures are appended to
// errs.
func removeState(dirs config.Dirs, root string, dryRun bool, errs *[]error) []stream.Action {
	var removed []stream.Action
	paths := []string{hookrecord.ConfigPath(dirs.Cache)}
	if root != "" {
		paths = append(paths, hookrecord.Path(dirs.Cache, root), syncstate.RecordPath(dirs.Cache, root), syncstate.StatusPath(dirs.Cache, root))
		paths = append(paths, syncstate.LegacyPaths(dirs.Cache, root)...)
	}
	for _, p := range paths {
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		if !dryRun {
			if err := os.Remove(p); err != nil {
				*errs = append(*errs, err)
				continue
			}
		}
		removed = append(removed, stream.Action{Op: "state", Path: p, Status: stream.StatusRemoved})
	}
	return removed
}

// verb is status as a dry run words it.
func verb(status string, dryRun bool) string {
	if dryRun {
		return "would be " + status
	}
	return status
}

// printUninstall prints what uninstall removed and what it kept.
func printUninstall(w io.Writer, root string, removed, userKept []stream.Action, kept []agent.TrustEntry, dryRun bool) {
	where := "outside any Rust workspace: global hook registrations only"
	if root != "" {
		where = "workspace " + root + " and global hook registrations"
	}
	fmt.Fprintf(w, "uninstall: %s\n", where)
	for _, a := range removed {
		name := ""
		if a.Name != "" {
			name = " (" + a.Name + ")"
		}
		label := a.Agent
		if label == "" {
			label = a.Op
		}
		fmt.Fprintf(w, "  %-8s %s %s%s\n", label, verb(a.Status, dryRun), a.Path, name)
	}
	if len(removed) == 0 {
		fmt.Fprintln(w, "  nothing of symposium's left to remove")
	}
	for _, a := range userKept {
		fmt.Fprintf(w, "  %-8s kept %s (yours: symposium did not write it)\n", "skill", a.Path)
	}
	if len(kept) > 0 {
		fmt.Fprintf(w, "kept %d trust entr%s that init --trust added (in %s); `cargo agents uninstall --trust` takes %s back\n",
			len(kept), plural(len(kept), "y", "ies"), strings.Join(uniqueFiles(kept), ", "), plural(len(kept), "it", "them"))
	}
	if dryRun {
		fmt.Fprintln(w, "(dry run: nothing was changed)")
	}
}

// workspaceRoot is the root of the Rust workspace containing the current
// directory, "" outside one. A workspace whose Cargo.toml no longer parses
// is still found through the sync state symposium kept for it.
func workspaceRoot(dirs config.Dirs) string {
	if root, err := cargows.Root(cargows.Options{}); err == nil {
		return root
	}
	cwd, err := os.Getwd()
	if err != nil {
		return ""
	}
	if st, err := syncstate.Find(dirs.Cache, cwd); err == nil && st != nil {
		st.Close()
		return st.WorkspaceRoot
	}
	return ""
}

// uninstallTrust takes back (with take) the recorded trust entries for the
// workspace at root and the user-wide ones, or lists them as kept. Entries
// for other workspaces stay recorded: their installs are still there.
func uninstallTrust(dirs config.Dirs, root string, take, dry bool) (kept []agent.TrustEntry, changes []stream.Action, err error) {
	rec, err := loadTrustRecord(dirs)
	if err != nil {
		return nil, nil, err
	}
	files := agentfiles.Real()
	if dry {
		files = agentfiles.DryRun()
	}
	var left []agent.TrustEntry
	var errs []error
	// Newest first: an entry may sit in an object an earlier one made.
	for i := len(rec.Entries) - 1; i >= 0; i-- {
		e := rec.Entries[i]
		if e.Workspace != "" && e.Workspace != root {
			left = append(left, e)
			continue
		}
		if !take {
			kept = append(kept, e)
			left = append(left, e)
			continue
		}
		c, gone, err := agent.UndoTrust(files, e)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: taking back the trust symposium added: %w", e.File, err))
		}
		if !gone {
			left = append(left, e)
			continue
		}
		if c.Status != stream.StatusUnchanged {
			changes = append(changes, stream.Action{Op: "trust", Agent: e.Agent, Path: e.File, Status: c.Status, Detail: c.Detail})
		}
	}
	// left was built newest first; the record keeps its order.
	for i, j := 0, len(left)-1; i < j; i, j = i+1, j-1 {
		left[i], left[j] = left[j], left[i]
	}
	for i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {
		kept[i], kept[j] = kept[j], kept[i]
	}
	if take && !dry && len(left) != len(rec.Entries) {
		rec.Entries = left
		if err := saveTrustRecord(dirs, rec); err != nil {
			errs = append(errs, err)
		}
	}
	return kept, changes, errors.Join(errs...)
}

func uniqueFiles(es []agent.TrustEntry) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range es {
		if !seen[e.File] {
			seen[e.File] = true
			out = append(out, e.File)
		}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
