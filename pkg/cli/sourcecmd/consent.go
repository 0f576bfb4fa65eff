package sourcecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cargo"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/consent"
	"github.com/symposium-dev/symposium-go/pkg/cratesrc"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/jqout"
	"github.com/symposium-dev/symposium-go/pkg/pipeline"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/predicate"
	"github.com/symposium-dev/symposium-go/pkg/runlog"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// The consent commands of upstream v0.4: `use`, `status` and `search`
// (reference/cargo-agents-use.md, -status.md, -search.md).

func init() {
	Commands["use"] = runUse
	Commands["status"] = runStatus
	Commands["search"] = runSearch
}

const statusUsage = `Usage: cargo agents status [--json] [--jq EXPR]

Shows each plugin for this workspace and why it is there: active (enabled,
and its predicates hold; the root names what enabled it), dormant (awaiting
cargo agents use, or its predicates do not hold here), candidate (embedded
in a dependency, awaiting your consent) or declined ([plugins] disable).
Nothing is fetched: a dependency whose source cargo has not unpacked yet is
not listed.

  --json     one plugin_status record per line
  --jq EXPR  run the jq expression EXPR over each record (implies --json)
`

const useUsage = `Usage: cargo agents use <NAME> [--global] [--remove]
       cargo agents use --workspace [--remove]

Enables a plugin by name (a dormant registry plugin, or the plugin a crate
embeds) by recording it in [plugins] use of your config.toml, then syncs.

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
func workspaceStatus(dir string, warn func(string)) (*cargo.Result, *plugin.Result, config.Dirs, *config.Config, error) {
	ws, err := cargo.Load(cargo.Options{Dir: dir})
	if err != nil {
		return nil, nil, config.Dirs{}, nil, err
	}
	dirs, cfg, err := config.LoadUser(warn)
	if err != nil {
		return ws, nil, dirs, nil, err
	}
	var deps []predicate.Dep
	for _, d := range ws.Deps {
		deps = append(deps, predicate.Dep{Name: d.Name, Version: d.Version, Unresolved: d.Unresolved})
	}
	f := cratesrc.New(dirs.Cache, ws.Workspace.Root, true)
	res := plugin.MatchConfigured(context.Background(), cfg, dirs, plugin.UpdateOffline, predicate.NewSet(deps),
		plugin.WorkspaceOf(ws.Workspace), ws.Deps, f, func(string) {})
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
	var jq string
	rest, help, err := parseFlags("cargo agents status", statusUsage, stdio, args, map[string]*bool{"json": &asJSON}, map[string]*string{"jq": &jq})
	if help || err != nil {
		return err
	}
	filter, err := jqFilter(jq)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return cli.Usagef("status takes no arguments (run it inside the workspace)")
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	_, res, _, _, err := workspaceStatus(cwd, func(string) {})
	if err != nil {
		return err
	}
	if asJSON || g.JSON || filter != nil {
		return writeRecords(stdio.Out, filter, res.Statuses)
	}
	if len(res.Statuses) == 0 {
		fmt.Fprintln(stdio.Out, "no plugins")
	}
	for _, s := range res.Statuses {
		fmt.Fprintln(stdio.Out, statusLine(s)+approvalNote(s))
	}
	g.Log.Printf(runlog.Info, "%d plugin(s)", len(res.Statuses))
	return nil
}

// statusLine words one plugin_status record as upstream's status does.
func statusLine(s stream.PluginStatus) string {
	name := s.Name
	if s.Version != "" {
		name += " " + s.Version
	}
	switch s.State {
	case stream.StateActive:
		return fmt.Sprintf("✅ %s — %s", name, s.Root)
	case stream.StateDormant:
		return fmt.Sprintf("💤 %s — %s (%s)", name, s.Root, s.Reason)
	case stream.StateCandidate:
		return fmt.Sprintf("❓ %s — found via dependency `%s`, awaiting consent (`cargo agents use %s`)", name, s.Crate, s.Crate)
	case stream.StateDeclined:
		return fmt.Sprintf("➖ %s — declined (`[plugins] disable`)", name)
	}
	return fmt.Sprintf("%s — %s", name, s.State)
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
	name := rest[0]
	if !validUseName(name) {
		return cli.Usagef("%q is not a plugin or crate name", name)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	ws, res, dirs, cfg, err := workspaceStatus(cwd, func(string) {})
	var root string
	if err == nil {
		root = ws.Workspace.Root
	} else if !global {
		return fmt.Errorf("%v\nRun cargo agents use inside a Rust workspace, or pass --global", err)
	} else if dirs, cfg, err = config.LoadUser(func(string) {}); err != nil {
		return err
	}
	scope := "this workspace (" + root + ")"
	workspace := root
	if global {
		scope, workspace = "every workspace", ""
	}
	if remove {
		if err := consent.Edit(dirs, func(d *fileedit.TOML) (bool, error) { return consent.RemoveUse(d, name, workspace) }); err != nil {
			return err
		}
		g.Log.Printf(runlog.Info, "removed [plugins] use %s (%s) from %s", name, scope, cfg.Path)
		if !g.Quiet {
			fmt.Fprintf(stdio.Out, "%s: no longer enabled for %s\n", name, scope)
		}
		return syncAfter(stdio, g, cwd, root)
	}
	if cfg.Plugins.Disabled(name) {
		return fmt.Errorf("%s is in [plugins] disable in %s, which wins over use: remove it there first", name, cfg.Path)
	}
	// The name must resolve to something before it is recorded.
	known := ""
	if res != nil {
		for _, s := range res.Statuses {
			if config.NormName(s.Name) != config.NormName(name) && config.NormName(s.Crate) != config.NormName(name) {
				continue
			}
			if s.State == stream.StateActive && strings.HasPrefix(s.Root, "registry ") && s.Crate == "" {
				if !g.Quiet {
					fmt.Fprintf(stdio.Out, "%s is already enabled by %s: nothing to record\n", name, s.Root)
				}
				return nil
			}
			known = "plugin " + s.Name
			if s.Crate != "" {
				known = "crate " + s.Crate + " " + s.Version
			}
		}
		for _, d := range ws.Deps {
			if known == "" && config.NormName(d.Name) == config.NormName(name) {
				known = "dependency " + d.Name
			}
		}
	}
	if known == "" && cratesrc.ValidName(name) {
		f := cratesrc.New(dirs.Cache, cwd, g.Update == plugin.UpdateOffline)
		if c, err := f.Newest(context.Background(), name, nil); err == nil {
			known = "crate " + c.Name + " " + c.Version
		} else if !errors.Is(err, cratesrc.ErrUnavailable) || !strings.Contains(err.Error(), "not") {
			g.Log.Printf(runlog.Info, "registry lookup of %s: %v", name, err)
		}
	}
	if known == "" {
		return fmt.Errorf("nothing is named %s: not a plugin of your sources, a dependency of this workspace, or a crate on the registry; find the name with `cargo agents search %s`", name, name)
	}
	if err := consent.Edit(dirs, func(d *fileedit.TOML) (bool, error) { return consent.AddUse(d, name, workspace) }); err != nil {
		return err
	}
	g.Log.Printf(runlog.Info, "recorded [plugins] use %s (%s, %s) in %s", name, known, scope, cfg.Path)
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "%s (%s): enabled for %s in %s\n", name, known, scope, cfg.Path)
	}
	return syncAfter(stdio, g, cwd, root)
}

// syncAfter runs the sync that makes a use take effect now.
func syncAfter(stdio cli.Stdio, g Globals, cwd, root string) error {
	if root == "" {
		return nil // --global outside a workspace: the next sync anywhere applies it
	}
	sum, err := pipeline.Sync(context.Background(), pipeline.Options{Dir: cwd, Update: g.Update, Quiet: g.Quiet, Stderr: stdio.Err, Version: cli.Version})
	if err != nil {
		return fmt.Errorf("recorded, but the sync failed: %w (run cargo agents sync)", err)
	}
	if !g.Quiet {
		fmt.Fprintf(stdio.Out, "synced: %d skill(s), %d hook(s), %d MCP server(s) match\n", sum.Matched.Skills, sum.Matched.Hooks, sum.Matched.MCPServers)
	}
	return nil
}

// jqFilter compiles a --jq expression ("" = none) before any work: a
// mistyped one is a usage error.
func jqFilter(expr string) (*jqout.Filter, error) {
	if expr == "" {
		return nil, nil
	}
	return jqout.Compile(expr)
}

// writeRecords writes one JSON record per line, or each through filter.
func writeRecords[T any](out io.Writer, filter *jqout.Filter, records []T) error {
	if filter != nil {
		for _, r := range records {
			if err := filter.Print(out, r); err != nil {
				return err
			}
		}
		return nil
	}
	w := stream.NewWriter(out)
	for _, r := range records {
		if err := w.Write(r); err != nil {
			return err
		}
	}
	return w.Flush()
}
