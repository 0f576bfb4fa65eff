package sourcecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/cargows"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/consent"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/pipeline"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
)

// The consent commands of upstream v0.4: `use`, `status` and `search`
// (reference/cargo-agents-use.md, -status.md, -search.md).

const statusUsage = `Usage: cargo agents status [--json] [--jq EXPR]

Shows each plugin for this workspace and why it is there: active (enabled,
and its predicates hold; the root names what enabled it), dormant (awaiting
cargo agents use, or its predicates do not hold here), candidate (embedded
in a dependency, awaiting your consent) or declined ([plugins] disable).
Nothing is fetched: a dependency whose source cargo has not unpacked yet is
not listed, and a crate plugin the last sync read whose source is not on
disk now is listed as that sync found it (says so).

  --json     one plugin_status record per line
  --jq EXPR  run the jq expression EXPR over each record (implies --json)
`

const useUsage = `Usage: cargo agents use <NAME> [--global] [--remove]
       cargo agents use --workspace [--remove]

Enables a plugin by name (a dormant registry plugin, or the plugin a crate
embeds) by recording it in [plugins] use of your config.toml, then syncs.
Where a plugin source's plugin and a crate share the name, NAME is the
plugin; crate:NAME is the crate (a crate is recorded as crate:NAME).

  --global     enable it in every workspace (default: only this one)
  --remove     drop the entry recorded in that scope instead
  --workspace  approve this workspace's own SYMPOSIUM.toml files as they
               are now: their hooks, MCP servers, installations, chained
               plugins and subcommands apply until one of them changes
               (their skills install without approval); with --remove,
               withdraw the approval
`

const searchUsage = `Usage: cargo agents search <QUERY> [--json] [--jq EXPR]

Finds, in every configured plugin source, the plugins and standalone skills
whose name contains QUERY (case-insensitive), or that provide a skill or
are for a crate whose name contains it. The crate registry's index cannot
be searched by substring: it is asked only for the crate named exactly
QUERY (not at all with --update offline), and that crate is listed when it
embeds a plugin. An unreachable registry is a note, not an error.

  --json     one search_match record per line
  --jq EXPR  run the jq expression EXPR over each record (implies --json)
`

// workspaceStatus matches the workspace containing dir without touching
// the network (upstream: "Discovery is cache-only").
func workspaceStatus(dir string, warn func(pos.Warning)) (*cargows.Result, *plugin.Result, config.Dirs, *config.Config, error) {
	ws, err := cargows.Load(cargows.Options{Dir: dir})
	if err != nil {
		return nil, nil, config.Dirs{}, nil, err
	}
	dirs, cfg, err := userconf.Load(warn)
	if err != nil {
		return ws, nil, dirs, nil, err
	}
	var deps []cratepred.Dep
	for _, d := range ws.Deps {
		deps = append(deps, cratepred.Dep{Name: d.Name, Version: d.Version, Unresolved: d.Unresolved})
	}
	f := NewFetcher(dirs.Cache, ws.Workspace.Root, true)
	pws := plugin.WorkspaceOf(ws.Workspace)
	pws.LookupEnv = os.LookupEnv // env(NAME) predicates read ours
	res := plugin.MatchConfigured(context.Background(), cfg, dirs, plugin.UpdateOffline, cratepred.NewSet(deps),
		pws, ws.Deps, f, func(pos.Warning) {})
	return ws, res, dirs, cfg, nil
}

func parseFlags(name, usage string, stdio cli.Stdio, args []string, bools map[string]*bool, strs ...map[string]*string) ([]string, bool, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for k, p := range bools {
		fs.BoolVar(p, k, false, "")
	}
	for _, m := range strs {
		for k, p := range m {
			fs.StringVar(p, k, "", "")
		}
	}
	// Flags may follow the name: parse them out wherever they are.
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdio.Out, usage)
				return nil, true, nil
			}
			return nil, false, cli.Usagef("%v", err)
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return rest, false, nil
}

