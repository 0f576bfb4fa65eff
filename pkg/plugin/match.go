package plugin

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sort"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Result is everything that applies to one workspace, in stream order.
type Result struct {
	Sources  []stream.Source
	Skills   []stream.Skill
	Hooks    []stream.Hook
	Servers  []stream.MCPServer
	Statuses []stream.PluginStatus // one per plugin loaded (registry and crate-embedded)
	Rejected []stream.Rejected

	// Subcommands are the plugin-vended `cargo agents <name>` commands
	// (subcommand.go).
	Subcommands []stream.Subcommand
}

// ScanConfigured resolves (fetching git sources as update allows) and scans
// every plugin source of cfg, in config order.
func ScanConfigured(ctx context.Context, cfg *config.Config, dirs config.Dirs, update string, warn func(pos.Warning)) (*Resolver, []*Scan) {
	r := &Resolver{Dirs: dirs, Update: update, Ctx: ctx, Warn: warn, Interval: cfg.AutoUpdateInterval}
	var scans []*Scan
	for _, sp := range Specs(cfg, dirs) {
		scans = append(scans, Discover(r.Resolve(sp, "")))
	}
	return r, scans
}

// MatchConfigured is ScanConfigured then Match: what applies to the
// workspace ws whose dependencies are set. deps (sym-deps' records) and
// crates (nil: none) are for the plugins crates embed; the user's
// [plugins] consent comes from cfg.
func MatchConfigured(ctx context.Context, cfg *config.Config, dirs config.Dirs, update string, set *cratepred.Set, ws Workspace, deps []stream.Dep, crates CrateSource, warn func(pos.Warning)) *Result {
	return MatchConfiguredAcquiring(ctx, cfg, dirs, update, set, ws, deps, crates, nil, warn)
}

// MatchConfiguredAcquiring is MatchConfigured with acquire (see
// Resolver.Acquire): sym-match's, at a sync that may install.
func MatchConfiguredAcquiring(ctx context.Context, cfg *config.Config, dirs config.Dirs, update string, set *cratepred.Set, ws Workspace, deps []stream.Dep, crates CrateSource,
	acquire func(context.Context, stream.Installation) error, warn func(pos.Warning)) *Result {
	r, scans := ScanConfigured(ctx, cfg, dirs, update, warn)
	return MatchScanned(r, scans, cfg, set, ws, deps, crates, acquire)
}

// MatchScanned is MatchConfiguredAcquiring's second half, for a caller that
// ran ScanConfigured already (sym-match scans while it reads its input):
// the workspace's own plugins, then Match.
func MatchScanned(r *Resolver, scans []*Scan, cfg *config.Config, set *cratepred.Set, ws Workspace, deps []stream.Dep, crates CrateSource,
	acquire func(context.Context, stream.Installation) error) *Result {
	r.Workspace, r.Deps, r.Crates, r.Consent, r.Acquire = ws, deps, crates, cfg.Plugins, acquire
	if ws.Root != "" {
		// The workspace's own plugins come first: where a skill of theirs
		// and a plugin source's share a name, the project's keeps it.
		scans = append([]*Scan{DiscoverWorkspace(ws, cfg.AgentsSyncing)}, scans...)
	}
	return Match(scans, set, r)
}

// Match evaluates every scanned source against set. Predicates compose as
// AND across plugin → group → skill; hooks follow the plugin's crates;
// servers the plugin's and their own. Broken plugins and skills are warned
// about (through r.Warn) and rejected; the rest go on.
//
// Where each level's predicates are evaluated (upstream: "When predicates
// are evaluated"): plugin, group, skill and MCP server predicates here,
// against r.Workspace, each shell or custom predicate run once per
// (name, argument) for the whole run. A hook's own predicates observe live
// state, so they are evaluated by pkg/dispatch when the hook is about to run:
// here only their dependency and workspace-member() parts are answered
// (pkg/dispatch has no dependency set), and what is left, after the plugin's
// own live predicates, goes in the hook record. A hook whose predicates
// cannot hold whatever the live state is rejected here.
func Match(scans []*Scan, set *cratepred.Set, r *Resolver) *Result {
	res := &Result{}
	seenSkill := map[string]string{} // skill name → who provides it
	ev := newEvaluator(scans, set, r)
	mt := &matcher{res: res, r: r, ev: ev, seenSkill: seenSkill,
		cr: newCrates(r, res, ev, set, seenSkill, scans)}
	for _, sc := range scans {
		mt.scan(sc)
	}
	// Last, the plugins the workspace's own dependencies embed: each is a
	// candidate until the user consents.
	mt.cr.discover()
	return res
}

