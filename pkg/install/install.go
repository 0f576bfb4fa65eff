// Package install applies a match result to a workspace: it copies skill
// directories into each agent's project skill directory, keeps the
// .symposium/manifest.toml that says which of them we own, and asks each
// agent (pkg/agent) to register our hooks and the matched MCP servers.
//
// Ownership is recorded, never guessed: a skill directory is ours only when
// the manifest lists it, so a user's own skill is never touched, even when
// its name collides with one we would install.
package install

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"crypto/sha256"
	"encoding/hex"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/agentfiles"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/skillowner"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// ManifestName is the file, relative to each skills directory, that lists
// what we installed there (book: "Skill manifest"); LegacyManifestName is
// where older versions kept it (read, then moved).
const (
	ManifestName       = skillowner.ManifestName
	LegacyManifestName = skillowner.LegacyManifestName
)

// gitignore keeps an installed skill out of the user's `git status`; with
// the manifest it marks the directory as ours (pkg/skillowner).
const gitignore = skillowner.Gitignore

// Input is what sym-install read from the sym-match stream.
type Input struct {
	Workspace  stream.Workspace
	Skills     []stream.Skill
	MCPServers []stream.MCPServer
	// Sources are the plugin sources sym-match read; one with no Dir could
	// not be read this time.
	Sources []stream.Source
	// Hooks are read for their installations (pkg/acquire acquires
	// them); registering hooks does not depend on the match.
	Hooks []stream.Hook
}

// unreadable names the sources that could not be read. While there is one,
// nothing it may have installed is removed: a source that is away for a
// moment (a network share, a clone not made yet offline) must not take
// every skill it provided with it.
func (in Input) unreadable() []string {
	var names []string
	for _, s := range in.Sources {
		if s.Dir == "" {
			names = append(names, s.Name)
		}
	}
	return names
}

// Options say where and for whom to install.
type Options struct {
	Root    string         // workspace root
	Config  *config.Config // agents and hook scope
	Dirs    config.Dirs
	Command string // our hook executable (sym-hook) as agents should run it
	Writer  fileedit.Writer
	DryRun  bool // Writer only reports; never touch the disk
	// Getenv reads the environment, for the gates that depend on it
	// (agent.Target.Getenv); nil reads nothing.
	Getenv func(string) string
	// Emit, when set, is passed the actions as each skills directory is
	// done, in Result.Actions' order (which still holds them all), so
	// that sym-install can write its first records while it works on the
	// last directories.
	Emit func([]stream.Action)
}

// Result is everything that happened (or would, with a dry-run writer).
type Result struct {
	Actions  []stream.Action
	Warnings []string
	Gates    []agent.Gate
	// GateInputs are the files the gate checks read, so that the sync
	// state can notice when a gate opens or closes.
	GateInputs []stream.GateInput
	Errors     []error // per-agent failures; the other agents were still synced
}

// gates checks a's gates for target, keeping the gates and what they read.
func (r *Result) gates(a *agent.Agent, af agent.Files, target agent.Target) {
	var read []string
	target.Read = &read
	r.Gates = append(r.Gates, a.Gates(af, target)...)
	for _, p := range read {
		r.GateInputs = append(r.GateInputs, stream.GateInput{Kind: stream.KindGateInput, Agent: a.Name, Path: p})
	}
}

func (r *Result) warnf(format string, args ...any) {
	r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
}

// mcpServersFor drops, for an agent that reads MCP servers only from a
// user-wide file, the servers of the workspace's own plugins: that file
// is shared by every project, and a repository's manifest must not reach
// beyond the repository, approved or not.
func (r *Result) mcpServersFor(a *agent.Agent, servers []stream.MCPServer) []stream.MCPServer {
	if !a.MCPUserGlobal() {
		return servers
	}
	out := servers[:0:0]
	for _, s := range servers {
		if s.Source == stream.SourceWorkspace {
			r.warnf("%s: MCP server %q of the workspace's own plugin is not registered: %s reads MCP servers only from a user-wide file, which every project shares, and a workspace's plugin never writes one", a.Name, s.Name, a.Display)
			continue
		}
		out = append(out, s)
	}
	return out
}

func (r *Result) add(op, agentName, path, status, name, detail string) {
	r.Actions = append(r.Actions, stream.Action{Kind: stream.KindAction, Op: op, Agent: agentName, Path: path, Status: status, Name: name, Detail: detail})
}

// manifest is the .symposium/manifest.toml of one skill directory. Installed is the
// union over agents (the book's format); Agents records, per agent, what it
// needs, so removing one agent keeps what the others sharing the directory
// still use.
type manifest struct {
	Installed []string `toml:"installed"`
	// InstalledFor are the configured agents that read the installed skills
	// from this directory (all of them read all of them).
	InstalledFor []string                 `toml:"installed_for,omitempty"`
	Agents       map[string]agentManifest `toml:"agents,omitempty"`
	// Files are, per installed skill, the files symposium wrote into its
	// directory (slash-separated, relative) and a digest of each as
	// written: anything else there, or a file changed since, is the
	// user's (see userFiles).
	Files map[string]map[string]string `toml:"files,omitempty"`
}

