package plugin

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/semver"
	"github.com/symposium-dev/symposium-go/pkg/skill"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Crate-embedded plugins (upstream v0.4: plugin-definition.md "Chained
// plugins", "Crate-embedded manifest"; v0.3: "Crate-sourced skills").
//
// A crate's plugin is read from the crate's source at the version the
// workspace's Cargo.lock pins, so its skills match the code the user
// compiles. Three ways reach a crate:
//
//   - a [[plugins]] source.cargo reference of an active plugin;
//   - a v0.3 crate-sourced [[skills]] group (source = "crate",
//     source.crate_path), for each crate of its matched crate set;
//   - discovery: a direct dependency whose unpacked source embeds a plugin.
//
// The first two are vouched for by the registry that supplied the
// referring plugin (upstream: "a trusted plugin may name a crate … the
// registry is vouching for it"), so they need no consent and may be
// downloaded. The third is the dependency's author's content: a candidate
// until [plugins] auto-enable or use says yes. Once enabled or vouched
// for, a crate's plugin contributes its hooks and MCP servers as well as
// its skills (upstream dispatches an active crate plugin's like a
// registry plugin's); a candidate contributes nothing. [plugins] disable
// wins over all three. Discovery looks only at sources already on disk; a crate
// enabled by name may be downloaded.

// CrateSource gets crate sources; *cratefetch.Fetcher is one.
type CrateSource interface {
	Source(ctx context.Context, c cratefetch.Crate) (string, error)
	Local(c cratefetch.Crate) string
	Newest(ctx context.Context, name string, accept func(version string) bool) (cratefetch.Crate, error)
}

// MaxChainDepth bounds chains of [[plugins]] references (upstream: 10).
const MaxChainDepth = 10

// trust is why a crate's plugin may run, and what may be done to get it.
type trust struct {
	root   string // the enablement root, as status prints it
	source string // the source name its records carry
	fetch  bool   // may be downloaded (else only a source already on disk)
	via    string // the plugin that referred to it, "" for discovery
}

type crates struct {
	r         *Resolver
	res       *Result
	ev        *evaluator
	set       *cratepred.Set
	seenSkill map[string]string
	loaded    map[string]bool // normalized name@version: diamond references load once
	reached   map[string]bool // normalized names reached by a reference: discovery skips them
	warned    map[string]bool
	// plugins are the normalized names of every plugin the scanned sources
	// (the workspace's own included) define: a plain [plugins] use entry
	// of such a name means that plugin, not the crate (config.Consent).
	plugins map[string]bool
}

func newCrates(r *Resolver, res *Result, ev *evaluator, set *cratepred.Set, seen map[string]string, scans []*Scan) *crates {
	plugins := map[string]bool{}
	for _, sc := range scans {
		for _, m := range sc.Plugins {
			plugins[config.NormName(m.Name)] = true
		}
	}
	return &crates{r: r, res: res, ev: ev, set: set, seenSkill: seen, loaded: map[string]bool{}, reached: map[string]bool{}, warned: map[string]bool{}, plugins: plugins}
}

// used returns the use entry enabling crate name's plugin here: a
// "crate:" entry, or a plain one when no plugin has the name.
func (cr *crates) used(name string) (config.UseEntry, bool) {
	return cr.r.Consent.CrateUsed(name, cr.r.Workspace.Root, !cr.plugins[config.NormName(name)])
}

// useName is what `cargo agents use` takes to enable crate name's plugin:
// the plain name, unless a plugin of a plugin source has it too.
func (cr *crates) useName(name string) string {
	if cr.plugins[config.NormName(name)] {
		return config.CrateEntry(name)
	}
	return name
}

func (cr *crates) reject(what, name, reason, plugin, file string) {
	cr.res.Rejected = append(cr.res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: what, Name: name, Reason: reason, Plugin: plugin, File: file})
}

// warnOnce warns about a crate problem once per run, however many
// references reach the crate.
func (cr *crates) warnOnce(w pos.Warning) {
	if key := w.String(); !cr.warned[key] {
		cr.warned[key] = true
		cr.r.warnValue(w)
	}
}

