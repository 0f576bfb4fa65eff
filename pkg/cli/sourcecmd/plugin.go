package sourcecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratesindex"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// runPlugin is `cargo agents plugin list|show|validate|sync` (book:
// "cargo agents plugin").

const pluginUsage = `Usage: cargo agents plugin <SUBCOMMAND>

Subcommands:
  list                                  list plugin sources and the plugins they provide
                                        (-v: each plugin's file, skill groups, hooks and
                                        servers; --json: plugin_source, plugin_entry records;
                                        --jq EXPR: each through a jq expression)
  show <PLUGIN>                         show a plugin's manifest and where it is
  validate <PATH> [--no-check-crates]   check a plugin source, plugin, skill or SYMPOSIUM.toml
  sync [PROVIDER]                       fetch git plugin sources (all with auto-update, or PROVIDER)
`

func runPlugin(stdio cli.Stdio, g Globals, args []string) error {
	if len(args) == 0 {
		return cli.Usagef("missing subcommand (list, show, validate or sync)")
	}
	// `plugin SUB --help` (and so `cargo agents help plugin SUB`) is the
	// plugin usage, which describes every subcommand; validate has flags
	// of its own to describe.
	if args[0] != "validate" && (slices.Contains(args, "-h") || slices.Contains(args, "--help")) {
		args = args[:1:1]
		args[0] = "--help"
	}
	if g.JSON && (args[0] == "show" || args[0] == "sync") {
		return cli.Usagef("plugin %s has no --json output (--json works with plugin list and plugin validate)", args[0])
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprint(stdio.Out, pluginUsage)
		return nil
	case "list":
		if len(args) != 1 {
			return cli.Usagef("plugin list takes no arguments")
		}
		return pluginList(stdio, g)
	case "show":
		if len(args) != 2 {
			return cli.Usagef("usage: cargo agents plugin show <PLUGIN>")
		}
		return pluginShow(stdio, g, args[1])
	case "validate":
		return pluginValidate(stdio, g, args[1:])
	case "sync":
		if len(args) > 2 {
			return cli.Usagef("usage: cargo agents plugin sync [PROVIDER]")
		}
		provider := ""
		if len(args) == 2 {
			provider = args[1]
		}
		return pluginSync(stdio, g, provider)
	}
	return cli.Usagef("unknown plugin subcommand %q (list, show, validate, sync)", args[0])
}

func sourcesAndConfig(stdio cli.Stdio, g Globals) ([]*plugin.Scan, *config.Config, error) {
	warn := g.warner(stdio.Err)
	dirs, cfg, err := userconf.Load(warn)
	if err != nil {
		return nil, nil, err
	}
	_, scans := plugin.ScanConfigured(context.Background(), cfg, dirs, g.Update, warn)
	for _, sc := range scans {
		for _, p := range sc.Problems {
			warn(pos.Of(p.Err))
		}
	}
	return scans, cfg, nil
}

// enablement words what keeps a plugin from applying by name alone, or
// "" when nothing does: [plugins] disable, or dormancy (no dependency
// named anywhere) without a [plugins] use entry.
func enablement(cfg *config.Config, m *plugin.Manifest) string {
	switch {
	case cfg.Plugins.Disabled(m.Name):
		return "declined: in [plugins] disable"
	case m.Dormant:
		for _, u := range cfg.Plugins.Use {
			if config.NormName(u.Name) == config.NormName(m.Name) {
				return "dormant, enabled by " + u.Root()
			}
		}
		return "dormant: names no dependency; enable it with `cargo agents use " + m.Name + "`"
	}
	return ""
}

// firstLine is an error's first line, for one-line listings.
func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " (…)"
	}
	return s
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func cratesText(has bool, s string) string {
	if !has {
		return "(per group/server)"
	}
	return s
}