type agentManifest struct {
	MCPServers []string `toml:"mcp_servers,omitempty"`
	// Skills is how manifests written before installed_for said which
	// agents used the skills; read, never written.
	Skills []string `toml:"skills,omitempty"`
}

// Run installs in for every configured agent and cleans up after agents no
// longer configured.
func Run(in Input, opts Options) *Result {
	res := &Result{}
	r := &run{in: in, opts: opts, res: res, configured: map[string]bool{}}
	for _, name := range opts.Config.Agents {
		r.configured[name] = true
	}
	r.skills = chooseSkills(in.Skills, res)
	r.away = in.unreadable()
	if len(r.away) > 0 {
		res.warnf("plugin source(s) %s could not be read: what symposium installed before is kept (nothing is removed) until they can be read again", strings.Join(r.away, ", "))
	}

	// Skills install where each configured agent reads each one once
	// (agent.PlaceSkills); every directory any agent reads is visited, to
	// remove our copies from those no longer chosen. Each agent's hooks
	// and MCP servers are kept in the manifest of its own SkillDir.
	r.place = agent.PlaceSkills(opts.Config.Agents)
	if msg := r.place.Warning(); msg != "" {
		res.warnf("%s", msg)
	}
	r.pl = newPlacer(opts.Root, opts.Config.Agents, r.place, r.skills, res)
	byDir := map[string][]*agent.Agent{}
	for _, a := range agent.All() {
		byDir[a.SkillDir] = append(byDir[a.SkillDir], a)
	}

	r.sources = &sourceCache{files: map[string]*cachedSkill{}}
	r.target = agent.Target{Workspace: opts.Root, Home: opts.Dirs.Home, Host: opts.Dirs.Agents, Scope: opts.Config.HookScope, Command: opts.Command, Getenv: opts.Getenv}
	if opts.Config.HookScope == config.ScopeProject && opts.Command != "" && opts.Command != agent.HookExecutable {
		res.warnf("the hooks in this project's files run `%s` by name (a path would be wrong on a teammate's machine), and the one on PATH is not %s: put its directory first on PATH (make install does)", agent.HookExecutable, opts.Command)
	}
	realRoot, err := realPath(opts.Root) // through junctions too, as the paths it confines
	if err != nil {
		realRoot = filepath.Clean(opts.Root)
	}
	r.realRoot, r.resolved = realRoot, err == nil
	r.w = confinedWriter{Writer: opts.Writer, root: filepath.Clean(opts.Root), realRoot: realRoot}
	r.af = agentfiles.Of(r.w)
	rels := agent.SkillDirs()
	reals, errs := r.realSkillDirs(rels)
	if opts.DryRun || aliased(reals, errs) || sequentialOnly {
		// A dry run's writer records in order; and skills directories
		// that are one directory (a link from one to the other) must be
		// synced one after the other, each reading what the last wrote.
		for i, rel := range rels {
			r.skillDir(rel, byDir[rel], errs[i])
			r.emit()
		}
		return res
	}
	r.overlapped(rels, byDir, errs)
	return res
}

// emit passes the actions not passed yet to Options.Emit.
func (r *run) emit() {
	if r.opts.Emit != nil && len(r.res.Actions) > r.emitted {
		r.opts.Emit(r.res.Actions[r.emitted:])
		r.emitted = len(r.res.Actions)
	}
}

// sequentialOnly makes Run sync the skills directories one after the
// other, as a dry run does: for the test that overlapped gives the same.
var sequentialOnly = false

// overlapped syncs every skills directory as skillDir does, in the same
// order, but copies the skills of the later ones while the earlier ones
// register hooks and write their manifests, so that neither waits for the
// other: each directory's copies are queued as soon as its intent is
// recorded, and its own results are kept apart and appended in order, so
// the actions and warnings are those of the sequential sync.
func (r *run) overlapped(rels []string, byDir map[string][]*agent.Agent, errs []error) {
	cp := startCopier(r.w, false, r.sources, len(rels))
	dirs := make([]*dirSync, len(rels))
	for i, rel := range rels {
		d := *r
		d.res = &Result{}
		dirs[i] = d.prepareDir(rel, byDir[rel], errs[i])
		if !dirs[i].stopped {
			dirs[i].copies = cp.add(dirs[i].jobs)
		}
	}
	cp.close()
	for _, d := range dirs {
		if !d.stopped {
			d.copies.Wait()
			d.r.finishDir(d)
		}
		r.res.append(d.r.res)
		r.emit()
	}
}

// realSkillDirs resolves each skills directory (rel, under the workspace)
// to its real path, or the error that keeps it from being written: one
// that leads out of the workspace.
func (r *run) realSkillDirs(rels []string) ([]string, []error) {
	reals, errs := make([]string, len(rels)), make([]error, len(rels))
	for i, rel := range rels {
		dir := filepath.Join(r.opts.Root, rel)
		if !r.resolved {
			reals[i], errs[i] = realConfined(r.realRoot, dir)
			continue
		}
		if reals[i], errs[i] = realUnder(r.realRoot, r.opts.Root, rel); errs[i] == nil {
			errs[i] = leadsOut(r.realRoot, dir, reals[i])
		}
	}
	return reals, errs
}