// addSkills adds the skills of one group directory (files from
// GroupSkills), checking each skill's own crates and predicates.
// informal: the workspace's own skills, which may lack frontmatter
// (skill.LoadInformal).
func (cr *crates) addSkills(cache *skillCache, files []string, groupCrates []string, pluginName, sourceName string, informal bool) {
	r, res, ev, set := cr.r, cr.res, cr.ev, cr.set
	for _, f := range files {
		var s *skill.Skill
		var err error
		if informal {
			s, err = skill.LoadInformal(f)
		} else {
			s, err = cache.load(f, filepath.Dir(f), nil, "")
		}
		if err != nil {
			r.warn("%v", err)
			res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: filepath.Base(filepath.Dir(f)), Reason: err.Error(), Plugin: pluginName, File: f})
			continue
		}
		crates := groupCrates
		if s.Crates != "" {
			l, err := cratepred.ParseCommaList(s.Crates)
			if err != nil {
				err = pos.Errorf(f, s.CratesLine, 1, "%w", err)
				r.warn("%v", err)
				res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: s.Name, Reason: err.Error(), Plugin: pluginName, File: f})
				continue
			}
			if why := l.Explain(set); why != "" {
				res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: s.Name, Reason: why, Plugin: pluginName, File: f})
				continue
			}
			crates = append(append([]string{}, groupCrates...), atomStrings(l)...)
		}
		if len(s.Predicates) > 0 {
			ps, err := skillPreds(f, s.PredicatesLine, s.Predicates)
			if err != nil {
				r.warn("%v", err)
				res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: s.Name, Reason: err.Error(), Plugin: pluginName, File: f})
				continue
			}
			if why := ev.level(nil, false, ps); why != "" {
				res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: s.Name, Reason: why, Plugin: pluginName, File: f})
				continue
			}
		}
		if !stream.ValidSkillName(s.Name) {
			err := fmt.Errorf("%s: skill name %q: %s", f, s.Name, stream.SkillNameRule)
			r.warn("%v", err)
			res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: s.Name, Reason: err.Error(), Plugin: pluginName, File: f})
			continue
		}
		res.addSkill(r, cr.seenSkill, stream.Skill{Kind: stream.KindSkill, Name: s.Name, Plugin: pluginName, Source: sourceName, Dir: s.Dir,
			Description: s.Description, Crates: crates}, f)
	}
}

// crateGroup reads a v0.3 crate-sourced group: CratePath in the source of
// each crate of the matched crate set, the workspace dependencies that
// satisfy a non-wildcard predicate of the plugin or the group.
func (cr *crates) crateGroup(m *Manifest, g SkillGroup, groupCrates []string, t trust) {
	file := fmt.Sprintf("%s:%d", m.Path, g.Line)
	var atoms cratepred.List
	atoms = append(atoms, m.Crates...)
	atoms = append(atoms, g.Crates...)
	seen := map[string]bool{}
	found := false
	for _, a := range atoms {
		if a.Wildcard() {
			continue
		}
		for _, d := range cr.r.depsNamed(a.Name()) {
			if !atomAllows(a, d) {
				continue
			}
			key := config.NormName(d.Name) + "@" + d.Version
			if seen[key] {
				continue
			}
			seen[key] = true
			found = true
			name := "crate:" + g.CratePath + " of " + d.Name + " " + d.Version
			if d.Unresolved {
				cr.reject("group", name, fmt.Sprintf("crate source missing: %s's version is unresolved (no Cargo.lock entry); run `cargo generate-lockfile`", d.Name), m.Name, file)
				continue
			}
			if cr.r.Consent.CrateDisabled(d.Name) {
				cr.reject("group", name, "declined: "+d.Name+" is in [plugins] disable", m.Name, file)
				cr.status(stream.PluginStatus{Name: d.Name, State: stream.StateDeclined, Root: "[plugins] disable", Crate: d.Name, Version: d.Version, Reason: "declined: " + d.Name + " is in [plugins] disable"})
				continue
			}
			c := cr.r.crateOf(d)
			dir, err := cr.fetch(c, t.fetch)
			if err != nil {
				cr.warnOnce(*pos.Errorf(m.Path, g.Line, 0, "%v", err))
				cr.reject("group", name, "crate source missing: "+err.Error(), m.Name, file)
				cr.unavailable(d.Name, err)
				continue
			}
			cr.reached[config.NormName(d.Name)] = true
			cr.status(stream.PluginStatus{Name: d.Name, State: stream.StateActive, Root: t.root + " via plugin " + t.via, Source: t.source, Crate: d.Name, Version: d.Version, Dir: dir})
			gdir, ok := cr.groupIn(dir, g.CratePath, d.Name, d.Version, name, m.Name, pos.Error{File: m.Path, Line: g.Line})
			if !ok {
				continue
			}
			files, _, err := GroupSkills(gdir)
			if err != nil {
				cr.reject("group", name, err.Error(), m.Name, file)
				continue
			}
			cr.addSkills(nil, files, groupCrates, m.Name, t.source, false)
		}
	}
	if !found {
		cr.reject("group", "crate:"+g.CratePath, "no crate of its matched crate set is a dependency: "+atoms.Explain(cr.set), m.Name, file)
	}
}

