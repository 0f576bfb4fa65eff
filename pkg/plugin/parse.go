package plugin

// parseManifest, step by step: the file is decoded once into the typed
// structs below and once loosely (for fields this version does not know,
// unknown.go), then each table kind is read by its own method.

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/predexpr"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// parser holds one manifest's parse: the problems found so far, the parts
// left out, and whether any level names a dependency (the dormancy rule).
type parser struct {
	path      string
	lines     *lineIndex
	of        manifestOf
	m         *Manifest
	errs      []error
	anyCrates bool
	// dropped are the entries, by table and index, that hold an unknown
	// field; skippedInstalls the [[installations]] names left out, so a
	// hook naming one is left out too rather than run as a command line.
	dropped         map[string]map[int]bool
	skippedInstalls map[string]bool
}

func parseManifest(path string, data []byte, of manifestOf) (*Manifest, error) {
	var fm fileManifest
	if err := toml.Unmarshal(data, &fm); err != nil {
		return nil, tomlError(path, data, err)
	}
	var loose map[string]any
	if err := toml.Unmarshal(data, &loose); err != nil {
		return nil, tomlError(path, data, err)
	}
	p := &parser{path: path, lines: newLineIndex(data), of: of,
		m:       &Manifest{Path: path, Dir: filepath.Dir(path), Workspace: of.workspace},
		dropped: map[string]map[int]bool{}, skippedInstalls: map[string]bool{}}
	m := p.m
	p.unknownFields(loose)
	p.name(fm.Name)
	m.Crates, m.HasCrates, m.CratesLine, m.Predicates = p.dependsOn("", 0, fm.Crates, fm.DependsOn, fm.Predicates)
	p.customPredicates(fm.Predicate)
	p.skillGroups(fm.Skills)
	installNames := p.installations(fm.Installations)
	p.pluginRefs(fm.Plugins)
	if fm.Defaults != nil && fm.Defaults.Skills != nil && !p.isDropped("defaults", 0) {
		v := *fm.Defaults.Skills
		m.DefaultSkills = &v
	}
	for i, h := range fm.Hooks {
		if hk, ok := p.hook(i, h, installNames); ok {
			m.Hooks = append(m.Hooks, hk)
		}
	}
	p.servers("mcp_servers", fm.MCPServers)
	p.servers("mcp-servers", fm.MCPServers2)
	subs, errs, skips := parseSubcommands(p.path, p.lines, fm.Subcommand, installNames, p.skippedInstalls)
	p.errs = append(p.errs, errs...)
	for _, sk := range skips {
		p.skipped("subcommand", sk.name, sk.line, sk.msg)
	}
	m.Subcommands = subs
	// Upstream v0.4 ("Dormancy"): a registry plugin that names no
	// dependency anywhere has nothing to gate it on, so it loads dormant
	// and applies only where [plugins] use enables it. A crate's plugin is
	// gated by the reference that reached the crate, a workspace plugin by
	// being in the workspace.
	m.Dormant = !p.anyCrates && of.crate == "" && !of.workspace
	sort.SliceStable(m.Skipped, func(i, j int) bool { return m.Skipped[i].Line < m.Skipped[j].Line })
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	return m, nil
}

func (p *parser) errorf(format string, args ...any) {
	p.errs = append(p.errs, fmt.Errorf(format, args...))
}

// name sets the plugin's name: required of a source's plugin, defaulted
// for the workspace's (its directory) and a crate's (the crate).
func (p *parser) name(name *string) {
	m := p.m
	switch {
	case p.of.workspace && name == nil:
		m.Name = filepath.Base(m.Dir)
	case p.of.crate != "" && (name == nil || strings.TrimSpace(*name) == ""):
		m.Name = p.of.crate
	case name == nil || strings.TrimSpace(*name) == "":
		p.errorf("%s: missing required field name: add `name = \"<plugin-name>\"` at the top", p.path)
	default:
		m.Name = *name
		if err := checkPrintable(p.path, p.lines.key("", 0, "name"), "name", m.Name); err != nil {
			p.errs = append(p.errs, err)
		}
	}
}