// aliased reports whether two skills directories that can be written are
// one directory, or one is inside the other, through a symlink.
func aliased(reals []string, errs []error) bool {
	for i := range reals {
		for j := i + 1; j < len(reals); j++ {
			if errs[i] == nil && errs[j] == nil && (within(reals[i], reals[j]) || within(reals[j], reals[i])) {
				return true
			}
		}
	}
	return false
}

// append adds o's results after r's.
func (r *Result) append(o *Result) {
	r.Actions = append(r.Actions, o.Actions...)
	r.Warnings = append(r.Warnings, o.Warnings...)
	r.Gates = append(r.Gates, o.Gates...)
	r.GateInputs = append(r.GateInputs, o.GateInputs...)
	r.Errors = append(r.Errors, o.Errors...)
}

// run is one Run: its inputs, and what every skills directory shares.
type run struct {
	in         Input
	opts       Options
	res        *Result
	configured map[string]bool
	skills     []placed
	place      agent.SkillPlacement // where skills install
	pl         *placer
	away       []string // sources that could not be read
	sources    *sourceCache
	target     agent.Target
	realRoot   string
	resolved   bool            // realRoot is the root's real path (else its clean path)
	w          fileedit.Writer // confined to the workspace
	af         agent.Files
	emitted    int // how many of res.Actions went to Options.Emit
}

// skillDir syncs one skills directory (rel, under the workspace) and the
// agents whose own SkillDir it is: the skills placed there, then each
// agent's hooks and MCP servers, then the manifest that records what is
// ours there. confinedErr is why the directory may not be written (it
// leads out of the workspace), or nil.
func (r *run) skillDir(rel string, agents []*agent.Agent, confinedErr error) {
	d := r.prepareDir(rel, agents, confinedErr)
	if d.stopped {
		return
	}
	cp := startCopier(r.w, r.opts.DryRun, r.sources, 1)
	b := cp.add(d.jobs)
	cp.close()
	b.Wait()
	r.finishDir(d)
}

// dirSync is one skills directory's sync between its plan and its finish.
type dirSync struct {
	r                      *run // whose res gets this directory's results
	rel                    string
	agents                 []*agent.Agent
	skillDir, manifestPath string
	old                    manifest
	owned                  map[string]bool
	want                   map[string]bool
	jobs                   []copyJob
	next                   manifest
	users                  []string
	copies                 *sync.WaitGroup // done when jobs are copied
	stopped                bool            // an error ended it before any copy
}

// prepareDir reads a skills directory's manifest, plans its skills and,
// before any copy, records the intent to install them (see recordIntent).
func (r *run) prepareDir(rel string, agents []*agent.Agent, confinedErr error) *dirSync {
	d := &dirSync{r: r, rel: rel, agents: agents, skillDir: filepath.Join(r.opts.Root, rel)}
	d.manifestPath = filepath.Join(d.skillDir, ManifestName)
	old, readFrom, err := readManifest(r.w, d.manifestPath)
	if err == nil {
		err = confinedErr
	}
	if err != nil {
		r.res.Errors = append(r.res.Errors, err)
		d.stopped = true
		return d
	}
	d.old = old
	d.users = append([]string{}, r.place.Users[rel]...)
	d.next = manifest{InstalledFor: d.users, Agents: map[string]agentManifest{}, Files: map[string]map[string]string{}}
	d.owned = r.ownedSkills(old, d.skillDir, readFrom)
	d.want, d.jobs = r.planSkills(rel, old, d.owned)
	d.next.Files = make(map[string]map[string]string, len(d.jobs))
	if len(d.jobs) > 0 && !r.opts.DryRun {
		os.MkdirAll(d.skillDir, 0o755) // once for all skills; a failure surfaces per skill below
		if err := recordIntent(r.w, d.manifestPath, old, d.owned, d.jobs); err != nil {
			r.res.Errors = append(r.res.Errors, err)
			d.stopped = true
		}
	}
	return d
}

// finishDir, once d's skills are copied, reports them, removes ours that
// no longer apply, syncs d's agents and writes d's manifest.
func (r *run) finishDir(d *dirSync) {
	r.collect(d.jobs, &d.next)
	r.removeUnwanted(d.skillDir, d.old, d.owned, d.want, len(d.users) > 0, &d.next)
	for _, a := range d.agents {
		r.syncAgent(a, d.old.Agents[a.Name], &d.next)
	}
	if err := writeManifest(r.w, d.manifestPath, d.next, r.res); err != nil {
		r.res.Errors = append(r.res.Errors, err)
	}
}

// ownedSkills are the skill directories the manifest lists that are ours:
// the manifest is a file the repository may have committed, so an entry
// is ours only if it is a real directory here too.
func (r *run) ownedSkills(old manifest, skillDir, readFrom string) map[string]bool {
	owned := map[string]bool{}
	for _, n := range old.Installed {
		p := filepath.Join(skillDir, n)
		if !stream.SafePathSegment(n) || n == filepath.Dir(ManifestName) {
			continue // a tampered manifest must not make us reach outside skillDir, or remove itself
		}
		if fi, err := os.Lstat(p); err == nil && !fi.IsDir() {
			r.res.warnf("%s is listed in %s but is not a directory symposium made (%s); not ours, left alone", p, readFrom, fi.Mode().Type())
			continue
		}
		owned[n] = true
	}
	return owned
}