// atomAllows reports whether dependency d satisfies atom a.
func atomAllows(a cratepred.Atom, d stream.Dep) bool {
	return a.Matches(cratepred.NewSet([]cratepred.Dep{{Name: d.Name, Version: d.Version, Unresolved: d.Unresolved}}))
}

// chain follows one [[plugins]] reference of plugin m.
func (cr *crates) chain(m *Manifest, ref PluginRef, t trust, depth int, path []string) {
	file := fmt.Sprintf("%s:%d", m.Path, ref.Line)
	if why := cr.ev.level(ref.Crates, ref.HasCrates, ref.Predicates); why != "" {
		cr.reject("plugin", ref.Crate, "chained reference from plugin "+m.Name+" does not apply: "+why, m.Name, file)
		return
	}
	norm := config.NormName(ref.Crate)
	if slices.Contains(path, norm) {
		cr.warnOnce(*pos.Errorf(m.Path, ref.Line, 0, "[[plugins]] cycle: %s → %s; not following it", strings.Join(path, " → "), ref.Crate))
		cr.reject("plugin", ref.Crate, "cycle: "+strings.Join(path, " → ")+" → "+ref.Crate, m.Name, file)
		return
	}
	if depth > MaxChainDepth {
		cr.warnOnce(*pos.Errorf(m.Path, ref.Line, 0, "[[plugins]] chain deeper than %d (%s → %s); not following it", MaxChainDepth, strings.Join(path, " → "), ref.Crate))
		cr.reject("plugin", ref.Crate, fmt.Sprintf("chain deeper than %d", MaxChainDepth), m.Name, file)
		return
	}
	cr.reached[norm] = true
	if cr.r.Consent.CrateDisabled(ref.Crate) {
		cr.reject("plugin", ref.Crate, "declined: "+ref.Crate+" is in [plugins] disable", m.Name, file)
		cr.status(stream.PluginStatus{Name: ref.Crate, State: stream.StateDeclined, Root: "[plugins] disable", Crate: ref.Crate, Reason: "declined: " + ref.Crate + " is in [plugins] disable"})
		return
	}
	c, err := cr.r.resolveCrate(ref.Crate, ref.Req, t.fetch)
	if err != nil {
		cr.warnOnce(*pos.Errorf(m.Path, ref.Line, 0, "[[plugins]] source.cargo %q: %v", ref.Crate, err))
		cr.reject("plugin", ref.Crate, "crate source missing: "+err.Error(), m.Name, file)
		cr.unavailable(ref.Crate, err)
		return
	}
	cr.load(c, t, depth, append(append([]string{}, path...), config.NormName(m.Name)), pos.Error{File: m.Path, Line: ref.Line})
}

