package sourcecmd

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// runSearch is `cargo agents search` (upstream reference/cargo-agents-search.md):
// a substring match over what the configured sources hold, then the crate
// registry, which can only be asked about one exact name.
func runSearch(stdio cli.Stdio, g Globals, args []string) error {
	var asJSON bool
	rest, help, err := parseFlags("cargo agents search", searchUsage, stdio, args, map[string]*bool{"json": &asJSON})
	if help || err != nil {
		return err
	}
	if len(rest) != 1 || strings.TrimSpace(rest[0]) == "" {
		return cli.Usagef("usage: cargo agents search <QUERY>")
	}
	query := rest[0]
	dirs, cfg, err := userconf.Load(func(pos.Warning) {})
	if err != nil {
		return err
	}
	_, scans := plugin.ScanConfigured(context.Background(), cfg, dirs, g.Update, func(pos.Warning) {})
	hits := sourceHits(scans, strings.ToLower(query))
	hit, note := registryHit(dirs, g, query)
	if hit != nil {
		for _, h := range hits {
			if h.Version == "" && config.NormName(h.Name) == config.NormName(hit.Name) {
				// The plain name is the plugin's: the crate's is crate:NAME.
				hit.Description = "crate embeds an agent plugin: cargo agents use " + config.CrateEntry(hit.Name)
			}
		}
		hits = append(hits, *hit)
	}
	if note != "" && !g.Quiet {
		fmt.Fprintf(stdio.Err, "note: crate registry: %s\n", note)
	}
	if asJSON || g.JSON {
		return writeRecords(g.records(stdio), hits)
	}
	printHits(stdio, query, hits)
	return nil
}

// sourceHits are the plugins and standalone skills of every source that
// match q (lower case): by name, then by a skill a plugin provides, then by
// a crate it is for.
func sourceHits(scans []*plugin.Scan, q string) []stream.SearchMatch {
	var hits []stream.SearchMatch
	for _, sc := range scans {
		for _, m := range sc.Plugins {
			matched, ok := pluginMatch(m, q)
			if !ok {
				continue
			}
			h := stream.SearchMatch{Kind: stream.KindSearchMatch, Origin: sc.Source.Name, Name: m.Name, Matched: matched}
			if m.Dormant {
				h.State, h.Description = stream.StateDormant, "dormant: enable it with cargo agents use "+m.Name
			}
			hits = append(hits, h)
		}
		for _, s := range sc.Standalones {
			h := stream.SearchMatch{Kind: stream.KindSearchMatch, Origin: sc.Source.Name, Name: s.Skill.Name, Description: s.Skill.Description}
			switch crate := firstContaining(s.Crates.Names(), q); {
			case strings.Contains(strings.ToLower(s.Skill.Name), q):
			case crate != "":
				h.Matched = "crate " + crate
			default:
				continue
			}
			if s.Dormant {
				h.State = stream.StateDormant
			}
			hits = append(hits, h)
		}
	}
	return hits
}

// pluginMatch says whether m matches q and, when not by its name, what did.
func pluginMatch(m *plugin.Manifest, q string) (string, bool) {
	if strings.Contains(strings.ToLower(m.Name), q) {
		return "", true
	}
	if s := firstContaining(pluginSkills(m), q); s != "" {
		return "skill " + s, true
	}
	crates := m.Crates.Names()
	for _, g := range m.Skills {
		crates = append(crates, g.Crates.Names()...)
	}
	for _, s := range m.MCPServers {
		crates = append(crates, s.Crates.Names()...)
	}
	if c := firstContaining(crates, q); c != "" {
		return "crate " + c, true
	}
	return "", false
}

// pluginSkills names the skills of m's local skill groups (source.path
// inside the plugin directory): what is on disk already. Skills of git or
// crate-sourced groups are not fetched for a search.
func pluginSkills(m *plugin.Manifest) []string {
	var names []string
	for _, g := range m.Skills {
		if g.SourceGit != "" || g.CratePath != "" {
			continue
		}
		dir := filepath.Join(m.Dir, filepath.FromSlash(g.SourcePath))
		if rel, err := filepath.Rel(m.Dir, dir); err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		files, _, err := plugin.GroupSkills(dir)
		if err != nil {
			continue
		}
		for _, f := range files {
			names = append(names, filepath.Base(filepath.Dir(f)))
		}
	}
	return names
}

func firstContaining(names []string, q string) string {
	for _, n := range names {
		if strings.Contains(strings.ToLower(n), q) {
			return n
		}
	}
	return ""
}

// registryHit asks the crate registry about the crate named exactly query
// (its sparse index has no search) and returns it when it embeds a plugin,
// with a note saying plainly what was and was not searched.
func registryHit(dirs config.Dirs, g Globals, query string) (*stream.SearchMatch, string) {
	const exact = "looked up only as the exact crate name %q (its index cannot be searched by substring)"
	switch {
	case !cratefetch.ValidName(query):
		return nil, fmt.Sprintf("not searched: %q is not a crate name", query)
	case g.Update == plugin.UpdateOffline:
		return nil, fmt.Sprintf("not searched (--update offline); online, it is "+exact, query)
	}
	cwd, _ := os.Getwd()
	f := NewFetcher(dirs.Cache, cwd, false)
	ctx := context.Background()
	c, err := f.Newest(ctx, query, nil)
	if err != nil {
		return nil, fmt.Sprintf(exact+", and %s", query, unavailable(err, "it could not be reached"))
	}
	dir, err := f.Source(ctx, c)
	if err != nil {
		return nil, fmt.Sprintf(exact+": crate %s %s is there, but whether it embeds a plugin is unknown: %s", query, c.Name, c.Version, unavailable(err, "its source could not be had"))
	}
	if !plugin.EmbedsPlugin(dir) {
		return nil, fmt.Sprintf(exact+": crate %s %s embeds no agent plugin", query, c.Name, c.Version)
	}
	return &stream.SearchMatch{Kind: stream.KindSearchMatch, Origin: "crates.io", Name: c.Name, Version: c.Version, Description: "crate embeds an agent plugin: cargo agents use " + c.Name}, ""
}

// unavailable words a registry failure for a search: the reason, without
// cratefetch's advice to run cargo fetch (which downloads a workspace's
// dependencies, not a crate being searched for).
func unavailable(err error, what string) string {
	var ue *cratefetch.UnavailableError
	if !errors.As(err, &ue) {
		return fmt.Sprintf("%s: %v", what, err)
	}
	if strings.Contains(ue.Reason, "has no such crate") {
		return "there is no crate of that name"
	}
	why := ue.Reason
	if ue.Err != nil {
		if why != "" {
			why += ": "
		}
		why += ue.Err.Error()
	}
	return fmt.Sprintf("%s (%s)", what, why)
}

func printHits(stdio cli.Stdio, query string, hits []stream.SearchMatch) {
	if len(hits) == 0 {
		fmt.Fprintf(stdio.Out, "nothing matches %q\n", query)
		return
	}
	origin := ""
	for _, h := range hits {
		if h.Origin != origin {
			origin = h.Origin
			fmt.Fprintf(stdio.Out, "from %s:\n", origin)
		}
		line := "  " + h.Name
		if h.Version != "" {
			line += " " + h.Version
		}
		fmt.Fprintln(stdio.Out, line)
		if h.Matched != "" {
			fmt.Fprintf(stdio.Out, "      matches %s\n", h.Matched)
		}
		if h.Description != "" {
			fmt.Fprintf(stdio.Out, "      %s\n", h.Description)
		}
	}
}