// planSkills decides which matched skills go in the skills directory rel
// (under the workspace): want holds each directory name a skill installs
// under there, and jobs are the copies to make, by name. A skill goes there
// only when its placement has configured agents read it there.
func (r *run) planSkills(rel string, old manifest, owned map[string]bool) (map[string]bool, []copyJob) {
	skillDir := filepath.Join(r.opts.Root, rel)
	dirBase := filepath.Base(skillDir)
	// The agents reading each placement here, and their label, once per
	// placement rather than per skill: there are one or a few placements
	// and 16 skills directories, and a map lookup of each skill's
	// directory, its placement's readers and their join per skill and
	// directory were half of planning.
	readers := make([][]string, len(r.pl.placements))
	labels := make([]string, len(readers))
	for k, pl := range r.pl.placements {
		readers[k] = pl.Users[rel]
		labels[k] = strings.Join(readers[k], ",")
	}
	n := 0
	for i := range r.skills {
		if len(readers[r.pl.idx[i]]) > 0 {
			n++
		}
	}
	// Sized up front for the skills that go here: grown one by one, the
	// map was rehashed nine times at 500 skills, the first copies waiting
	// on its page faults. A set of names (it held each skill, 136 bytes,
	// which nothing read: nine times the memory to fault in).
	want := make(map[string]bool, n)
	jobs := make([]copyJob, 0, n)
	var present map[string]bool // names in skillDir, read once when needed
	for i := range r.skills {
		p := &r.skills[i]
		k := r.pl.idx[i]
		if len(readers[k]) == 0 {
			continue // no configured agent reads this skill here
		}
		label := labels[k]
		// A valid skill name is one clean path segment: no filepath.Join
		// (and its Clean) per skill and skills directory.
		name, dst := p.as, skillDir+string(filepath.Separator)+p.as
		if p.inSlot(dst, dirBase) {
			// The skill's own directory is its slot: nothing to copy, and
			// never ours to remove, whatever a manifest (perhaps a
			// committed one) says.
			want[name] = true
			r.res.add("skill", label, dst, stream.StatusUnchanged, name, "in place: the skill's own directory")
			continue
		}
		detail := ""
		if !owned[name] {
			if present == nil {
				present = entryNames(skillDir)
			}
			if present[name] && !p.suffixed {
				// A directory we did not install has the name: the user's
				// stays, ours installs beside it.
				alt := suffixedName(p.Skill)
				if owned[alt] || !present[alt] {
					r.res.warnf("%s exists and was not installed by symposium; leaving it alone and installing skill %q from %s as %s", dst, p.Name, describe(p.Skill), alt)
					name, dst, detail = alt, filepath.Join(skillDir, alt), "suffixed: "+p.Name+" is not symposium's"
				}
			}
			if !owned[name] && present[name] {
				r.res.warnf("%s exists and was not installed by symposium; leaving it alone (skill %q from %s not installed)", dst, p.Name, describe(p.Skill))
				r.res.add("skill", label, dst, stream.StatusSkipped, name, "not ours")
				continue
			}
		}
		if _, dup := want[name]; dup {
			continue // two suffixes met (vanishingly rare): the first stays
		}
		want[name] = true
		jobs = append(jobs, copyJob{label: label, name: name, src: p.Dir, dst: dst, absent: !owned[name], detail: detail, ours: ownedFiles(old, owned, name)})
	}
	sort.Slice(jobs, func(i, j int) bool { return jobs[i].name < jobs[j].name })
	return want, jobs
}

// collect reports the copies made and records them in next.
func (r *run) collect(jobs []copyJob, next *manifest) {
	// An action and a name per job, mostly: grown once, not by doubling.
	next.Installed = slices.Grow(next.Installed, len(jobs))
	r.res.Actions = slices.Grow(r.res.Actions, len(jobs))
	for _, j := range jobs {
		if j.warns { // else nothing to report: no lock, no lookup per job
			for _, msg := range r.sources.newWarnings(j.src) {
				r.res.warnf("skill %s: %s", j.name, msg)
			}
		}
		if j.err != nil {
			r.res.Errors = append(r.res.Errors, fmt.Errorf("installing skill %s: %w", j.name, j.err))
			if !j.absent || skillowner.Ours(j.dst) {
				// Ours still, however far the copy got: dropped from the
				// manifest, the next sync would take it for the user's,
				// keep it as it is and install the skill beside it.
				next.Installed = append(next.Installed, j.name)
				if j.ours != nil {
					next.Files[j.name] = j.ours
				}
			}
			continue
		}
		r.res.reportUserFiles(j.label, j.dst, j.name, j.user, false)
		r.res.add("skill", j.label, j.dst, j.status, j.name, j.detail)
		next.Installed = append(next.Installed, j.name)
		next.Files[j.name] = j.written
	}
}

