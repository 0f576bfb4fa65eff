package sourcecmd

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/cargows"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/semver"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

const crateInfoUsage = `Usage: cargo agents crate-info NAME [--version REQ] [--json | --jq EXPR]

Prints where the source of crate NAME is on this machine and which skills
the plugin sources offer for it. The version defaults to the one the
current workspace uses, else the newest one in cargo's local registry cache,
else the newest non-yanked one in the registry's index. Sources are looked up
in path dependencies, cargo's caches ($CARGO_HOME/registry) and symposium's
own; a crate found nowhere is downloaded from its registry as cargo would
(its config.toml's source replacement applies), unless --update offline.
`

// crateInfo is the --json answer.
type crateInfo struct {
	Name      string         `json:"name"`
	Version   string         `json:"version,omitempty"`
	Source    string         `json:"source_path,omitempty"`
	Workspace bool           `json:"workspace_dependency"`
	Skills    []stream.Skill `json:"skills"`
	Notes     []string       `json:"notes,omitempty"`
}

func runCrateInfo(stdio cli.Stdio, g Globals, args []string) error {
	name, version, asJSON, help, err := crateInfoFlags(stdio, args)
	if help || err != nil {
		return err
	}
	info := crateInfo{Name: name}
	dep := workspaceDep(name)
	if err := locate(&info, dep, version, g.Update); err != nil {
		return err
	}
	if info.Version == "" && dep != nil && (version == "" || satisfies(name, dep.Version, version)) {
		info.Version = dep.Version
	}
	if info.Version == "" && version != "" {
		// Never answer with a version the requirement excludes.
		known := "cargo's local cache has none"
		if dep != nil {
			known = "the workspace uses " + dep.Version
		}
		info.Notes = append(info.Notes, fmt.Sprintf("no known version of %s satisfies %s (%s)", name, version, known))
	}
	skills, err := skillsFor(name, info.Version, g.Update)
	if err != nil {
		info.Notes = append(info.Notes, "could not list skills: "+err.Error())
	}
	info.Skills = skills
	g.Log.Printf(logfile.Info, "crate %s: version %q, source %q, workspace dependency %v, %d skill(s)", name, info.Version, info.Source, info.Workspace, len(skills))
	for _, n := range info.Notes {
		g.Log.Printf(logfile.Warn, "crate %s: %s", name, n)
	}
	if g.JQ != "" {
		return writeRecords(g.records(stdio), []crateInfo{info})
	}
	return printCrateInfo(stdio.Out, info, asJSON || g.JSON)
}

// crateInfoFlags reads crate-info's arguments: the crate name (before or
// after the flags), --version and --json (--jq is a global option:
// Globals.Records). help is true when it printed the usage.
func crateInfoFlags(stdio cli.Stdio, args []string) (name, version string, asJSON bool, help bool, err error) {
	fs := flag.NewFlagSet("cargo agents crate-info", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&version, "version", "", "")
	fs.BoolVar(&asJSON, "json", false, "")
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdio.Out, crateInfoUsage)
			return "", "", false, true, nil
		}
		return "", "", false, false, cli.Usagef("%v", err)
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
	}
	if name == "" {
		return "", "", false, false, cli.Usagef("crate-info needs a crate name")
	}
	return name, version, asJSON, false, nil
}

// workspaceDep is the workspace's own dependency on name (its highest
// version), if any.
func workspaceDep(name string) *stream.Dep {
	var dep *stream.Dep
	if res, err := cargows.Load(cargows.Options{}); err == nil {
		for i, d := range res.Deps {
			if cratepred.Normalize(d.Name) == cratepred.Normalize(name) {
				if dep == nil || semver.Compare(dep.Version, d.Version) < 0 {
					dep = &res.Deps[i]
				}
			}
		}
	}
	return dep
}

// locate fills in the crate's version and source: the workspace's path
// dependency, cargo's registry cache, or a fetch (a failed fetch is a
// note). Its error is one reading cargo's registry.
func locate(info *crateInfo, dep *stream.Dep, version, update string) error {
	name, req := info.Name, version
	if dep != nil {
		info.Workspace = true
		if req == "" && !dep.Unresolved {
			req = "==" + dep.Version
		}
		if dep.Path != "" && req == "=="+dep.Version {
			info.Version, info.Source = dep.Version, dep.Path
			if root, err := cargofind.Nearest("."); err == nil && !filepath.IsAbs(dep.Path) {
				if res, err := cargows.Load(cargows.Options{ManifestPath: root}); err == nil {
					info.Source = filepath.Join(res.Workspace.Root, dep.Path)
				}
			}
		}
	}
	if info.Source != "" {
		return nil
	}
	// A git dependency's source is cargo's checkout of it (pkg/cratefetch):
	// a registry crate of the same name and version is another crate.
	gitDep := dep != nil && cratefetch.IsGit(dep.Source) && req == "=="+dep.Version
	var v, dir string
	if !gitDep {
		var err error
		if v, dir, err = findInRegistry(name, req); err != nil {
			return err
		}
	}
	info.Version, info.Source = v, dir
	if dir != "" {
		return nil
	}
	if v, dir, err := fetchSource(name, req, dep, update); err == nil {
		info.Version, info.Source = v, dir
	} else {
		what := name
		if req != "" {
			what += " " + strings.TrimPrefix(req, "==")
		}
		info.Notes = append(info.Notes, fmt.Sprintf("%s is not in cargo's local cache (%s) and could not be fetched: %v", what, registrySrc(), err))
	}
	return nil
}