func runStatus(stdio cli.Stdio, g Globals, args []string) error {
	var asJSON bool
	rest, help, err := parseFlags("cargo agents status", statusUsage, stdio, args, map[string]*bool{"json": &asJSON})
	if help || err != nil {
		return err
	}
	if len(rest) > 0 {
		return cli.Usagef("status takes no arguments (run it inside the workspace)")
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	ws, res, dirs, _, err := workspaceStatus(cwd, func(pos.Warning) {})
	if err != nil {
		return err
	}
	res.Statuses = append(res.Statuses, fromLastSync(dirs.Cache, ws.Workspace.Root, res.Statuses)...)
	if asJSON || g.JSON {
		return writeRecords(g.records(stdio), res.Statuses)
	}
	if len(res.Statuses) == 0 {
		fmt.Fprintln(stdio.Out, "no plugins")
	}
	for _, s := range res.Statuses {
		fmt.Fprintln(stdio.Out, statusLine(s, s.Crate != "" && pluginStatus(res, s.Crate) != nil)+approvalNote(s))
	}
	g.Log.Printf(logfile.Info, "%d plugin(s)", len(res.Statuses))
	return nil
}

// statusLine words one plugin_status record as upstream's status does,
// with a crate's plugin marked as one: a plugin source's plugin and a
// crate may share a name. shared says a plugin has the crate's name, so
// enabling the crate takes "crate:NAME".
func statusLine(s stream.PluginStatus, shared bool) string {
	name := s.Name
	if s.Version != "" {
		name += " " + s.Version
	}
	if s.Crate != "" {
		name = "crate " + name
		if config.NormName(s.Name) != config.NormName(s.Crate) {
			name = s.Name + " (crate " + strings.TrimSpace(s.Crate+" "+s.Version) + ")"
		}
	}
	switch s.State {
	case stream.StateActive:
		if s.Reason != "" {
			return fmt.Sprintf("✅ %s — %s (%s)", name, s.Root, s.Reason)
		}
		return fmt.Sprintf("✅ %s — %s", name, s.Root)
	case stream.StateDormant:
		return fmt.Sprintf("💤 %s — %s (%s)", name, s.Root, s.Reason)
	case stream.StateCandidate:
		use := s.Crate
		if shared {
			use = config.CrateEntry(s.Crate)
		}
		return fmt.Sprintf("❓ %s — found via dependency `%s`, awaiting consent (`cargo agents use %s`)", name, s.Crate, use)
	case stream.StateDeclined:
		return fmt.Sprintf("➖ %s — declined (`[plugins] disable`)", name)
	}
	return fmt.Sprintf("%s — %s", name, s.State)
}

// fromLastSync returns the crate plugins the last sync of the workspace
// at root had active that the offline match (now) did not reach: status
// does not fetch, so a crate the sync downloaded at the registry's newest
// version, through a chain or a use entry, may be out of its reach while
// its skills are installed. Each says so in its reason.
func fromLastSync(cacheDir, root string, now []stream.PluginStatus) []stream.PluginStatus {
	seen := map[string]bool{}
	for _, s := range now {
		if s.Crate != "" {
			seen[config.NormName(s.Crate)] = true
		}
	}
	var out []stream.PluginStatus
	for _, s := range syncstate.LoadStatuses(cacheDir, root) {
		if s.State != stream.StateActive || s.Crate == "" || seen[config.NormName(s.Crate)] {
			continue
		}
		seen[config.NormName(s.Crate)] = true
		s.Reason = "as of the last sync: its source is not on disk now, so only that sync could read it"
		out = append(out, s)
	}
	return out
}

func validUseName(name string) bool {
	if name == "" || len(name) > 128 {
		return false
	}
	for _, r := range name {
		if r < 0x21 || r == 0x7f || r == '"' || r == '\\' {
			return false
		}
	}
	return true
}

func runUse(stdio cli.Stdio, g Globals, args []string) error {
	var global, remove, approve bool
	rest, help, err := parseFlags("cargo agents use", useUsage, stdio, args, map[string]*bool{"global": &global, "remove": &remove, "workspace": &approve})
	if help || err != nil {
		return err
	}
	if approve {
		return runUseWorkspace(stdio, g, rest, global, remove) // approve.go
	}
	if len(rest) != 1 {
		return cli.Usagef("usage: cargo agents use <NAME> [--global] [--remove]")
	}
	if !validUseName(rest[0]) {
		return cli.Usagef("%q is not a plugin or crate name", rest[0])
	}
	name, crateOnly := config.SplitEntry(rest[0])
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	ws, res, dirs, cfg, err := workspaceStatus(cwd, func(pos.Warning) {})
	var root string
	if err == nil {
		root = ws.Workspace.Root
	} else if !global {
		if errors.Is(err, cargofind.ErrNotFound) {
			return fmt.Errorf("%v\nRun cargo agents use inside a Rust workspace, or pass --global", err)
		}
		return err // a Cargo.toml or config.toml that does not parse says where
	} else if dirs, cfg, err = userconf.Load(func(pos.Warning) {}); err != nil {
		return err
	}
	scope := "this workspace (" + root + ")"
	workspace := root
	if global {
		scope, workspace = "every workspace", ""
	}
	// A plain name means the plugin of that name when a plugin source
	// has one, else the crate; "crate:NAME" only the crate (config.Consent).
	isPlugin := !crateOnly && hasPlugin(res, cfg, dirs, name)
	if remove {
		return removeUse(stdio, g, cwd, root, dirs, cfg, name, isPlugin, workspace, scope)
	}
	entry, known := name, ""
	if isPlugin {
		if cfg.Plugins.Disabled(name) {
			return fmt.Errorf("plugin %s is in [plugins] disable in %s, which wins over use: remove it there first", name, cfg.Path)
		}
		st := pluginStatus(res, name)
		if st != nil && st.State == stream.StateActive && strings.HasPrefix(st.Root, "registry ") {
			if !g.Quiet {
				fmt.Fprintf(stdio.Out, "%s is already enabled by %s: nothing to record\n", name, st.Root)
			}
			return nil
		}
		known = "plugin " + name
	} else {
		if cfg.Plugins.CrateDisabled(name) {
			return fmt.Errorf("crate %s is in [plugins] disable in %s, which wins over use: remove it there first", name, cfg.Path)
		}
		// The name must resolve to something before it is recorded.
		if known = crateKnown(g, ws, res, dirs, cwd, name, true); known == "" {
			return fmt.Errorf("nothing is named %s: not a plugin of your sources, a dependency of this workspace, or a crate on the registry; find the name with `cargo agents search %s`", name, name)
		}
		entry = config.CrateEntry(name)
	}
	if err := consent.Edit(dirs, func(d *fileedit.TOML) (bool, error) { return consent.AddUse(d, entry, workspace) }); err != nil {
		return err
	}
	g.Log.Printf(logfile.Info, "recorded [plugins] use %s (%s, %s) in %s", entry, known, scope, cfg.Path)
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "%s (%s): enabled for %s in %s as %q\n", name, known, scope, cfg.Path, entry)
		if other := crateKnown(g, ws, res, dirs, cwd, name, false); isPlugin && other != "" {
			fmt.Fprintf(stdio.Out, "note: %s has the same name and is not enabled by this; `cargo agents use %s` enables its plugin\n", other, config.CrateEntry(name))
		}
	}
	return syncAfter(stdio, g, cwd, root)
}