// removeUnwanted removes the skills of ours that no longer match, except
// while a source could not be read (used: some agent still reads the
// directory), and keeps in next what it could not remove.
func (r *run) removeUnwanted(skillDir string, old manifest, owned map[string]bool, want map[string]bool, used bool, next *manifest) {
	keepEntry := func(name string) {
		next.Installed = append(next.Installed, name)
		if f, ok := old.Files[name]; ok {
			next.Files[name] = f
		}
	}
	for _, name := range old.Installed {
		if _, keep := want[name]; keep || !owned[name] {
			continue // owned: a tampered manifest must not make us delete what is not ours
		}
		dst := filepath.Join(skillDir, name)
		if len(r.away) > 0 && used {
			keepEntry(name)
			r.res.add("skill", strings.Join(next.InstalledFor, ","), dst, stream.StatusUnchanged, name, "kept: a plugin source could not be read")
			continue
		}
		status, kept, edited, err := removeSkill(r.w, dst, old.Files[name])
		if len(edited) > 0 {
			r.res.warnf("skill %s no longer applies: removed symposium's files from %s, among them %s, which differed from what symposium wrote (your change, or a sync interrupted while it updated them)", name, dst, strings.Join(edited, ", "))
		}
		if err != nil {
			r.res.Errors = append(r.res.Errors, err)
			keepEntry(name)
			continue
		}
		// With the user's files left in it, the directory is theirs now:
		// no longer listed as ours.
		r.res.reportUserFiles(oldUsers(old), dst, name, userFiles{kept: kept}, true)
		r.res.add("skill", oldUsers(old), dst, status, name, removedWhy(name, next.InstalledFor, r.place.Dirs, r.skills))
	}
}

// syncAgent registers our hooks and the matched MCP servers for a
// configured agent, or removes what we registered for one no longer
// configured (only ours), recording in next the servers it owns.
func (r *run) syncAgent(a *agent.Agent, prev agentManifest, next *manifest) {
	res := r.res
	if !r.configured[a.Name] {
		r.unregister(a, prev, next)
		return
	}
	if a.HasHooks() {
		changes, err := a.RegisterHooks(r.af, r.target)
		res.addChanges(a.Name, changes)
		if err != nil {
			res.Errors = append(res.Errors, fmt.Errorf("%s hooks: %w", a.Name, err))
		}
	}
	manage, kept := prev.MCPServers, []string(nil)
	if len(r.away) > 0 {
		manage, kept = keepAbsent(prev.MCPServers, r.in.MCPServers)
	}
	changes, nowOwned, warnings, err := a.SyncMCP(r.af, r.target, res.mcpServersFor(a, r.in.MCPServers), manage)
	nowOwned = append(nowOwned, kept...)
	res.addChanges(a.Name, changes)
	for _, wmsg := range warnings {
		res.warnf("%s: %s", a.Name, wmsg)
	}
	if err != nil {
		res.Errors = append(res.Errors, fmt.Errorf("%s MCP servers: %w", a.Name, err))
		nowOwned = prev.MCPServers
	}
	next.Agents[a.Name] = agentManifest{MCPServers: nowOwned}
	res.gates(a, r.af, r.target)
}

// unregister removes what we registered for an agent no longer
// configured: our hooks, and the MCP servers the manifest says are ours.
func (r *run) unregister(a *agent.Agent, prev agentManifest, next *manifest) {
	res := r.res
	if a.HasHooks() {
		changes, err := a.UnregisterHooks(r.af, r.target)
		res.addChanges(a.Name, changes)
		if err != nil {
			res.Errors = append(res.Errors, fmt.Errorf("%s hooks: %w", a.Name, err))
		}
	}
	if len(prev.MCPServers) > 0 {
		changes, left, _, err := a.SyncMCP(r.af, r.target, nil, prev.MCPServers)
		res.addChanges(a.Name, changes)
		if err != nil {
			res.Errors = append(res.Errors, fmt.Errorf("%s MCP servers: %w", a.Name, err))
		}
		if len(left) > 0 {
			next.Agents[a.Name] = agentManifest{MCPServers: left}
		}
	}
}

// placer gives each skill its placement: the common one, or, for a skill
// that already sits in one of the skills directories (a workspace skill in
// .agents/skills is its own copy there), one that keeps that directory, so
// that an agent reading it there is not given a second copy elsewhere.
type placer struct {
	common agent.SkillPlacement
	in     map[string]string // skill directory -> the skills dir holding it
	fixed  map[string]agent.SkillPlacement
	// placements are common, then each one of fixed a skill has; idx is
	// the index of each skill's (of the skills newPlacer was given).
	placements []agent.SkillPlacement
	idx        []int
}

func newPlacer(root string, configured []string, common agent.SkillPlacement, skills []placed, res *Result) *placer {
	pl := &placer{common: common, in: map[string]string{}, fixed: map[string]agent.SkillPlacement{}}
	// Skills share few parent directories (one per plugin or group):
	// compare each parent with each skills directory once, in the order
	// the skills first name them, and visit the skills of those that are
	// one, not every skill for every skills directory.
	var parents []string
	byParent := map[string][]int{}
	for i, p := range skills {
		parent := filepath.Dir(p.Dir)
		if _, seen := byParent[parent]; !seen {
			parents = append(parents, parent)
		}
		byParent[parent] = append(byParent[parent], i)
	}
	for _, rel := range agent.SkillDirs() {
		dir := filepath.Join(root, rel)
		for _, parent := range parents {
			if samePlace(parent, dir) {
				pl.placeIn(rel, byParent[parent], skills, configured, res)
			}
		}
	}
	pl.index(skills)
	return pl
}