// printCrateInfo prints info: as (indented) JSON, or as text.
func printCrateInfo(w io.Writer, info crateInfo, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(info)
	}
	v := info.Version
	if v == "" {
		v = "(version unknown)"
	}
	fmt.Fprintf(w, "crate %s %s\n", info.Name, v)
	if info.Source != "" {
		fmt.Fprintf(w, "source: %s\n", info.Source)
	}
	if len(info.Skills) == 0 {
		fmt.Fprintln(w, "skills: none")
	}
	for _, s := range info.Skills {
		fmt.Fprintf(w, "skill: %s — %s\n  %s\n", s.Name, s.Description, filepath.Join(s.Dir, "SKILL.md"))
	}
	for _, n := range info.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

// fetchSource gets the crate's source the way a plugin embedded in it is
// read (pkg/cratefetch): the workspace's version from cargo's downloaded
// archives, our cache or its registry; for a crate the workspace does not
// use, the newest non-yanked version meeting req from the index. It
// returns the version and the directory.
func fetchSource(name, req string, dep *stream.Dep, update string) (string, string, error) {
	// WorkDir ".": cargo's own config lookup starts where it runs.
	f := NewFetcher("", ".", update == plugin.UpdateOffline)
	if dirs, err := userconf.Dirs(); err == nil {
		f.CacheDir = dirs.Cache
	}
	ctx := context.Background()
	var c cratefetch.Crate
	if dep != nil && !dep.Unresolved && req == "=="+dep.Version {
		c = cratefetch.Crate{Name: dep.Name, Version: dep.Version, Source: dep.Source}
	} else {
		var accept func(string) bool
		if req != "" {
			accept = func(v string) bool { return satisfies(name, v, req) }
		}
		var err error
		if c, err = f.Newest(ctx, name, accept); err != nil {
			return "", "", err
		}
	}
	dir, err := f.Source(ctx, c)
	if err != nil {
		return "", "", err
	}
	return c.Version, dir, nil
}

func registrySrc() string {
	home := os.Getenv("CARGO_HOME")
	if home == "" {
		h, _ := os.UserHomeDir()
		home = filepath.Join(h, ".cargo")
	}
	return filepath.Join(home, "registry", "src")
}

// findInRegistry returns the newest version of name in cargo's extracted
// registry sources that satisfies req ("" = any), and its directory.
func findInRegistry(name, req string) (string, string, error) {
	var want cratepred.Atom
	if req != "" {
		a, err := cratepred.ParseAtom(name + req)
		if err != nil {
			a, err = cratepred.ParseAtom(name + "==" + req)
			if err != nil {
				return "", "", cli.Usagef("--version %q: not a version or requirement", req)
			}
		}
		want = a
	}
	matches, _ := filepath.Glob(filepath.Join(registrySrc(), "*", name+"-*"))
	type found struct{ version, dir string }
	var best []found
	for _, dir := range matches {
		v := strings.TrimPrefix(filepath.Base(dir), name+"-")
		if v == "" || v[0] < '0' || v[0] > '9' {
			continue // another crate whose name starts with name-
		}
		if req != "" && !want.Matches(cratepred.NewSet([]cratepred.Dep{{Name: name, Version: v}})) {
			continue
		}
		best = append(best, found{v, dir})
	}
	if len(best) == 0 {
		if strings.HasPrefix(req, "==") {
			return strings.TrimPrefix(req, "=="), "", nil
		}
		return "", "", nil
	}
	sort.Slice(best, func(i, j int) bool { return semver.Compare(best[i].version, best[j].version) < 0 })
	b := best[len(best)-1]
	return b.version, b.dir, nil
}

// satisfies reports whether version meets req (a Cargo requirement, or a
// bare version meaning exactly it).
func satisfies(name, version, req string) bool {
	a, err := cratepred.ParseAtom(name + req)
	if err != nil {
		if a, err = cratepred.ParseAtom(name + "==" + req); err != nil {
			return false
		}
	}
	return a.Matches(cratepred.NewSet([]cratepred.Dep{{Name: name, Version: version}}))
}

// skillsFor asks the matcher which skills the plugin sources offer for
// the crate, as if it were a workspace's only dependency, and keeps those
// whose crate predicates name it (not the ones that apply everywhere).
func skillsFor(name, version, update string) ([]stream.Skill, error) {
	dirs, cfg, err := userconf.Load(func(pos.Warning) {})
	if err != nil {
		return nil, err
	}
	if update == "" {
		update = "none"
	}
	set := cratepred.NewSet([]cratepred.Dep{{Name: name, Version: version, Unresolved: version == ""}})
	res := plugin.MatchConfigured(context.Background(), cfg, dirs, update, set, plugin.Workspace{LookupEnv: os.LookupEnv}, nil, nil, func(pos.Warning) {})
	var skills []stream.Skill
	for _, s := range res.Skills {
		if namesCrate(s.Crates, name) {
			skills = append(skills, s)
		}
	}
	return skills, nil
}

func namesCrate(preds []string, name string) bool {
	for _, p := range preds {
		list, err := cratepred.ParseCommaList(p)
		if err != nil {
			continue
		}
		for _, n := range list.Names() {
			if cratepred.Normalize(n) == cratepred.Normalize(name) {
				return true
			}
		}
	}
	return false
}