// dependsOn reads a level's crates or depends-on (the same list in the
// book's and upstream's spelling) and its predicates.
func (p *parser) dependsOn(table string, i int, crates, deps, preds any) (l cratepred.List, has bool, line int, ps []Pred) {
	path := p.path
	key, v := "crates", crates
	if deps != nil {
		key, v = "depends-on", deps
		if crates != nil {
			p.errorf("%s:%d:1: both crates and depends-on are set: they are the same list; keep depends-on", path, p.lines.key(table, i, "depends-on"))
		}
	}
	what := key
	if table != "" {
		what = "[[" + table + "]] " + key
	}
	if v != nil {
		line = p.lines.key(table, i, key)
		var err error
		if l, err = crateList(path, line, what, v); err != nil {
			p.errs = append(p.errs, err)
		}
		has, p.anyCrates = true, true
	}
	if preds != nil {
		var err []error
		ps, err = predList(path, p.lines, table, i, preds)
		p.errs = append(p.errs, err...)
		if table != "hooks" && mentionsDeps(ps) {
			p.anyCrates = true
		}
	}
	return l, has, line, ps
}

// customPredicates reads the [[cratepred]] tables.
func (p *parser) customPredicates(list []filePredicate) {
	path, lines := p.path, p.lines
	for i, fp := range list {
		if p.isDropped("predicate", i) {
			continue
		}
		header := lines.header("predicate", i)
		cp := CustomPredicate{Line: header}
		if fp.Name != nil {
			cp.Name = *fp.Name
		}
		if !predexpr.ValidCustomName(cp.Name) {
			p.errorf("%s:%d:1: [[predicate]] name %q: a custom predicate is named with letters, digits and _ (starting with a letter) and not after a builtin (%s)", path, header, cp.Name, strings.Join(predexpr.Builtins, ", "))
		}
		switch c := fp.Command.(type) {
		case string:
			if strings.TrimSpace(c) == "" {
				p.errorf("%s:%d:1: [[predicate]] %q has an empty command", path, header, cp.Name)
			}
			cp.Command = c
		case map[string]any:
			cmdLine := lines.key("predicate", i, "command")
			in, e, skip := parseInstallation(path, cmdLine, fmt.Sprintf("[[predicate]] %q command", cp.Name), c, true)
			if skip != nil {
				p.skipped("predicate", cp.Name, cmdLine, fmt.Sprintf("%s: skipping [[predicate]] %q (calls of it are false); the rest of the plugin loads", p.skipReason(skip), cp.Name))
				continue
			}
			p.errs = append(p.errs, e...)
			if in != nil {
				cp.Install = &InstallRef{Inline: in, Line: cmdLine}
			}
		case nil:
			p.errorf("%s:%d:1: [[predicate]] %q has no command: set command = \"<installation name or command line>\"", path, header, cp.Name)
		default:
			p.errorf("%s:%d:1: [[predicate]] %q: command must be an installation name, a command line or an installation table", path, lines.key("predicate", i, "command"), cp.Name)
		}
		if fp.Args != nil {
			a, ok := fp.Args.([]any)
			strs, ok2 := stringsOf(a)
			if !ok || !ok2 {
				p.errorf("%s:%d:1: [[predicate]] %q: args must be an array of strings", path, lines.key("predicate", i, "args"), cp.Name)
			}
			cp.Args = strs
		}
		p.m.Custom = append(p.m.Custom, cp)
	}
}

// skillGroups reads the [[skills]] groups.
func (p *parser) skillGroups(list []fileGroup) {
	for i, g := range list {
		if p.isDropped("skills", i) {
			continue
		}
		p.m.Skills = append(p.m.Skills, p.skillGroup(i, g))
	}
}