// placeIn places the skills of indices, which are in the skills
// directory rel, as that directory fixes.
func (pl *placer) placeIn(rel string, indices []int, skills []placed, configured []string, res *Result) {
	for _, i := range indices {
		pl.in[skills[i].Dir] = rel
	}
	if _, done := pl.fixed[rel]; done || len(indices) == 0 {
		return
	}
	fp := agent.PlaceSkills(configured, rel)
	pl.fixed[rel] = fp
	if msg := fp.Warning(); msg != "" && msg != pl.common.Warning() {
		res.warnf("the workspace's own skills in %s: %s", filepath.FromSlash(rel), msg)
	}
}

// index sets placements and idx: a skill in a skills directory (pl.in)
// is placed as that directory fixes, any other as common.
func (pl *placer) index(skills []placed) {
	pl.placements = []agent.SkillPlacement{pl.common}
	pl.idx = make([]int, len(skills))
	if len(pl.in) == 0 {
		return // no skill is in a skills directory: all common
	}
	byRel := map[string]int{}
	for i, p := range skills {
		rel, ok := pl.in[p.Dir]
		if !ok {
			continue
		}
		k, seen := byRel[rel]
		if !seen {
			k = len(pl.placements)
			pl.placements = append(pl.placements, pl.fixed[rel])
			byRel[rel] = k
		}
		pl.idx[i] = k
	}
}

// removedWhy is the detail of removing skill name from a directory: moved
// when it still installs, into the directories chosen now, and the
// directory it leaves is no longer one of them.
func removedWhy(name string, users, dirs []string, skills []placed) string {
	if len(users) == 0 {
		for _, p := range skills {
			if p.as == name {
				return "moved to " + strings.Join(agent.NativeDirs(dirs), ", ")
			}
		}
	}
	return "no longer matches"
}

// entryNames lists the names in dir (none when it cannot be read): one
// directory read instead of a stat per skill.
func entryNames(dir string) map[string]bool {
	names := map[string]bool{}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		names[e.Name()] = true
	}
	return names
}

// sourceCache reads each skill's source directory once, however many skill
// directories it is copied into.
type sourceCache struct {
	mu    sync.Mutex
	files map[string]*cachedSkill
}

type cachedSkill struct {
	once     sync.Once
	files    []skillFile
	warnings []string
	err      error
	warned   bool // its warnings were reported (once, however many copies)
	// written is the manifest's record of a copy of files (slash path:
	// digest), made once for every skills directory it is copied into;
	// the manifests share it, and nothing changes it.
	written map[string]string
}

// get is src's entry, read.
func (c *sourceCache) get(src string) *cachedSkill {
	c.mu.Lock()
	e := c.files[src]
	if e == nil {
		e = &cachedSkill{}
		c.files[src] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.files, e.warnings, e.err = readSkill(src)
		e.written = make(map[string]string, len(e.files))
		for _, f := range e.files {
			e.written[filepath.ToSlash(f.rel)] = f.sum
		}
	})
	return e
}

// newWarnings returns src's warnings the first time it is asked.
func (c *sourceCache) newWarnings(src string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.files[src]
	if e == nil || e.warned {
		return nil
	}
	e.warned = true
	return e.warnings
}

type copyJob struct {
	label          string // the agents reading the copy
	name, src, dst string
	detail         string            // why it installs under a suffixed name
	absent         bool              // dst was seen not to exist
	ours           map[string]string // the manifest's record of the files we wrote there; nil: none
	status         string
	user           userFiles         // the user's files found there
	written        map[string]string // the record of what dst holds of ours now
	err            error
	warns          bool // the source had warnings (reported by the first copy's collect)
}

// ownedFiles is the manifest's record of the files we wrote into the skill
// directory name: nil when it is not ours or was recorded without one.
func ownedFiles(old manifest, owned map[string]bool, name string) map[string]string {
	if !owned[name] {
		return nil
	}
	return old.Files[name]
}

// copyWorkers is how many skills copy at once: the work is mostly waiting
// on file system calls, so a few workers beat one even on two cores. A
// dry-run writer records pending writes in a map and is not safe for
// concurrent use: a dry run gets one worker.
const copyWorkers = 8

// copier copies skills with a fixed number of workers, batch after batch
// in the order they were added.
type copier struct {
	batches chan copyBatch
}

type copyBatch struct {
	jobs []copyJob
	done *sync.WaitGroup
}

// startCopier starts workers that copy with w from sources; up to batches
// batches can be added without waiting. Each job's results stay in the
// job, so output is deterministic.
func startCopier(w fileedit.Writer, dry bool, sources *sourceCache, batches int) *copier {
	c := &copier{batches: make(chan copyBatch, batches)}
	workers := copyWorkers
	if dry {
		workers = 1
	}
	type task struct {
		j    *copyJob
		done *sync.WaitGroup
	}
	tasks := make(chan task)
	for i := 0; i < workers; i++ {
		go func() {
			for t := range tasks {
				copyJobFiles(w, t.j, dry, sources)
				t.done.Done()
			}
		}()
	}
	go func() {
		for b := range c.batches {
			for i := range b.jobs {
				tasks <- task{&b.jobs[i], b.done}
			}
		}
		close(tasks)
	}()
	return c
}