func pluginShow(stdio cli.Stdio, g Globals, name string) error {
	scans, cfg, err := sourcesAndConfig(stdio, g)
	if err != nil {
		return err
	}
	for _, sc := range scans {
		for _, m := range sc.Plugins {
			if m.Name != name {
				continue
			}
			data, err := os.ReadFile(m.Path)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdio.Out, "plugin: %s\nsource: %s\nfile:   %s\n", m.Name, sc.Source.Name, m.Path)
			if why := enablement(cfg, m); why != "" {
				fmt.Fprintf(stdio.Out, "status: %s\n", why)
			}
			for _, sk := range m.Skipped {
				fmt.Fprintf(stdio.Out, "skipped: %v\n", sk.Err)
			}
			fmt.Fprintf(stdio.Out, "\n%s", data)
			if len(data) > 0 && data[len(data)-1] != '\n' {
				fmt.Fprintln(stdio.Out)
			}
			return nil
		}
		for _, s := range sc.Standalones {
			if s.Skill.Name != name {
				continue
			}
			fmt.Fprintf(stdio.Out, "skill:  %s (standalone)\nsource: %s\nfile:   %s\ncrates: %s\n\n%s\n", s.Skill.Name, sc.Source.Name, s.Skill.Path, s.Crates.String(), s.Skill.Description)
			return nil
		}
	}
	for _, sc := range scans {
		for _, p := range sc.Problems {
			if p.What != "source" && p.Name == name {
				fmt.Fprintf(stdio.Out, "%s: %s (skipped)\nsource: %s\nfile:   %s\nreason: %v\n", p.What, p.Name, sc.Source.Name, p.File, p.Err)
				return nil
			}
		}
	}
	return fmt.Errorf("no plugin or standalone skill named %q (see `cargo agents plugin list`)", name)
}

const validateUsage = `Usage: cargo agents plugin validate <PATH> [--no-check-crates] [-v] [--json | --jq EXPR]

Checks a plugin source, a plugin, a skill or a SYMPOSIUM.toml: manifests,
SKILL.md frontmatter, crate predicates, and (unless --no-check-crates)
that the crates named exist on crates.io. A call of a custom predicate
that nothing checked defines with [[predicate]] is a warning: another of
your sources may define it.

With -v it also says which crate names were checked; with --json it prints
one validation record (errors and warnings in it) and nothing else; --jq
EXPR runs a jq expression over it.
`

func pluginValidate(stdio cli.Stdio, g Globals, args []string) error {
	fs := flag.NewFlagSet("cargo agents plugin validate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	noCheck := fs.Bool("no-check-crates", false, "skip checking that crate names exist on crates.io")
	fs.Bool("check-crates", true, "check crate names on crates.io (the default)")
	var paths []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdio.Out, validateUsage)
				return nil
			}
			return cli.Usagef("plugin validate: %v", err)
		}
		args = fs.Args()
		if len(args) > 0 {
			paths = append(paths, args[0])
			args = args[1:]
		}
	}
	if len(paths) != 1 {
		return cli.Usagef("usage: cargo agents plugin validate <PATH> [--no-check-crates]")
	}
	rep, err := plugin.Validate(paths[0])
	if err != nil {
		return err
	}
	v := stream.Validation{Kind: stream.KindValidation, Path: paths[0], Plugins: rep.Plugins, Skills: rep.Skills,
		Errors: append([]string{}, rep.Errors...), Warnings: append([]string{}, rep.Warnings...), Crates: crateNames(rep.Crates)}
	checkValidated(&v, rep.Crates, *noCheck)
	v.OK = len(v.Errors) == 0
	g.Log.Printf(logfile.Info, "validated %s: %d error(s), %d warning(s)", paths[0], len(v.Errors), len(v.Warnings))
	if g.JSON {
		w := g.records(stdio)
		if err := w.Write(v); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	} else {
		printValidation(stdio, v, g.Verbose)
	}
	if !v.OK {
		return cli.ErrSilent
	}
	return nil
}

// checkValidated asks the registry about the crate names (unless told
// not to), adding an error per missing crate, and says in CratesNote why
// they were not checked when they were not.
func checkValidated(v *stream.Validation, refs []plugin.CrateRef, noCheck bool) {
	switch {
	case len(refs) == 0:
		return
	case noCheck:
		v.CratesNote = "--no-check-crates"
		return
	}
	dirs, derr := userconf.Dirs()
	cache := ""
	if derr == nil {
		cache = dirs.Cache
	}
	missing, unreachable := checkCrates(cratesindex.New(cli.ReadEnv().CratesIndexURL, cache), refs)
	if unreachable != nil {
		v.CratesNote = unreachable.Error()
		return
	}
	v.Errors = append(v.Errors, missing...)
	v.CratesChecked = true
}

func crateNames(refs []plugin.CrateRef) []string {
	names := []string{}
	seen := map[string]bool{}
	for _, r := range refs {
		if !seen[r.Name] {
			seen[r.Name] = true
			names = append(names, r.Name)
		}
	}
	return names
}