// matcher is Match's state across sources: what it has found so far and
// the evaluator whose shell and custom predicate results it reuses.
type matcher struct {
	res       *Result
	r         *Resolver
	ev        *evaluator
	cr        *crates
	seenSkill map[string]string // skill name → who provides it
}

// scanState is what Match gathers about one source while it walks its
// plugins: the paths that tell whether it changed (stream.Source's Inputs
// and Tree) and the approval of the workspace's own manifests.
type scanState struct {
	sc       *Scan
	inputs   []string
	tree     []string
	local    bool // a directory of the user's: its walked tree is recorded
	approved approval.State
}

// scan matches every plugin and standalone skill of one source, then adds
// its source record.
func (mt *matcher) scan(sc *Scan) {
	res, r := mt.res, mt.r
	st := &scanState{sc: sc,
		inputs: append(append([]string{}, sc.Source.Inputs...), sc.Inputs...),
		tree:   append([]string{}, sc.Tree...),
		local:  sc.Source.Git == "" && !sc.Source.Embedded,
	}
	st.approved = r.scanApproval(sc, &st.inputs)
	for _, p := range sc.Problems {
		r.warn("%v", p.Err)
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: p.What, Name: p.Name, Reason: p.Err.Error(), File: p.File})
	}
	for _, it := range sortedItems(sc) {
		if it.standalone != nil {
			mt.standalone(sc, it.standalone)
			continue
		}
		mt.plugin(st, it.plugin)
	}
	sc.Source.cache.save()
	res.Sources = append(res.Sources, stream.Source{Kind: stream.KindSource, Name: sc.Source.Name, Dir: sc.Source.Dir, Git: sc.Source.Git, Embedded: sc.Source.Embedded, Inputs: uniqSorted(st.inputs), Tree: uniqSorted(st.tree),
		Checked: sc.Source.Checked})
}

// standalone adds a standalone skill of sc whose predicates hold.
func (mt *matcher) standalone(sc *Scan, st *Standalone) {
	res, r := mt.res, mt.r
	mt.ev.plugin(st.Skill.Dir)
	if !res.wakeStandalone(r, sc, st) {
		return
	}
	crates := st.Crates
	if r.Unexplained && crates != nil {
		if !crates.Matches(mt.ev.set) {
			return // what level would say, unread (Resolver.Unexplained)
		}
		crates = nil // matched: level need not match them again
	}
	if why := mt.ev.level(crates, crates != nil, st.Predicates); why != "" {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: st.Skill.Name, Reason: why, File: st.Skill.Path})
		return
	}
	res.addSkill(r, mt.seenSkill, stream.Skill{Kind: stream.KindSkill, Name: st.Skill.Name, Source: sc.Source.Name, Dir: st.Skill.Dir,
		Description: st.Skill.Description, Crates: atomStrings(st.Crates)}, st.Skill.Path)
}