func (p *parser) skillGroup(i int, g fileGroup) SkillGroup {
	path, lines, m := p.path, p.lines, p.m
	header := lines.header("skills", i)
	srcLine := lines.key("skills", i, "source")
	sg := SkillGroup{Line: header}
	sg.Crates, sg.HasCrates, sg.CratesLine, sg.Predicates = p.dependsOn("skills", i, g.Crates, g.DependsOn, g.Predicates)
	src, srcErr := groupSource(g.Source)
	switch {
	case srcErr != "":
		p.errorf("%s:%d:1: [[skills]] %s", path, srcLine, srcErr)
	case src.Path == nil && src.Git == nil && src.CratePath == nil:
		p.errorf("%s:%d:1: [[skills]] group has no source: set exactly one of source.path (a directory in the plugin) or source.git (a GitHub tree URL)", path, header)
	case countSet(src.Path, src.Git, src.CratePath) > 1:
		p.errorf("%s:%d:1: [[skills]] group (line %d) sets %s: a skill group must have exactly one of them", path, srcLine, header, setNames(src.Path, src.Git, src.CratePath))
	case src.Path != nil:
		sg.SourcePath = *src.Path
		if filepath.IsAbs(sg.SourcePath) {
			p.errorf("%s:%d:1: source.path %q must be relative to the plugin directory", path, srcLine, sg.SourcePath)
		}
	case src.CratePath != nil:
		sg.CratePath = *src.CratePath
		if !relInside(sg.CratePath) {
			p.errorf("%s:%d:1: source.crate_path %q must be a relative path inside the crate", path, srcLine, sg.CratePath)
		}
		// v0.3: the crate predicates pick which crates' sources are
		// read, so a wildcard alone names none.
		if !namesCrate(m.Crates) && !namesCrate(sg.Crates) {
			p.errorf("%s:%d:1: a crate-sourced [[skills]] group needs a crate predicate that is not \"*\" (at the plugin or group level): it names the crates whose sources are read", path, header)
		}
	default:
		sg.SourceGit = *src.Git
		if _, err := ParseGitURL(sg.SourceGit); err != nil {
			p.errorf("%s:%d:1: source.git: %w", path, srcLine, err)
		}
	}
	return sg
}

// installations reads the [[installations]] entries and returns the names
// declared, which a hook's string command may name.
func (p *parser) installations(list []map[string]any) map[string]bool {
	names := map[string]bool{}
	for i, t := range list {
		header := p.lines.header("installations", i)
		name, _ := t["name"].(string)
		where := fmt.Sprintf("[[installations]] %q", name)
		in, e, skip := parseInstallation(p.path, header, where, t, false)
		if skip != nil {
			p.skippedInstalls[name] = true
			p.skipped("installation", name, header, fmt.Sprintf("%s: skipping %s and the hooks that use it; the rest of the plugin loads", p.skipReason(skip), where))
			continue
		}
		p.errs = append(p.errs, e...)
		if in == nil {
			continue
		}
		if names[in.Name] {
			p.errorf("%s:%d:1: [[installations]] %q is declared twice", p.path, header, in.Name)
		}
		names[in.Name] = true
		p.m.Installations = append(p.m.Installations, *in)
	}
	return names
}

// skipReason is a skip error of parseInstallation without its
// "path:line:col: " prefix, which Skipped adds again.
func (p *parser) skipReason(err error) string {
	msg := strings.TrimPrefix(err.Error(), p.path+":")
	if loc := posPrefix.FindString(msg); loc != "" {
		msg = msg[len(loc):]
	}
	return msg
}

var posPrefix = regexp.MustCompile(`^[0-9]+:[0-9]+: `)

// pluginRefs reads the [[plugins]] chained references.
func (p *parser) pluginRefs(list []filePluginRef) {
	for i, fr := range list {
		if p.isDropped("plugins", i) {
			continue
		}
		header := p.lines.header("plugins", i)
		ref := PluginRef{Line: header}
		ref.Crates, ref.HasCrates, _, ref.Predicates = p.dependsOn("plugins", i, fr.Crates, fr.DependsOn, fr.Predicates)
		if err := ref.source(fr.Source); err != "" {
			p.errorf("%s:%d:1: [[plugins]] %s", p.path, p.lines.key("plugins", i, "source"), err)
		} else if p.of.crate == "" {
			// A registry plugin's chained reference names a dependency,
			// so it is not dormant (upstream: "Dormancy").
			p.anyCrates = true
		}
		p.m.Plugins = append(p.m.Plugins, ref)
	}
}

// servers reads [[mcp_servers]] (or [[mcp-servers]]) entries.
func (p *parser) servers(table string, list []fileServer) {
	for i, s := range list {
		if p.isDropped(table, i) {
			continue
		}
		p.m.MCPServers = append(p.m.MCPServers, p.server(table, i, s))
	}
}