// removeUse drops the use entries that mean what name names: the plugin's
// plain entry, or the crate's "crate:NAME" (and a plain NAME, which means
// the crate while no plugin has the name).
func removeUse(stdio cli.Stdio, g Globals, cwd, root string, dirs config.Dirs, cfg *config.Config, name string, isPlugin bool, workspace, scope string) error {
	label := "crate " + name
	if isPlugin {
		label = "plugin " + name
	}
	reaches := func(entry string) bool {
		n, crate := config.SplitEntry(entry)
		return config.NormName(n) == config.NormName(name) && !(crate && isPlugin)
	}
	if err := consent.Edit(dirs, func(d *fileedit.TOML) (bool, error) { return consent.RemoveUse(d, reaches, label, workspace) }); err != nil {
		return err
	}
	g.Log.Printf(logfile.Info, "removed [plugins] use of %s (%s) from %s", label, scope, cfg.Path)
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "%s: no longer enabled for %s\n", label, scope)
	}
	return syncAfter(stdio, g, cwd, root)
}

// hasPlugin reports whether a plugin source (or the workspace's own
// SYMPOSIUM.toml) defines a plugin called name. Outside a workspace the
// configured sources are scanned as they are cached.
func hasPlugin(res *plugin.Result, cfg *config.Config, dirs config.Dirs, name string) bool {
	if res != nil {
		return pluginStatus(res, name) != nil
	}
	_, scans := plugin.ScanConfigured(context.Background(), cfg, dirs, plugin.UpdateOffline, func(pos.Warning) {})
	for _, sc := range scans {
		for _, m := range sc.Plugins {
			if config.NormName(m.Name) == config.NormName(name) {
				return true
			}
		}
	}
	return false
}