// plugin adds what plugin m of the source applies: its status always, and,
// when it is active, its skill groups and (once approved, for the
// workspace's own) its hooks, servers, subcommands and chained plugins.
func (mt *matcher) plugin(st *scanState, m *Manifest) {
	res, r, ev, sc := mt.res, mt.r, mt.ev, st.sc
	ev.plugin(m.Dir)
	res.skippedParts(r, m)
	root, ok := mt.enabled(sc, m)
	if !ok {
		return
	}
	status := stream.PluginStatus{Kind: stream.KindPluginStatus, Name: m.Name, Source: sc.Source.Name, Dir: m.Dir, Root: root}
	if why := ev.level(m.Crates, m.HasCrates, m.Predicates); why != "" {
		status.State, status.Reason = stream.StateDormant, "its predicates do not hold here: "+why
		res.Statuses = append(res.Statuses, status)
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "plugin", Name: m.Name, Reason: why, Plugin: m.Name, File: m.Path})
		res.rejectContents(m, "plugin "+m.Name+" does not apply: "+why)
		return
	}
	status.State = stream.StateActive
	gated := m.Workspace && NeedsApproval(m)
	if gated {
		status.Approval = string(st.approved)
	}
	res.Statuses = append(res.Statuses, status)
	var pluginCrates []string
	if m.HasCrates {
		pluginCrates = atomStrings(m.Crates)
	}
	vouch := trust{root: root, source: sc.Source.Name, fetch: true, via: m.Name}
	for _, g := range m.Skills {
		mt.group(st, m, g, pluginCrates, vouch)
	}
	if gated && st.approved != approval.Approved {
		// Skills are text; the rest runs code (approval.go).
		res.rejectUnapproved(m, st.approved)
		return
	}
	// A configured source (the central one included) is the
	// user's choice, and an approved workspace's manifests the
	// user's too: their install_commands may run.
	shellOK := sc.Source.Name != WorkspaceSource || (gated && st.approved == approval.Approved)
	res.addHooks(r, ev, m, sc.Source.Name, shellOK)
	res.addServers(ev, m, sc.Source.Name)
	res.addSubcommands(r, ev, m, sc.Source.Name, shellOK)
	// A trusted plugin's chained reference needs no consent of its
	// own: the registry vouches for the crate it names.
	for _, ref := range m.Plugins {
		ev.plugin(m.Dir)
		mt.cr.chain(m, ref, vouch, 1, nil)
	}
}

// enabled decides whether plugin m may run at all (upstream:
// configuration.md "[plugins]"): a configured source is a trust root, but
// disable wins over it, and a plugin that names no dependency waits for
// use. It returns the root that enables m, or false after recording why
// m is declined or dormant.
func (mt *matcher) enabled(sc *Scan, m *Manifest) (string, bool) {
	res, r := mt.res, mt.r
	root := "registry " + sc.Source.Name
	status := stream.PluginStatus{Kind: stream.KindPluginStatus, Name: m.Name, Source: sc.Source.Name, Dir: m.Dir}
	if r.Consent.Disabled(m.Name) {
		status.State, status.Root, status.Reason = stream.StateDeclined, "[plugins] disable", "declined: "+m.Name+" is in [plugins] disable"
		res.Statuses = append(res.Statuses, status)
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "plugin", Name: m.Name, Reason: status.Reason, Plugin: m.Name, File: m.Path})
		res.rejectContents(m, "plugin "+m.Name+" is declined ([plugins] disable)")
		return "", false
	}
	if !m.Dormant {
		return root, true
	}
	u, ok := r.Consent.Used(m.Name, r.Workspace.Root)
	if !ok {
		status.State, status.Root = stream.StateDormant, root
		status.Reason = fmt.Sprintf("dormant: plugin %s names no dependency, so it applies only where it is enabled by name: run `cargo agents use %s`", m.Name, m.Name)
		res.Statuses = append(res.Statuses, status)
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "plugin", Name: m.Name, Reason: status.Reason, Plugin: m.Name, File: m.Path})
		res.rejectContents(m, "plugin "+m.Name+" is dormant")
		return "", false
	}
	return u.Root(), true
}

// group adds the skills of one [[skills]] group of active plugin m whose
// predicates hold, recording the paths it read in st.
func (mt *matcher) group(st *scanState, m *Manifest, g SkillGroup, pluginCrates []string, vouch trust) {
	res, r, sc := mt.res, mt.r, st.sc
	gname := g.SourcePath
	if gname == "" {
		gname = RedactURL(g.SourceGit)
	}
	if g.CratePath != "" {
		gname = "crate:" + g.CratePath
	}
	rej := func(reason string) {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "group", Name: gname, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, g.Line)})
	}
	groupCrates := pluginCrates
	if why := mt.ev.level(g.Crates, g.HasCrates, g.Predicates); why != "" {
		rej(why)
		return
	}
	if g.HasCrates {
		groupCrates = append(append([]string{}, pluginCrates...), atomStrings(g.Crates)...)
	}
	if g.CratePath != "" {
		// v0.3: the registry plugin names the crates (its
		// matched crate set), so it vouches for what they carry.
		mt.cr.crateGroup(m, g, groupCrates, vouch)
		return
	}
	dir, in, err := groupDir(r, sc, m, g)
	st.inputs = append(st.inputs, in...)
	if err != nil {
		r.warn("%v", err)
		rej(err.Error())
		return
	}
	files, groupTree, err := GroupSkills(dir)
	if st.local && g.SourceGit == "" {
		st.tree = append(st.tree, groupTree...)
	}
	if sc.Source.Informal && err == nil {
		files = withoutInstalled(dir, files)
		// A hook call notices a workspace skill added or
		// removed: there are two such groups per member at most.
		st.inputs = append(st.inputs, dir)
	}
	if err != nil {
		err = pos.Errorf(m.Path, g.Line, 0, "[[skills]] group %q: %w", gname, err)
		r.warn("%v", err)
		rej(err.Error())
		return
	}
	mt.cr.addSkills(sc.Source.cache, files, groupCrates, m.Name, sc.Source.Name, sc.Source.Informal)
}