// printValidation is the text form: warnings and errors on stderr, the
// verdict on stdout; verbose adds what was checked of the crate names.
func printValidation(stdio cli.Stdio, v stream.Validation, verbose bool) {
	for _, w := range v.Warnings {
		fmt.Fprintf(stdio.Err, "warning: %s\n", w)
	}
	if !v.CratesChecked && v.CratesNote != "" && v.CratesNote != "--no-check-crates" {
		fmt.Fprintf(stdio.Err, "warning: crate names were NOT checked: %s (run again online, or pass --no-check-crates)\n", v.CratesNote)
	}
	for _, e := range v.Errors {
		fmt.Fprintln(stdio.Err, e)
	}
	if verbose && len(v.Crates) > 0 {
		if v.CratesChecked {
			fmt.Fprintf(stdio.Out, "crate names checked on crates.io: %s\n", strings.Join(v.Crates, ", "))
		} else {
			fmt.Fprintf(stdio.Out, "crate names not checked on crates.io (%s): %s\n", v.CratesNote, strings.Join(v.Crates, ", "))
		}
	}
	summary := fmt.Sprintf("%s: %d plugin(s), %d skill(s)", v.Path, v.Plugins, v.Skills)
	if !v.OK {
		fmt.Fprintf(stdio.Out, "%s: %d error(s)\n", summary, len(v.Errors))
		return
	}
	fmt.Fprintf(stdio.Out, "%s: ok\n", summary)
}

// checkCrates asks the index about each distinct crate name once. When the
// index cannot answer, the result is unknown, never a pass or a fail.
func checkCrates(c *cratesindex.Client, refs []plugin.CrateRef) (missing []string, unreachable error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	answer := map[string]bool{}
	names := map[string]bool{}
	for _, r := range refs {
		names[strings.ToLower(r.Name)] = true
	}
	sorted := slices.Sorted(maps.Keys(names))
	for _, n := range sorted {
		ok, err := c.Exists(ctx, n)
		if errors.Is(err, cratesindex.ErrUnreachable) {
			return nil, err
		}
		if err != nil {
			return nil, err
		}
		answer[n] = ok
	}
	for _, r := range refs {
		if !answer[strings.ToLower(r.Name)] {
			missing = append(missing, fmt.Sprintf("%s:%d:1: crate %q is not on crates.io: check the spelling (or pass --no-check-crates for private crates)", r.File, r.Line, r.Name))
		}
	}
	return missing, nil
}

func pluginSync(stdio cli.Stdio, g Globals, provider string) error {
	dirs, cfg, err := userconf.Load(func(w pos.Warning) { fmt.Fprintf(stdio.Err, "warning: %s\n", w) })
	if err != nil {
		return err
	}
	failed := false
	var warnings []string
	r := &plugin.Resolver{Dirs: dirs, Ctx: context.Background(), Warn: func(w pos.Warning) { warnings = append(warnings, w.String()) }}
	found := false
	for _, sp := range plugin.Specs(cfg, dirs) {
		if provider != "" && sp.Name != provider {
			continue
		}
		found = true
		if sp.Git == "" {
			if provider != "" && !g.Quiet {
				fmt.Fprintf(stdio.Out, "%s: local directory %s, nothing to fetch\n", sp.Name, sp.Path)
			}
			continue
		}
		if provider == "" && !sp.AutoUpdate {
			g.Log.Printf(logfile.Info, "source %s: auto-update = false, skipped", sp.Name)
			if !g.Quiet {
				fmt.Fprintf(stdio.Out, "%s: auto-update = false, skipped (name it to sync it)\n", sp.Name)
			}
			continue
		}
		warnings = warnings[:0]
		src := r.Resolve(sp, plugin.UpdateFetch)
		if src.Embedded {
			// Offline on a fresh machine the snapshot is the central
			// source, as it is for every sync: nothing failed that a
			// later plugin sync with network would not fix, so exit 0.
			g.Log.Printf(logfile.Warn, "source %s: using the embedded snapshot %s: cannot fetch %s: %v", sp.Name, plugin.EmbeddedCommit[:7], src.Git, src.CloneErr)
			if !g.Quiet {
				fmt.Fprintf(stdio.Out, "%s: using the embedded snapshot %s (cannot fetch %s: %v)\n", sp.Name, plugin.EmbeddedCommit[:7], src.Git, src.CloneErr)
			}
			continue
		}
		for _, w := range warnings {
			failed = true
			fmt.Fprintf(stdio.Err, "warning: %s\n", w)
		}
		if src.Dir != "" {
			g.Log.Printf(logfile.Info, "source %s: fetched %s into %s", sp.Name, src.Git, src.Dir)
			if !g.Quiet {
				fmt.Fprintf(stdio.Out, "%s: %s\n", sp.Name, src.Dir)
			}
		}
	}
	if provider != "" && !found {
		return fmt.Errorf("no plugin source named %q (see `cargo agents plugin list`)", provider)
	}
	if failed {
		return cli.ErrSilent
	}
	return nil
}