// placed is a warning at the manifest line at; a place that is no file
// ("[plugins] use") stays in the message.
func placed(at pos.Error, format string, args ...any) pos.Warning {
	if at.Line == 0 {
		return pos.Warnf("%s: %s", at.File, fmt.Sprintf(format, args...))
	}
	at.Msg = fmt.Sprintf(format, args...)
	return at
}

// load reads the plugin crate c embeds and adds what applies.
func (cr *crates) load(c cratefetch.Crate, t trust, depth int, path []string, at pos.Error) {
	from := at.Where()
	key := config.NormName(c.Name) + "@" + c.Version
	if cr.loaded[key] {
		return // a diamond: its skills are already in
	}
	cr.loaded[key] = true
	dir, err := cr.fetch(c, t.fetch)
	if err != nil {
		cr.warnOnce(placed(at, "%v", err))
		cr.reject("plugin", c.Name, "crate source missing: "+err.Error(), "", from)
		cr.unavailable(c.Name, err)
		return
	}
	m, _ := cr.manifestOf(dir, c)
	cr.activate(m, c, dir, t, depth, append(path, config.NormName(c.Name)))
}

// activate adds an enabled crate plugin's skills, hooks and MCP servers
// and follows its chains.
func (cr *crates) activate(m *Manifest, c cratefetch.Crate, dir string, t trust, depth int, path []string) {
	root := t.root
	if t.via != "" {
		root += " via plugin " + t.via
	}
	st := stream.PluginStatus{Name: m.Name, State: stream.StateActive, Root: root, Source: t.source, Crate: c.Name, Version: c.Version, Dir: dir}
	cr.ev.plugin(dir)
	if why := cr.ev.level(m.Crates, m.HasCrates, m.Predicates); why != "" {
		st.State, st.Reason = stream.StateDormant, "its predicates do not hold here: "+why
		cr.status(st)
		cr.reject("plugin", m.Name, why, m.Name, m.Path)
		cr.res.rejectSubcommands(m, "plugin "+m.Name+" does not apply: "+why)
		return
	}
	cr.status(st)
	for _, g := range m.Skills {
		gname := g.SourcePath
		if gname == "" {
			gname = RedactURL(g.SourceGit)
		}
		file := fmt.Sprintf("%s:%d", m.Path, g.Line)
		cr.ev.plugin(dir)
		if why := cr.ev.level(g.Crates, g.HasCrates, g.Predicates); why != "" {
			cr.reject("group", gname, why, m.Name, file)
			continue
		}
		var gdir string
		switch {
		case g.SourceGit != "":
			d, _, err := cr.r.GroupGit(g.SourceGit, cr.r.Update)
			if err != nil {
				cr.warnOnce(*pos.Errorf(m.Path, g.Line, 0, "[[skills]] source.git: %v", err))
				cr.reject("group", gname, err.Error(), m.Name, file)
				continue
			}
			gdir = d
		case g.CratePath != "":
			cr.reject("group", "crate:"+g.CratePath, "a crate's own manifest reads its own directories: use source.path", m.Name, file)
			continue
		default:
			d, ok := cr.groupIn(dir, g.SourcePath, c.Name, c.Version, gname, m.Name, pos.Error{File: m.Path, Line: g.Line})
			if !ok {
				continue
			}
			gdir = d
		}
		files, _, err := GroupSkills(gdir)
		if err != nil {
			cr.reject("group", gname, err.Error(), m.Name, file)
			continue
		}
		var crates []string
		if g.HasCrates {
			crates = atomStrings(g.Crates)
		}
		cr.addSkills(nil, files, crates, m.Name, t.source, false)
	}
	cr.commands(m, c, dir, t)
	for _, ref := range m.Plugins {
		cr.ev.plugin(dir)
		cr.chain(m, ref, trust{root: t.root, source: t.source, fetch: t.fetch, via: m.Name}, depth+1, path)
	}
}

