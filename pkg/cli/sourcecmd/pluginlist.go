package sourcecmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// pluginList is `cargo agents plugin list`: each source, then what it
// provides. The records are built once; text (-v adds each plugin's
// parts) and --json are two renderings of them.
func pluginList(stdio cli.Stdio, g Globals) error {
	scans, cfg, err := sourcesAndConfig(stdio, g)
	if err != nil {
		return err
	}
	w := g.records(stdio)
	for i, sc := range scans {
		src, entries := listSource(sc, cfg)
		g.Log.Printf(logfile.Info, "source %s: %s, %d plugin(s), %d standalone skill(s)", src.Name, sourceWhere(src), len(sc.Plugins), len(sc.Standalones))
		if g.JSON {
			if err := w.Write(src); err != nil {
				return err
			}
			for _, e := range entries {
				if err := w.Write(e); err != nil {
					return err
				}
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdio.Out)
		}
		printSource(stdio.Out, src, entries, g.Verbose)
	}
	return w.Flush()
}

// listSource describes one scanned source and each entry of it.
func listSource(sc *plugin.Scan, cfg *config.Config) (stream.PluginSource, []stream.PluginEntry) {
	s := sc.Source
	src := stream.PluginSource{Kind: stream.KindPluginSource, Name: s.Name, Git: s.Git, Dir: s.Dir, Embedded: s.Embedded}
	for _, p := range sc.Problems {
		if p.What == "source" {
			src.Problem = p.Err.Error()
		}
	}
	var entries []stream.PluginEntry
	for _, m := range sc.Plugins {
		e := stream.PluginEntry{Kind: stream.KindPluginEntry, Source: s.Name, What: "plugin", Name: m.Name, File: m.Path, Status: enablement(cfg, m)}
		if m.HasCrates {
			e.Crates = m.Crates.String()
		}
		for _, gr := range m.Skills {
			e.SkillGroups = append(e.SkillGroups, groupText(gr))
		}
		for _, h := range m.Hooks {
			e.Hooks = append(e.Hooks, h.Name+" on "+h.Event)
		}
		for _, sv := range m.MCPServers {
			e.MCPServers = append(e.MCPServers, sv.Name)
		}
		for _, ref := range m.Plugins {
			e.Chains = append(e.Chains, ref.Crate+ref.Req)
		}
		for _, c := range m.Subcommands {
			e.Commands = append(e.Commands, c.Name+": "+firstLineOf(c.Description))
		}
		for _, sk := range m.Skipped {
			e.Skipped = append(e.Skipped, sk.Err.Error())
		}
		entries = append(entries, e)
	}
	for _, st := range sc.Standalones {
		e := stream.PluginEntry{Kind: stream.KindPluginEntry, Source: s.Name, What: "skill", Name: st.Skill.Name, File: st.Skill.Path, Crates: st.Crates.String()}
		if st.Dormant {
			e.Status = enablement(cfg, &plugin.Manifest{Name: st.Skill.Name, Dormant: true})
		}
		entries = append(entries, e)
	}
	// What could not be loaded is listed too, with why.
	for _, p := range sc.Problems {
		if p.What != "source" {
			entries = append(entries, stream.PluginEntry{Kind: stream.KindPluginEntry, Source: s.Name, What: "skipped", Name: p.Name, File: p.File, Reason: p.Err.Error()})
		}
	}
	return src, entries
}

// groupText words where a skill group's skills come from: "path DIR",
// "git URL", or, for a group read from each named crate's own source,
// "from DIR in the source of each crate it names" (crateGroupPrefix).
func groupText(gr plugin.SkillGroup) string {
	var where string
	switch {
	case gr.CratePath != "":
		where = crateGroupPrefix + gr.CratePath + " in the source of each crate it names"
	case gr.SourceGit != "":
		where = "git " + gr.SourceGit
	default:
		where = "path " + gr.SourcePath
	}
	if gr.HasCrates {
		where += "; crates: " + gr.Crates.String()
	}
	return where
}

const crateGroupPrefix = "from "

func sourceWhere(src stream.PluginSource) string {
	switch {
	case src.Embedded:
		return src.Dir + " (built-in snapshot " + plugin.EmbeddedCommit[:7] + ")"
	case src.Dir == "" && src.Git != "":
		return "(not available)"
	case src.Dir == "":
		return "(missing)"
	}
	return src.Dir
}

// printSource is the text form: one line per entry, and with verbose the
// parts of each plugin.
func printSource(out io.Writer, src stream.PluginSource, entries []stream.PluginEntry, verbose bool) {
	if src.Git != "" {
		fmt.Fprintf(out, "%s: git %s\n  %s\n", src.Name, src.Git, sourceWhere(src))
	} else {
		fmt.Fprintf(out, "%s: %s\n", src.Name, sourceWhere(src))
	}
	if len(entries) == 0 {
		fmt.Fprintln(out, "  (no plugins or skills)")
	}
	for _, e := range entries {
		switch e.What {
		case "plugin":
			fmt.Fprintf(out, "  plugin %-28s crates: %s\n", e.Name, cratesText(e.Crates != "", e.Crates))
			detail := func(format string, args ...any) { fmt.Fprintf(out, "         "+format+"\n", args...) }
			if e.Status != "" {
				detail("%s", e.Status)
			}
			if verbose {
				detail("file: %s", e.File)
			}
			for _, c := range e.Chains {
				detail("chains to crate %s", c)
			}
			for _, c := range e.Commands {
				name, desc, _ := strings.Cut(c, ": ")
				detail("adds `cargo agents %s`: %s", name, desc)
			}
			// Parts left out for a field this version does not read.
			for _, sk := range e.Skipped {
				detail("skipped: %s", sk)
			}
			if !verbose {
				printCrateGroups(out, e)
				continue
			}
			for _, gr := range e.SkillGroups {
				detail("skills: %s", gr)
			}
			for _, h := range e.Hooks {
				detail("hook: %s", h)
			}
			for _, sv := range e.MCPServers {
				detail("MCP server: %s", sv)
			}
		case "skill":
			fmt.Fprintf(out, "  skill  %-28s crates: %s\n", e.Name, e.Crates)
			if e.Status != "" {
				fmt.Fprintf(out, "         %s\n", e.Status)
			}
			if verbose {
				fmt.Fprintf(out, "         file: %s\n", e.File)
			}
		case "skipped":
			reason := e.Reason
			if !verbose {
				reason = firstLine(fmt.Errorf("%s", reason))
			}
			fmt.Fprintf(out, "  skipped %-27s %s\n", e.Name, reason)
		}
	}
}

// printCrateGroups keeps the terse listing's one note about groups: those
// whose skills come from each named crate's own source.
func printCrateGroups(out io.Writer, e stream.PluginEntry) {
	for _, gr := range e.SkillGroups {
		if strings.HasPrefix(gr, crateGroupPrefix) {
			fmt.Fprintf(out, "         skills %s\n", gr)
		}
	}
}