func (p *parser) server(table string, i int, s fileServer) MCPServer {
	path, lines := p.path, p.lines
	header := lines.header(table, i)
	sv := MCPServer{Line: header, Type: "stdio", Args: s.Args}
	if s.Name == nil || *s.Name == "" {
		p.errorf("%s:%d:1: [[%s]] entry has no name", path, header, table)
	} else {
		sv.Name = *s.Name
		if err := checkPrintable(path, lines.key(table, i, "name"), "[["+table+"]] name", sv.Name); err != nil {
			p.errs = append(p.errs, err)
		}
	}
	sv.Crates, sv.HasCrates, sv.CratesLine, sv.Predicates = p.dependsOn(table, i, s.Crates, s.DependsOn, s.Predicates)
	if s.Type != nil {
		sv.Type = strings.ToLower(*s.Type)
	}
	switch c := s.Command.(type) {
	case nil:
	case string:
		sv.Command = c
	case []any:
		strs, ok := stringsOf(c)
		if !ok || len(strs) == 0 {
			p.errorf("%s:%d:1: [[%s]] %q: command must be a string or a non-empty array of strings", path, lines.key(table, i, "command"), table, sv.Name)
		} else {
			sv.Command = strs[0]
			sv.Args = append(append([]string{}, strs[1:]...), s.Args...)
		}
	default:
		p.errorf("%s:%d:1: [[%s]] %q: command must be a string or an array of strings", path, lines.key(table, i, "command"), table, sv.Name)
	}
	if s.URL != nil {
		sv.URL = *s.URL
	}
	var err error
	if sv.Env, err = pairs(s.Env); err != nil {
		p.errorf("%s:%d:1: [[%s]] %q: env %w", path, lines.key(table, i, "env"), table, sv.Name, err)
	}
	if sv.Headers, err = pairs(s.Headers); err != nil {
		p.errorf("%s:%d:1: [[%s]] %q: headers %w", path, lines.key(table, i, "headers"), table, sv.Name, err)
	}
	switch sv.Type {
	case "stdio":
		if sv.Command == "" {
			p.errorf("%s:%d:1: [[%s]] %q: a stdio server needs command", path, header, table, sv.Name)
		}
	case "http", "sse":
		if sv.URL == "" {
			p.errorf("%s:%d:1: [[%s]] %q: a %s server needs url", path, header, table, sv.Name, sv.Type)
		}
	default:
		p.errorf("%s:%d:1: [[%s]] %q: unknown type %q (stdio, http or sse)", path, lines.key(table, i, "type"), table, sv.Name, sv.Type)
	}
	return sv
}

// hook reads one [[hooks]] entry; ok is false when it is left out (an
// unknown field in it or in an installation it uses).
func (p *parser) hook(i int, h fileHook, installNames map[string]bool) (Hook, bool) {
	path, lines := p.path, p.lines
	header := lines.header("hooks", i)
	hk := Hook{Line: header, Format: "symposium"}
	if h.Name != nil {
		hk.Name = *h.Name
	}
	if p.isDropped("hooks", i) {
		return hk, false
	}
	if h.Name == nil || hk.Name == "" {
		p.errorf("%s:%d:1: [[hooks]] entry has no name", path, header)
	} else if err := checkPrintable(path, lines.key("hooks", i, "name"), "[[hooks]] name", hk.Name); err != nil {
		p.errs = append(p.errs, err)
	}
	if h.Event == nil {
		p.errorf("%s:%d:1: [[hooks]] %q has no event (one of PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, SessionStart, Stop)", path, header, hk.Name)
	} else if ev, ok := stream.CanonicalEvent(*h.Event); ok {
		hk.Event = ev
	} else {
		p.errorf("%s:%d:1: [[hooks]] %q: unknown event %q (one of PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, SessionStart, Stop)", path, lines.key("hooks", i, "event"), hk.Name, *h.Event)
	}
	if !p.hookCommand(i, h, &hk, installNames) {
		return hk, false
	}
	if h.Requirements != nil {
		reqLine := lines.key("hooks", i, "requirements")
		where := fmt.Sprintf("[[hooks]] %q requirements", hk.Name)
		refs, e, skip := parseRefs(path, reqLine, where, h.Requirements)
		for _, r := range refs {
			if skip == nil && r.Inline == nil && p.skippedInstalls[r.Name] {
				skip = pos.Errorf(path, reqLine, 1, "%s: installation %q was skipped", where, r.Name)
			}
		}
		if skip != nil {
			p.skipped("hook", hk.Name, reqLine, fmt.Sprintf("%s: skipping [[hooks]] %q; the rest of the plugin loads", p.skipReason(skip), hk.Name))
			return hk, false
		}
		p.errs = append(p.errs, e...)
		hk.Requirements = refs
	}
	p.hookFields(i, h, &hk)
	return hk, true
}