// commands adds the hooks and MCP servers of an enabled crate plugin m, as
// upstream dispatches an active crate plugin's like a registry plugin's:
// activate runs only for a crate the user enabled ([plugins] use,
// auto-enable) or a trusted plugin source names (a chain from it). A
// crate reached through the workspace's own SYMPOSIUM.toml is neither
// (the workspace may be a clone of someone else's): it keeps only its
// skills unless the user enabled it by name.
func (cr *crates) commands(m *Manifest, c cratefetch.Crate, dir string, t trust) {
	if t.source == WorkspaceSource && !cr.consented(c.Name) {
		why := fmt.Sprintf("crate %s is reached through the workspace's own SYMPOSIUM.toml: only its skills load (`cargo agents use %s` enables its hooks and MCP servers)", c.Name, cr.useName(c.Name))
		for _, h := range m.Hooks {
			cr.reject("hook", h.Name, why, m.Name, fmt.Sprintf("%s:%d", m.Path, h.Line))
		}
		for _, s := range m.MCPServers {
			cr.reject("mcp_server", s.Name, why, m.Name, fmt.Sprintf("%s:%d", m.Path, s.Line))
		}
		for _, sc := range m.Subcommands {
			cr.reject("subcommand", sc.Name, why, m.Name, fmt.Sprintf("%s:%d", m.Path, sc.Line))
		}
		return
	}
	cr.ev.plugin(dir)
	// install_commands run for a crate the user enabled by name, or one
	// a trusted plugin source's plugin names; not for one enabled only
	// by [plugins] auto-enable or reached from the workspace's manifest.
	_, used := cr.used(c.Name)
	shellOK := used || (t.via != "" && t.source != WorkspaceSource)
	cr.res.addHooks(cr.r, cr.ev, m, t.source, shellOK)
	cr.res.addServers(cr.ev, m, t.source)
	// A subcommand runs only when the user types it, and this plugin is
	// enabled (consent, or a registry's vouching chain): upstream
	// dispatches a crate's subcommands like a registry plugin's.
	cr.res.addSubcommands(cr.r, cr.ev, m, t.source, shellOK)
}

// consented reports whether the user enabled crate name's plugin by name
// for this workspace.
func (cr *crates) consented(name string) bool {
	_, used := cr.used(name)
	return used || cr.r.Consent.AutoEnabled(name)
}

// unavailable records that the source of crate name, an enabled or vouched
// for crate's, could not be had this time (offline, the registry
// unreachable, nothing on disk): a source record without a directory, so
// that sym-install keeps what it installed before, as for a plugin source
// that cannot be read, instead of removing the crate's skills until the
// network is back. A registry that answered "no such crate" is final.
func (cr *crates) unavailable(name string, err error) {
	var ue *cratefetch.UnavailableError
	if !errors.As(err, &ue) || ue.Absent {
		return
	}
	src := config.CrateEntry(name)
	for _, s := range cr.res.Sources {
		if s.Name == src && s.Dir == "" {
			return
		}
	}
	cr.res.Sources = append(cr.res.Sources, stream.Source{Kind: stream.KindSource, Name: src, Inputs: []string{}})
}

func (cr *crates) status(st stream.PluginStatus) {
	st.Kind = stream.KindPluginStatus
	for _, old := range cr.res.Statuses {
		if old.Crate != "" && config.NormName(old.Crate) == config.NormName(st.Crate) && old.Version == st.Version && old.State == st.State {
			return
		}
	}
	cr.res.Statuses = append(cr.res.Statuses, st)
}