// add queues jobs; the WaitGroup it returns is done when they are copied.
func (c *copier) add(jobs []copyJob) *sync.WaitGroup {
	done := &sync.WaitGroup{}
	done.Add(len(jobs))
	c.batches <- copyBatch{jobs, done}
	return done
}

// close ends the workers once every batch is copied.
func (c *copier) close() { close(c.batches) }

// copyJobFiles copies one skill, recording in j what it did.
func copyJobFiles(w fileedit.Writer, j *copyJob, dry bool, sources *sourceCache) {
	e := sources.get(j.src)
	j.warns = len(e.warnings) > 0
	if e.err != nil {
		j.err = e.err
		return
	}
	j.status, j.user, j.err = copySkillOwned(w, e.files, j.dst, j.absent, dry, j.ours)
	j.written = e.written
}

func (r *Result) addChanges(agentName string, changes []agent.Change) {
	for _, c := range changes {
		r.add(c.Op, agentName, c.Path, c.Status, c.Name, c.Detail)
	}
}

// oldUsers are the agents a manifest says read its skills, for reporting a
// removal.
func oldUsers(m manifest) string {
	users := m.InstalledFor
	if len(users) == 0 {
		for name, am := range m.Agents {
			if len(am.Skills) > 0 {
				users = append(users, name)
			}
		}
		sort.Strings(users)
	}
	return strings.Join(users, ",")
}

// placed is a skill and the directory name it installs under.
type placed struct {
	stream.Skill
	as       string // the directory name under each skill directory
	suffixed bool   // as is already the suffixed name
	// clean is filepath.Clean(Dir) and parentBase the name of its parent
	// directory, made once: they are compared with every skills directory.
	clean, parentBase string
}

// place makes a placed skill of s installing as name.
func place(s stream.Skill, as string, suffixed bool) placed {
	clean := filepath.Clean(s.Dir)
	return placed{Skill: s, as: as, suffixed: suffixed, clean: clean, parentBase: filepath.Base(filepath.Dir(clean))}
}

// inSlot is samePlace(p.Dir, dst) for a clean dst directly inside a skills
// directory named dirBase.
func (p placed) inSlot(dst, dirBase string) bool {
	if p.clean == dst {
		return true
	}
	if p.parentBase != dirBase {
		return false
	}
	return sameFile(p.Dir, dst) // as given: Clean would drop a "link/.." the stat resolves
}

// chooseSkills drops skills with unsafe names and places each skill of a
// name that several origins provide: the first, by the source sym-match
// emitted first, then the smaller plugin name, then the smaller directory,
// whatever order they arrive in, installs under the name; each other under
// the name with a suffix of its own (upstream: "Pre-existing files"), so
// none overwrites another and each keeps its directory from sync to sync.
func chooseSkills(in []stream.Skill, res *Result) []placed {
	sourceRank := map[string]int{}
	for _, s := range in {
		if _, ok := sourceRank[s.Source]; !ok {
			sourceRank[s.Source] = len(sourceRank)
		}
	}
	before := func(a, b stream.Skill) bool {
		if ra, rb := sourceRank[a.Source], sourceRank[b.Source]; ra != rb {
			return ra < rb
		}
		if a.Plugin != b.Plugin {
			return a.Plugin < b.Plugin
		}
		return a.Dir < b.Dir
	}
	valid := make([]stream.Skill, 0, len(in))
	for _, s := range in {
		if !stream.ValidSkillName(s.Name) {
			res.warnf("skill name %q from %s: %s; skipped", s.Name, describe(s), stream.SkillNameRule)
			res.add("skill", "", s.Dir, stream.StatusSkipped, s.Name, "unsafe name")
			continue
		}
		valid = append(valid, s)
	}
	sort.SliceStable(valid, func(i, j int) bool {
		if valid[i].Name != valid[j].Name {
			return valid[i].Name < valid[j].Name
		}
		return before(valid[i], valid[j])
	})
	out := make([]placed, 0, len(valid))
	for i, s := range valid {
		if i > 0 && valid[i-1].Name == s.Name {
			alt := suffixedName(s)
			res.warnf("two skills are named %q: %s installs as %q, %s as %q", s.Name, describe(firstOf(out, s.Name).Skill), s.Name, describe(s), alt)
			out = append(out, place(s, alt, true))
			continue
		}
		out = append(out, place(s, s.Name, false))
	}
	return out
}

// firstOf is the skill placed under name itself.
func firstOf(ps []placed, name string) placed {
	for _, p := range ps {
		if p.Name == name && !p.suffixed {
			return p
		}
	}
	return placed{}
}

// suffixedName is name-<hash> for a skill that cannot have its own name:
// the hash is of where it comes from, so it is the same on every sync and
// differs between origins.
func suffixedName(s stream.Skill) string {
	sum := sha256.Sum256([]byte(s.Source + "\x00" + s.Plugin + "\x00" + filepath.Clean(s.Dir)))
	return s.Name + "-" + hex.EncodeToString(sum[:4])
}

// samePlace reports whether a skill's source directory is the install
// slot itself (a workspace skill in .agents/skills/, for the agents that
// read that directory): then there is nothing to copy.
// It runs for every skill and skills directory, so it stats only a skill
// whose parent directory has the slot's parent's name (a skill in another
// .agents/skills reached through a link).
func samePlace(src, dst string) bool {
	if filepath.Clean(src) == filepath.Clean(dst) {
		return true
	}
	if filepath.Base(filepath.Dir(src)) != filepath.Base(filepath.Dir(dst)) {
		return false
	}
	return sameFile(src, dst)
}