// hookCommand reads a hook's command: a command line, the name of an
// [[installations]] entry, or an inline installation table; and the
// executable or script that picks a file of that installation.
func (p *parser) hookCommand(i int, h fileHook, hk *Hook, installNames map[string]bool) bool {
	path, header := p.path, hk.Line
	cmdLine := p.lines.key("hooks", i, "command")
	switch c := h.Command.(type) {
	case string:
		switch {
		case strings.TrimSpace(c) == "":
			p.errorf("%s:%d:1: [[hooks]] %q has an empty command", path, cmdLine, hk.Name)
		case p.skippedInstalls[c]:
			p.skipped("hook", hk.Name, cmdLine, fmt.Sprintf("[[hooks]] %q: command names installation %q, which was skipped: skipping this hook too; the rest of the plugin loads", hk.Name, c))
			return false
		case installNames[c]:
			hk.Install = &InstallRef{Name: c, Line: cmdLine}
		default:
			hk.Command = c // a command line, as the book's format has it
		}
	case map[string]any:
		where := fmt.Sprintf("[[hooks]] %q command", hk.Name)
		in, e, skip := parseInstallation(path, cmdLine, where, c, true)
		if skip != nil {
			p.skipped("hook", hk.Name, cmdLine, fmt.Sprintf("%s: skipping [[hooks]] %q; the rest of the plugin loads", p.skipReason(skip), hk.Name))
			return false
		}
		p.errs = append(p.errs, e...)
		if in != nil {
			hk.Install = &InstallRef{Inline: in, Line: cmdLine}
		}
	case nil:
		p.errorf("%s:%d:1: [[hooks]] %q has no command: set command = \"<installation name or command line>\" or command = { script = \"…\" }", path, header, hk.Name)
	default:
		p.errorf("%s:%d:1: [[hooks]] %q: command must be a string or a table", path, cmdLine, hk.Name)
	}
	if h.Executable != nil {
		hk.Executable = *h.Executable
	}
	if h.Script != nil {
		hk.Script = *h.Script
	}
	if hk.Executable != "" && hk.Script != "" {
		p.errorf("%s:%d:1: [[hooks]] %q: set executable or script, not both", path, header, hk.Name)
	}
	for _, f := range []string{hk.Executable, hk.Script} {
		if f != "" && !relInside(f) {
			p.errorf("%s:%d:1: [[hooks]] %q: %q must be a relative path inside the installation", path, header, hk.Name, f)
		}
	}
	if (hk.Executable != "" || hk.Script != "") && hk.Install == nil {
		p.errorf("%s:%d:1: [[hooks]] %q: executable and script pick a file of an installation: command must name an [[installations]] entry or be a table", path, header, hk.Name)
	}
	return true
}

// hookFields reads the rest of a hook: args, agent, predicates, matcher,
// format and timeout.
func (p *parser) hookFields(i int, h fileHook, hk *Hook) {
	path, lines := p.path, p.lines
	if h.Args != nil {
		a, _ := h.Args.([]any)
		strs, ok := stringsOf(a)
		if a == nil || !ok {
			p.errorf("%s:%d:1: [[hooks]] %q: args must be an array of strings", path, lines.key("hooks", i, "args"), hk.Name)
		}
		hk.Args, hk.HasArgs = strs, true
	}
	if h.Agent != nil {
		a := strings.ToLower(*h.Agent)
		if !slices.Contains(agent.Names(), a) {
			p.errorf("%s:%d:1: [[hooks]] %q: unknown agent %q (one of %s)", path, lines.key("hooks", i, "agent"), hk.Name, *h.Agent, strings.Join(agent.Names(), ", "))
		}
		hk.Agent = a
	}
	if h.Predicates != nil {
		ps, err := predList(path, lines, "hooks", i, h.Predicates)
		p.errs = append(p.errs, err...)
		hk.Predicates = ps
	}
	if h.Matcher != nil {
		hk.Matcher = *h.Matcher
	}
	if h.Format != nil {
		f := strings.ToLower(*h.Format)
		if !slices.Contains(hookFormats, f) {
			p.errorf("%s:%d:1: [[hooks]] %q: unknown format %q (one of %s)", path, lines.key("hooks", i, "format"), hk.Name, *h.Format, strings.Join(hookFormats, ", "))
		}
		hk.Format = f
	}
	if h.Timeout != nil {
		if *h.Timeout <= 0 {
			p.errorf("%s:%d:1: [[hooks]] %q: timeout must be a positive number of seconds", path, lines.key("hooks", i, "timeout"), hk.Name)
		}
		hk.Timeout = *h.Timeout
	}
}