// addHooks adds the hooks of m, an active plugin whose records carry
// source: each with what is left of its predicates for dispatch and its
// installations resolved. The evaluator must be at m's directory.
// shellOK says whether the user trusts m enough to run the
// install_commands of its installations (noShellCommands).
func (res *Result) addHooks(r *Resolver, ev *evaluator, m *Manifest, source string, shellOK bool) {
	for _, h := range m.Hooks {
		preds, cmds, why := ev.forDispatch(m.Predicates, h.Predicates)
		if why != "" {
			res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "hook", Name: h.Name, Reason: why, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, h.Line)})
			continue
		}
		rec := stream.Hook{Kind: stream.KindHook, Plugin: m.Name, Source: source, Name: h.Name, Event: h.Event,
			Matcher: h.Matcher, Command: h.Command, Format: h.Format, Dir: m.Dir, Timeout: h.Timeout, Predicates: preds, PredicateCommands: cmds,
			Agent: h.Agent}
		err := withInstallations(&rec, m, &h, r.Dirs.Cache)
		if err == nil && !shellOK {
			err = noShellCommands(m, h.Line, rec.Installations)
		}
		if err != nil {
			// Resolving reads the plugin's files: a broken reference
			// skips this hook, not the plugin.
			r.warn("%v; hook %q of plugin %q is skipped", err, h.Name, m.Name)
			res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "hook", Name: h.Name, Reason: err.Error(), Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, h.Line)})
			continue
		}
		res.Hooks = append(res.Hooks, rec)
	}
}

// addServers adds the MCP servers of m, an active plugin whose records
// carry source, whose own crates and predicates hold.
func (res *Result) addServers(ev *evaluator, m *Manifest, source string) {
	for _, s := range m.MCPServers {
		if why := ev.level(s.Crates, s.HasCrates, s.Predicates); why != "" {
			res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "mcp_server", Name: s.Name, Reason: why, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, s.Line)})
			continue
		}
		res.Servers = append(res.Servers, stream.MCPServer{Kind: stream.KindMCPServer, Plugin: m.Name, Source: source, Name: s.Name, Type: s.Type,
			Command: s.Command, Args: s.Args, Env: s.Env, URL: s.URL, Headers: s.Headers, Dir: m.Dir})
	}
}

// wakeStandalone reports whether a standalone skill may apply here: one
// that names a dependency may; a dormant one only where [plugins] use
// names it, as for a plugin. A dormant one gets a plugin_status (under
// its skill name) either way, so `cargo agents use` and `status` know it.
func (res *Result) wakeStandalone(r *Resolver, sc *Scan, st *Standalone) bool {
	if !st.Dormant {
		return true
	}
	name := st.Skill.Name
	status := stream.PluginStatus{Kind: stream.KindPluginStatus, Name: name, Source: sc.Source.Name, Dir: st.Skill.Dir, State: stream.StateActive}
	if u, ok := r.Consent.Used(name, r.Workspace.Root); ok && !r.Consent.Disabled(name) {
		status.Root = u.Root()
		res.Statuses = append(res.Statuses, status)
		return true
	}
	status.State, status.Root = stream.StateDormant, "registry "+sc.Source.Name
	status.Reason = fmt.Sprintf("dormant: skill %s names no dependency, so it applies only where it is enabled by name: run `cargo agents use %s`", name, name)
	if r.Consent.Disabled(name) {
		status.State, status.Root, status.Reason = stream.StateDeclined, "[plugins] disable", "declined: "+name+" is in [plugins] disable"
	}
	res.Statuses = append(res.Statuses, status)
	res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: name, Reason: status.Reason, File: st.Skill.Path})
	return false
}