// discover looks at every direct dependency whose source is already on
// disk: one embedding a plugin is enabled by [plugins] auto-enable or use,
// declined by disable, and otherwise a candidate that contributes nothing.
// A dependency enabled by name whose source is not on disk yet is fetched.
func (cr *crates) discover() {
	r := cr.r
	if r.Crates == nil {
		return
	}
	seen := map[string]bool{}
	for _, d := range r.Deps {
		norm := config.NormName(d.Name)
		key := norm + "@" + d.Version
		if seen[key] || cr.reached[norm] || d.Unresolved || cr.loaded[key] {
			continue
		}
		seen[key] = true
		c := r.crateOf(d)
		u, used := cr.used(d.Name)
		named := used || (r.Consent.AutoEnabled(d.Name) && !hasStar(r.Consent.AutoEnable))
		dir := r.Crates.Local(c)
		if dir == "" && named && !r.Consent.CrateDisabled(d.Name) {
			var err error
			if dir, err = cr.fetch(c, true); err != nil {
				cr.warnOnce(pos.Warnf("dependency %s %s is enabled in [plugins], but %v", d.Name, d.Version, err))
				cr.reject("plugin", d.Name, "crate source missing: "+err.Error(), "", "")
				cr.unavailable(d.Name, err)
				continue
			}
		}
		if dir == "" {
			continue // discovery is cache-only: not fetched yet, not listed
		}
		if !EmbedsPlugin(dir) {
			continue
		}
		st := stream.PluginStatus{Name: d.Name, Crate: d.Name, Version: d.Version, Dir: dir}
		switch {
		case r.Consent.CrateDisabled(d.Name):
			st.State, st.Root, st.Reason = stream.StateDeclined, "[plugins] disable", "declined: "+d.Name+" is in [plugins] disable"
			cr.status(st)
			cr.reject("plugin", d.Name, st.Reason, "", dir)
			continue
		case used:
			cr.loaded[key] = true
			m, _ := cr.manifestOf(dir, c)
			cr.activate(m, c, dir, trust{root: u.Root(), source: "cargo", fetch: true}, 1, []string{norm})
		case r.Consent.AutoEnabled(d.Name):
			cr.loaded[key] = true
			m, _ := cr.manifestOf(dir, c)
			cr.activate(m, c, dir, trust{root: "[plugins] auto-enable", source: "cargo", fetch: true}, 1, []string{norm})
		default:
			st.State, st.Root = stream.StateCandidate, "dependency "+d.Name
			st.Reason = fmt.Sprintf("not consented: dependency %s %s embeds an agent plugin; enable it with `cargo agents use %s` (or add %s to [plugins] auto-enable; to [plugins] disable to stop being asked)", d.Name, d.Version, cr.useName(d.Name), config.CrateEntry(d.Name))
			cr.status(st)
			cr.reject("plugin", d.Name, st.Reason, "", dir)
		}
	}
	// Names enabled by use that are neither a registry plugin nor a
	// dependency: a crate named by a search hit, at its newest version.
	for _, u := range r.Consent.Use {
		if u.Workspace != "" && !config.SameDir(u.Workspace, r.Workspace.Root) {
			continue
		}
		name, crate := config.SplitEntry(u.Name)
		norm := config.NormName(name)
		if !crate && cr.plugins[norm] {
			continue // a plain entry of a plugin's name is that plugin's
		}
		if cr.reached[norm] || r.Consent.CrateDisabled(name) || cr.isDep(norm) || !cratefetch.ValidName(name) {
			continue
		}
		cr.reached[norm] = true
		c, err := r.resolveCrate(name, "", true)
		if err != nil {
			cr.warnOnce(pos.Warnf("[plugins] use %q: %v", u.Name, err))
			cr.reject("plugin", name, "crate source missing: "+err.Error(), "", "")
			cr.unavailable(name, err)
			continue
		}
		cr.load(c, trust{root: u.Root(), source: "cargo", fetch: true}, 1, nil, pos.Error{File: "[plugins] use"})
	}
}

func hasStar(list []string) bool {
	for _, s := range list {
		if strings.TrimSpace(s) == "*" {
			return true
		}
	}
	return false
}

func (cr *crates) isDep(norm string) bool {
	for _, d := range cr.r.Deps {
		if config.NormName(d.Name) == norm {
			return true
		}
	}
	return false
}

// fetch gets c's source: anything that may be downloaded through
// r.Crates.Source (which honours --update offline), else only what is on
// disk already.
func (cr *crates) fetch(c cratefetch.Crate, download bool) (string, error) {
	if cr.r.Crates == nil {
		return "", &cratefetch.UnavailableError{Crate: c, Reason: "no crate source configured"}
	}
	if download {
		return cr.r.Crates.Source(cr.r.ctx(), c)
	}
	if dir := cr.r.Crates.Local(c); dir != "" {
		return dir, nil
	}
	return "", &cratefetch.UnavailableError{Crate: c, Reason: "not unpacked on disk"}
}