// sameFile reports whether src and dst are one directory (or file).
func sameFile(src, dst string) bool {
	b, err := os.Stat(dst)
	if err != nil {
		return false
	}
	a, err := os.Stat(src)
	return err == nil && os.SameFile(a, b)
}

func describe(s stream.Skill) string {
	switch {
	case s.Plugin != "":
		return fmt.Sprintf("plugin %q of source %q (%s)", s.Plugin, s.Source, s.Dir)
	case s.Source != "":
		return fmt.Sprintf("source %q (%s)", s.Source, s.Dir)
	}
	return s.Dir
}

// readManifest reads the manifest at path, or, when there is none, the one
// an older version left at the legacy place beside it (a record of what is
// ours must never be lost; writeManifest moves it).
func readManifest(w fileedit.Writer, path string) (m manifest, from string, err error) {
	data, err := w.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		path = legacyManifest(path)
		data, err = w.ReadFile(path)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return m, path, nil
	}
	if err != nil {
		return m, path, err
	}
	if err := toml.Unmarshal(data, &m); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return m, path, pos.Errorf(path, row, col, "%s (this file is symposium's; delete it to start over)", de.Error())
		}
		return m, path, fmt.Errorf("%s: %w", path, err)
	}
	return m, path, nil
}

// keepAbsent splits the servers we own into those still matched, which the
// sync manages as usual, and those missing from the match, which are kept
// as they are.
func keepAbsent(owned []string, matched []stream.MCPServer) (manage, keep []string) {
	in := map[string]bool{}
	for _, s := range matched {
		in[s.Name] = true
	}
	for _, n := range owned {
		if in[n] {
			manage = append(manage, n)
		} else {
			keep = append(keep, n)
		}
	}
	return manage, keep
}

// recordIntent lists the skills about to be copied in the manifest before a
// file is copied, so that a sync killed half-way leaves directories the
// next sync knows are ours, and repairs, instead of ones it must call a
// user's.
func recordIntent(w fileedit.Writer, path string, old manifest, owned map[string]bool, jobs []copyJob) error {
	intent := manifest{InstalledFor: old.InstalledFor, Installed: slices.Sorted(maps.Keys(owned)), Agents: map[string]agentManifest{}, Files: old.Files}
	for name, am := range old.Agents {
		intent.Agents[name] = am // writeManifest prunes the map it is given
	}
	added := false
	for _, j := range jobs {
		if !owned[j.name] {
			intent.Installed = append(intent.Installed, j.name)
			added = true
		}
	}
	if !added {
		return nil
	}
	return writeManifest(w, path, intent, &Result{})
}

// legacyManifest is where older versions kept the manifest now at path.
func legacyManifest(path string) string {
	return filepath.Join(filepath.Dir(filepath.Dir(path)), LegacyManifestName)
}

// writeManifest writes m to path (or removes it when it records nothing),
// then removes a manifest at the legacy place: what it recorded was read
// into m, so it is moved, not lost.
func writeManifest(w fileedit.Writer, path string, m manifest, res *Result) error {
	if err := writeManifestAt(w, path, m, res); err != nil {
		return err
	}
	legacy := legacyManifest(path)
	if _, err := w.ReadFile(legacy); err != nil {
		return nil
	}
	status, err := w.Remove(legacy)
	if err == nil {
		res.add("manifest", "", legacy, status, "", "moved to "+filepath.FromSlash(ManifestName))
	}
	return err
}

// manifestIgnore is the .gitignore of the manifest's directory: like an
// installed skill's, it hides every file there from `git status`.
func manifestIgnore(path string) string { return filepath.Join(filepath.Dir(path), ".gitignore") }

func writeManifestAt(w fileedit.Writer, path string, m manifest, res *Result) error {
	for name, am := range m.Agents {
		if len(am.MCPServers) == 0 {
			delete(m.Agents, name)
		}
	}
	if len(m.Installed) == 0 {
		m.InstalledFor = nil
	}
	if len(m.Installed) == 0 && len(m.Agents) == 0 {
		if _, err := w.ReadFile(path); err != nil {
			return nil
		}
		status, err := w.Remove(path)
		if err != nil {
			return err
		}
		res.add("manifest", "", path, status, "", "")
		if _, err := w.Remove(manifestIgnore(path)); err != nil {
			return err
		}
		os.Remove(filepath.Dir(path)) // only when empty; a dry run left its files
		return nil
	}
	if m.Installed == nil {
		m.Installed = []string{}
	}
	sort.Strings(m.Installed)
	data := encodeManifest(m)
	header := []byte("# Written by cargo agents sync: the skills and MCP servers symposium installed here,\n# and the files it wrote into each skill. Anything not listed is yours and is never touched.\n")
	// The .gitignore first: the manifest is never visible to git.
	if _, err := w.WriteFile(manifestIgnore(path), []byte(gitignore), 0o644); err != nil {
		return err
	}
	status, err := w.WriteFile(path, append(header, data...), 0o644)
	if err == nil {
		res.add("manifest", "", path, status, "", "")
	}
	return err
}