// skippedParts warns, once per sync, about each part of m left out for a
// field this version does not know, and records it as rejected.
func (res *Result) skippedParts(r *Resolver, m *Manifest) {
	for _, s := range m.Skipped {
		r.warn("%v", s.Err)
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: s.What, Name: s.Name, Reason: s.Err.Error(), Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, s.Line)})
	}
}

// rejectContents explains each group, hook and server of a plugin that
// did not apply (its groups are not fetched, so their skills are unknown).
func (res *Result) rejectContents(m *Manifest, reason string) {
	for _, g := range m.Skills {
		name := g.SourcePath
		if name == "" {
			name = RedactURL(g.SourceGit)
		}
		if g.CratePath != "" {
			name = "crate:" + g.CratePath
		}
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "group", Name: name, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, g.Line)})
	}
	for _, h := range m.Hooks {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "hook", Name: h.Name, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, h.Line)})
	}
	for _, s := range m.MCPServers {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "mcp_server", Name: s.Name, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, s.Line)})
	}
	res.rejectSubcommands(m, reason)
}

// addSkill keeps every skill of a name that comes from its own directory:
// sym-install installs the first under the name and the others under a
// suffixed one (upstream: "Pre-existing files"), so none overwrites
// another. The same directory reached twice is one skill.
func (res *Result) addSkill(r *Resolver, seen map[string]string, s stream.Skill, file string) {
	key := s.Name + "\x00" + filepath.Clean(s.Dir)
	if prev, ok := seen[key]; ok {
		reason := fmt.Sprintf("the skill directory %s is already listed (from %s)", s.Dir, prev)
		r.warn("%s: %s; skipping this one", file, reason)
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "skill", Name: s.Name, Reason: reason, Plugin: s.Plugin, File: file})
		return
	}
	seen[key] = s.Source + "/" + s.Plugin
	res.Skills = append(res.Skills, s)
}

type item struct {
	path       string
	plugin     *Manifest
	standalone *Standalone
}

// sortedItems merges plugins and standalone skills in path order.
func sortedItems(sc *Scan) []item {
	items := make([]item, 0, len(sc.Plugins)+len(sc.Standalones))
	for _, m := range sc.Plugins {
		items = append(items, item{path: m.Dir, plugin: m})
	}
	for _, s := range sc.Standalones {
		items = append(items, item{path: s.Skill.Dir, standalone: s})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].path < items[j].path })
	return items
}

// groupDir resolves a group's source: source.path relative to the plugin
// directory, which must stay inside the plugin source; source.git through
// the cache.
func groupDir(r *Resolver, sc *Scan, m *Manifest, g SkillGroup) (string, []string, error) {
	if g.SourceGit != "" {
		dir, in, err := r.GroupGit(g.SourceGit, sc.Source.Level)
		if err != nil {
			return "", in, pos.Errorf(m.Path, g.Line, 0, "[[skills]] source.git: %w", err)
		}
		return dir, in, nil
	}
	dir := filepath.Join(m.Dir, filepath.FromSlash(g.SourcePath))
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", nil, pos.Errorf(m.Path, g.Line, 0, "[[skills]] source.path %q: %w", g.SourcePath, err)
	}
	root := sc.root
	if root == "" {
		root, err = filepath.EvalSymlinks(sc.Source.Dir)
	}
	if err != nil || !within(root, real) {
		return "", nil, pos.Errorf(m.Path, g.Line, 0, "[[skills]] source.path %q leaves the plugin source %q", g.SourcePath, sc.Source.Name)
	}
	return dir, nil, nil
}

func uniqSorted(in []string) []string {
	slices.Sort(in)
	out := slices.Compact(in)
	if out == nil {
		return []string{}
	}
	return out
}

func atomStrings(l cratepred.List) []string {
	out := make([]string, len(l))
	for i, a := range l {
		out[i] = a.String()
	}
	return out
}