// depsNamed lists the workspace's dependency records for a crate name,
// hyphen/underscore-insensitively.
func (r *Resolver) depsNamed(name string) []stream.Dep {
	norm := config.NormName(name)
	var out []stream.Dep
	for _, d := range r.Deps {
		if config.NormName(d.Name) == norm {
			out = append(out, d)
		}
	}
	return out
}

// crateOf turns a dependency record into what cratefetch needs.
func (r *Resolver) crateOf(d stream.Dep) cratefetch.Crate {
	c := cratefetch.Crate{Name: d.Name, Version: d.Version, Checksum: d.Checksum, Source: d.Source}
	if d.Path != "" {
		c.PathDir = filepath.Join(r.Workspace.Root, filepath.FromSlash(d.Path))
	}
	return c
}

// resolveCrate picks the version of a referenced crate: the workspace's
// (the highest meeting req when it has several), else, when download is
// allowed, the newest on its registry meeting req.
func (r *Resolver) resolveCrate(name, req string, download bool) (cratefetch.Crate, error) {
	atom := name
	if req != "" {
		atom = name + " " + req
	}
	a, err := cratepred.ParseAtom(atom)
	if err != nil {
		return cratefetch.Crate{}, err
	}
	var best *stream.Dep
	var bestV semver.Version
	deps := r.depsNamed(name)
	for i, d := range deps {
		if d.Unresolved || !atomAllows(a, d) {
			continue
		}
		v, err := semver.ParseLoose(d.Version)
		if err != nil {
			continue
		}
		if best == nil || v.Compare(bestV) > 0 {
			best, bestV = &deps[i], v
		}
	}
	if best != nil {
		return r.crateOf(*best), nil
	}
	if len(deps) > 0 {
		var have []string
		for _, d := range deps {
			have = append(have, d.Version)
		}
		if req == "" {
			return cratefetch.Crate{}, fmt.Errorf("the workspace's %s is unresolved (no Cargo.lock entry): run `cargo generate-lockfile`", name)
		}
		return cratefetch.Crate{}, fmt.Errorf("the workspace has %s %s, which does not meet %s", name, strings.Join(have, ", "), req)
	}
	if !download || r.Crates == nil {
		return cratefetch.Crate{}, fmt.Errorf("%s is not a dependency of this workspace", name)
	}
	return r.Crates.Newest(r.ctx(), name, func(v string) bool {
		return atomAllows(a, stream.Dep{Name: name, Version: v})
	})
}

// groupIn is a skill group's directory rel inside the source dir of crate
// version; ok is false (with the group rejected) when rel leaves the crate
// or does not exist: upstream gives a missing directory no skills, silently.
func (cr *crates) groupIn(dir, rel, crate, version, group, plugin string, at pos.Error) (string, bool) {
	file := at.Where()
	gdir, ok, err := insideCrate(dir, rel)
	if err != nil {
		cr.warnOnce(placed(at, "crate %s %s: %v", crate, version, err))
		cr.reject("group", group, err.Error(), plugin, file)
		return "", false
	}
	if !ok {
		cr.reject("group", group, fmt.Sprintf("crate %s %s has no %s directory", crate, version, rel), plugin, file)
	}
	return gdir, ok
}

// insideCrate joins rel to the crate directory and checks the result,
// symlinks resolved, stays inside it. ok is false when it does not exist.
func insideCrate(dir, rel string) (string, bool, error) {
	return inside(dir, rel, true, func() error {
		return fmt.Errorf("%q is not a relative path inside the crate", rel)
	}, func(string, error) error {
		return fmt.Errorf("%s leaves the crate's source", rel)
	})
}