// pluginStatus is the status of the plugin source's plugin called name.
func pluginStatus(res *plugin.Result, name string) *stream.PluginStatus {
	if res == nil {
		return nil
	}
	for i, s := range res.Statuses {
		if s.Crate == "" && config.NormName(s.Name) == config.NormName(name) {
			return &res.Statuses[i]
		}
	}
	return nil
}

// crateKnown words the crate called name ("crate widget 1.2.0",
// "dependency widget"), or "" when there is none: one a plugin status
// names, a dependency, else (when registry) the registry's newest.
func crateKnown(g Globals, ws *cargows.Result, res *plugin.Result, dirs config.Dirs, cwd, name string, registry bool) string {
	if res != nil {
		for _, s := range res.Statuses {
			if s.Crate != "" && config.NormName(s.Crate) == config.NormName(name) {
				return "crate " + s.Crate + " " + s.Version
			}
		}
	}
	if ws != nil {
		for _, d := range ws.Deps {
			if config.NormName(d.Name) == config.NormName(name) {
				return "dependency " + d.Name
			}
		}
	}
	if !registry || !cratefetch.ValidName(name) {
		return ""
	}
	f := NewFetcher(dirs.Cache, cwd, g.Update == plugin.UpdateOffline)
	c, err := f.Newest(context.Background(), name, nil)
	if err != nil {
		if !errors.Is(err, cratefetch.ErrUnavailable) || !strings.Contains(err.Error(), "not") {
			g.Log.Printf(logfile.Info, "registry lookup of %s: %v", name, err)
		}
		return ""
	}
	return "crate " + c.Name + " " + c.Version
}

// syncAfter runs the sync that makes a use take effect now.
func syncAfter(stdio cli.Stdio, g Globals, cwd, root string) error {
	if root == "" {
		return nil // --global outside a workspace: the next sync anywhere applies it
	}
	dirs, err := userconf.Dirs()
	if err != nil {
		return err
	}
	sum, err := pipeline.Sync(context.Background(), pipeline.Options{Dir: cwd, Update: g.SyncUpdate(), Quiet: g.Quiet, Stderr: stdio.Err, Version: buildinfo.Version,
		Dirs: dirs, Executable: cli.Executable()})
	if err != nil {
		return fmt.Errorf("recorded, but the sync failed: %w (run cargo agents sync)", err)
	}
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "synced: %d skill(s), %d hook(s), %d MCP server(s) match\n", sum.Matched.Skills, sum.Matched.Hooks, sum.Matched.MCPServers)
	}
	return nil
}

// writeRecords writes records to w (JSON lines, or through --jq).
func writeRecords[T any](w cli.Records, records []T) error {
	for _, r := range records {
		if err := w.Write(r); err != nil {
			return err
		}
	}
	return w.Flush()
}