// EmbedsPlugin reports whether a crate source carries an agent plugin: a
// SYMPOSIUM.toml, [package.metadata.symposium], or skills in skills/.
func EmbedsPlugin(dir string) bool {
	if isRegularNoFollow(filepath.Join(dir, ManifestName)) {
		return true
	}
	if _, ok := metadataTable(filepath.Join(dir, "Cargo.toml")); ok {
		return true
	}
	if d, ok, err := insideCrate(dir, "skills"); err == nil && ok {
		files, _, _ := GroupSkills(d)
		return len(files) > 0
	}
	return false
}

func isRegularNoFollow(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode().IsRegular()
}

// maxCrateManifest caps what is read of a crate's Cargo.toml or
// SYMPOSIUM.toml: they come from other people's packages.
const maxCrateManifest = 1 << 20

func readSmall(p string) ([]byte, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", p)
	}
	if fi.Size() > maxCrateManifest {
		return nil, fmt.Errorf("%s is larger than %d bytes", p, maxCrateManifest)
	}
	return os.ReadFile(p)
}

// manifestOf builds a crate's effective manifest: defaults →
// [package.metadata.symposium] → SYMPOSIUM.toml (upstream: list entries
// of both are kept; where both set a scalar, the file wins). A malformed
// layer is a warning and is dropped; the rest still resolves, at least
// into the default skills/ group.
func (cr *crates) manifestOf(dir string, c cratefetch.Crate) (*Manifest, []error) {
	var layers []*Manifest
	var problems []error
	cargoToml := filepath.Join(dir, "Cargo.toml")
	if data, ok := metadataTable(cargoToml); ok {
		m, err := ParseCrateManifest(cargoToml, data, c.Name)
		if err != nil {
			problems = append(problems, err)
			cr.warnOnce(*pos.Errorf(cargoToml, 0, 0, "ignoring the [package.metadata.symposium] layer of %s's plugin: %v", c, err))
		} else {
			layers = append(layers, m)
		}
	}
	for _, name := range []string{ManifestName, "Symposium.toml"} {
		p := filepath.Join(dir, name)
		if _, err := os.Lstat(p); err != nil {
			continue
		}
		data, err := readSmall(p)
		if err == nil {
			var m *Manifest
			if m, err = ParseCrateManifest(p, data, c.Name); err == nil {
				layers = append(layers, m)
				break
			}
		}
		problems = append(problems, err)
		cr.warnOnce(*pos.Errorf(p, 0, 0, "ignoring this layer of %s's plugin: %v", c, err))
		break
	}
	m := &Manifest{Name: c.Name, Path: cargoToml, Dir: dir}
	for _, l := range layers {
		if l.Name != c.Name {
			m.Name = l.Name
		}
		if l.HasCrates {
			m.Crates, m.HasCrates, m.CratesLine = l.Crates, true, l.CratesLine
		}
		m.Predicates = append(m.Predicates, l.Predicates...)
		m.Skills = append(m.Skills, l.Skills...)
		m.Hooks = append(m.Hooks, l.Hooks...)
		m.MCPServers = append(m.MCPServers, l.MCPServers...)
		m.Plugins = append(m.Plugins, l.Plugins...)
		m.Installations = append(m.Installations, l.Installations...)
		m.Subcommands = append(m.Subcommands, l.Subcommands...)
		m.Skipped = append(m.Skipped, l.Skipped...)
		for _, sk := range l.Skipped {
			cr.warnOnce(pos.Of(sk.Err))
		}
		if l.DefaultSkills != nil {
			m.DefaultSkills = l.DefaultSkills
		}
		m.Path = l.Path
	}
	if m.DefaultSkills == nil || *m.DefaultSkills {
		m.Skills = append(m.Skills, SkillGroup{SourcePath: "skills"})
	}
	return m, problems
}

// metadataTable returns a crate's [package.metadata.symposium] as a TOML
// document of its own, with the lines of Cargo.toml (so messages point
// into Cargo.toml), or ok false when there is none.
func metadataTable(cargoToml string) ([]byte, bool) {
	data, err := readSmall(cargoToml)
	if err != nil {
		return nil, false
	}
	return extractMetadata(data)
}
