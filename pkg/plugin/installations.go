package plugin

// Upstream's [[installations]] (plugin-definition "Installations",
// "Requirements", "Hook environment"): how to obtain what a hook runs.
// Parsing lives here; acquiring happens in pkg/acquire at sync, never on
// the hook path. Every value here comes from someone else's repository, so
// each is checked before it can reach cargo, a URL or a file name.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/acquire"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Installation is one [[installations]] entry, or an inline one (a hook's
// command table or a requirements table).
type Installation struct {
	Name         string
	Source       string // "", cargo, github, binary
	Crate        string
	Version      string
	Git          string
	Path         string // cargo: a crate directory inside the plugin (this version's addition)
	URL          string // github, binary
	SHA256       string // github, binary: of the downloaded file ("": trust on first use)
	Executable   string
	Script       string
	Args         []string
	HasArgs      bool
	Requirements []InstallRef
	Line         int

	// Global (cargo): install into cargo's own bin directory, no --root;
	// the executable then runs by name from PATH.
	Global bool
	// InstallCommands are shell lines run at sync after the source step,
	// only for a plugin the user trusts (pkg/acquire).
	InstallCommands []string
}

// InstallRef is a reference to an installation: by name, or inline.
type InstallRef struct {
	Name   string
	Inline *Installation
	Line   int
}

// installationFields are the fields this version acquires with.
const installationFields = "name, source, crate, version, git, path, url, sha256, global, install_commands, executable, script, args, requirements"

// The checks of an installation's fields are loops, not regexps: a
// bounded repetition such as {1,128} compiles into a program of thousands
// of instructions, which sym-match and sym-install built at start-up.

// crateNameOK: a letter or digit, then up to 63 of those, '_' and '-'.
func crateNameOK(s string) bool {
	return s != "" && asciiAlnum(s[0]) && charsOf(s, 64, "_-")
}

// versionOK: a version requirement's characters, 1 to 64 of them.
func versionOK(s string) bool { return charsOf(s, 64, ".+=^~<>*, -") }

// fileNameOK: a plain file name.
func fileNameOK(s string) bool { return charsOf(s, 128, "._+-") }

// sha256OK: a digest in lowercase hex.
func sha256OK(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// charsOf reports whether s is 1 to max bytes, each an ASCII letter or
// digit or one of extra.
func charsOf(s string, max int, extra string) bool {
	if len(s) == 0 || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !asciiAlnum(s[i]) && strings.IndexByte(extra, s[i]) < 0 {
			return false
		}
	}
	return true
}

func asciiAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// parseInstallation reads one installation table. where names it for
// messages ("[[installations]] \"rtk\"", "[[hooks]] \"x\" command").
func parseInstallation(path string, line int, where string, t map[string]any, inline bool) (*Installation, []error, error) {
	in := &Installation{Line: line}
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, pos.Errorf(path, line, 1, "%s: %s", where, fmt.Sprintf(format, args...)))
	}
	if err := knownInstallationFields(path, line, where, t); err != nil {
		return nil, nil, err
	}
	readInstallation(in, t, bad)
	if v, ok := t["requirements"]; ok {
		refs, rerrs, err := parseRefs(path, line, where+" requirements", v)
		if err != nil {
			return nil, nil, err
		}
		errs = append(errs, rerrs...)
		in.Requirements = refs
	}
	checkInstallation(in, inline, bad)
	return in, errs, nil
}

// knownInstallationFields refuses a field an installation does not have:
// a typo or a later format's field, for which the caller leaves out the
// part this installation belongs to, not the plugin.
func knownInstallationFields(path string, line int, where string, t map[string]any) error {
	keys := slices.Sorted(maps.Keys(t))
	for _, k := range keys {
		if !strings.Contains(", "+installationFields+", ", ", "+k+", ") {
			return pos.Errorf(path, line, 1, "%s: unknown field %q (known: %s)%s", where, k, installationFields, laterOr(k, installationFields))
		}
	}
	return nil
}

// readInstallation sets in's fields from t but requirements, reporting a
// value of the wrong type through bad.
func readInstallation(in *Installation, t map[string]any, bad func(format string, args ...any)) {
	str := func(key string, dst *string) {
		switch v := t[key].(type) {
		case nil:
		case string:
			*dst = v
		default:
			bad("%s must be a string", key)
		}
	}
	str("name", &in.Name)
	str("source", &in.Source)
	str("crate", &in.Crate)
	str("version", &in.Version)
	str("git", &in.Git)
	str("path", &in.Path)
	str("url", &in.URL)
	str("sha256", &in.SHA256)
	str("executable", &in.Executable)
	str("script", &in.Script)
	if v, ok := t["args"]; ok {
		a, _ := v.([]any)
		strs, ok2 := stringsOf(a)
		if a == nil && v != nil || !ok2 {
			bad("args must be an array of strings")
		}
		in.Args, in.HasArgs = strs, true
	}
	if v, ok := t["global"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			bad("global must be true or false")
		}
		in.Global = b
	}
	if v, ok := t["install_commands"]; ok {
		a, _ := v.([]any)
		strs, ok2 := stringsOf(a)
		if a == nil || !ok2 || slices.ContainsFunc(strs, func(c string) bool { return strings.TrimSpace(c) == "" }) {
			bad("install_commands must be an array of non-empty shell command lines")
		}
		in.InstallCommands = strs
	}
}

// checkInstallation checks that in's fields fit together.
func checkInstallation(in *Installation, inline bool, bad func(format string, args ...any)) {
	if !inline && strings.TrimSpace(in.Name) == "" {
		bad("has no name")
	}
	if in.Global && in.Source != "cargo" {
		bad("global = true is for source = \"cargo\"")
	}
	checkSource(in, bad)
	if in.Executable != "" && in.Script != "" {
		bad("set executable or script, not both")
	}
	for _, p := range []string{in.Executable, in.Script} {
		// A relative path is read on every system, so it is "/"-separated
		// (Windows takes "/" too); "\" is a file name character elsewhere.
		if strings.Contains(p, `\`) && !(in.Source == "" && filepath.IsAbs(p)) {
			bad(`%q: write it with "/" (a plugin's relative paths are read on every system)`, p)
			continue
		}
		if p != "" && in.Source != "" && in.Source != "cargo" && !relInside(p) {
			bad("%q must be a relative path inside what is installed", p)
		}
		if p != "" && in.Source == "" && !filepath.IsAbs(p) && !relInside(p) {
			bad("%q must be absolute or a relative path inside the plugin directory", p)
		}
	}
}

// checkSource checks the fields of in's source.
func checkSource(in *Installation, bad func(format string, args ...any)) {
	switch in.Source {
	case "":
		if in.Crate != "" || in.Git != "" || in.URL != "" || in.Path != "" || in.Version != "" || in.SHA256 != "" {
			bad("crate, version, git, path, url and sha256 need source = \"cargo\", \"github\" or \"binary\"")
		}
	case "cargo":
		if in.URL != "" || in.SHA256 != "" {
			bad("url and sha256 are for source = \"github\"")
		}
		if in.Path == "" && !crateNameOK(in.Crate) {
			bad("crate %q: a cargo installation needs a crate name (letters, digits, - and _)", in.Crate)
		}
		if in.Crate != "" && !crateNameOK(in.Crate) {
			bad("crate %q is not a crate name (letters, digits, - and _)", in.Crate)
		}
		if in.Version != "" && (!versionOK(in.Version) || strings.HasPrefix(in.Version, "-")) {
			bad("version %q is not a version requirement", in.Version)
		}
		if in.Git != "" && in.Path != "" {
			bad("set git or path, not both")
		}
		if in.Git != "" {
			if err := checkGitURL(in.Git); err != nil {
				bad("git: %v", err)
			}
		}
		if in.Path != "" && !relInside(in.Path) {
			bad("path %q must be a relative path inside the plugin directory", in.Path)
		}
		if in.Executable != "" && !fileNameOK(in.Executable) {
			bad("executable %q: for a cargo installation, the name of one of the crate's binaries", in.Executable)
		}
		if in.Script != "" {
			bad("script: a cargo installation runs an executable")
		}
	case "github":
		if in.Crate != "" || in.Git != "" || in.Path != "" || in.Version != "" {
			bad("crate, version, git and path are for source = \"cargo\"")
		}
		if _, err := acquire.ParseGitHubURL(in.URL); err != nil {
			bad("url: %v", err)
		}
		if in.SHA256 != "" && !sha256OK(in.SHA256) {
			bad("sha256 %q must be 64 lower-case hex digits", in.SHA256)
		}
	case "binary":
		if in.Crate != "" || in.Git != "" || in.Path != "" || in.Version != "" {
			bad("crate, version, git and path are for source = \"cargo\"")
		}
		if err := CheckBinaryURL(in.URL); err != nil {
			bad("url: %v", err)
		}
		if in.SHA256 != "" && !sha256OK(in.SHA256) {
			bad("sha256 %q must be 64 lower-case hex digits", in.SHA256)
		}
	default:
		bad("unknown source %q (cargo, github or binary; omit it for a path in the plugin)", in.Source)
	}
	if in.Source == "cargo" && in.Global && in.Executable == "" {
		bad("global = true needs executable: the binary runs by name from PATH")
	}
}

// CheckBinaryURL accepts an https URL of a file to download (a binary
// source): no credentials in it, no fragment.
func CheckBinaryURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || u.Fragment != "" || strings.ContainsAny(s, " \t\n") {
		return fmt.Errorf("%q: must be an https:// URL of the file to download (no credentials or #fragment)", s)
	}
	return nil
}

// parseRefs reads a requirements list: names and inline tables.
func parseRefs(path string, line int, where string, v any) ([]InstallRef, []error, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, []error{pos.Errorf(path, line, 1, "%s must be an array of installation names or tables", where)}, nil
	}
	var refs []InstallRef
	var errs []error
	for i, it := range list {
		switch x := it.(type) {
		case string:
			refs = append(refs, InstallRef{Name: x, Line: line})
		case map[string]any:
			in, e, err := parseInstallation(path, line, fmt.Sprintf("%s[%d]", where, i), x, true)
			if err != nil {
				return nil, nil, err
			}
			errs = append(errs, e...)
			if in != nil {
				refs = append(refs, InstallRef{Inline: in, Line: line})
			}
		default:
			errs = append(errs, pos.Errorf(path, line, 1, "%s[%d] must be an installation name or a table", where, i))
		}
	}
	return refs, errs, nil
}

// relInside reports whether p is a relative, clean path that stays below
// its base ("a/b", not "../a", "/a" or "a/../../b").
func relInside(p string) bool {
	if p == "" || filepath.IsAbs(p) || strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\x00\\") {
		return false
	}
	c := filepath.ToSlash(filepath.Clean(p))
	return c != "." && c != ".." && !strings.HasPrefix(c, "../")
}

// hookRun is how a hook built from installations runs, for its record.
type hookRun struct {
	exec  []string
	env   map[string]string
	path  []string
	insts []stream.Installation
}

// what names h in messages.
func (h *Hook) what() string {
	if h.Table != "" {
		return h.Table
	}
	return "[[hooks]]"
}

// envName is upstream's SYMPOSIUM_<name> suffix: non-alphanumerics become _.
func envName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// installDir names an installation's cache directory by everything that
// decides its bits, so two plugins declaring the same thing share it and a
// changed declaration gets a new one. The name part is sanitised: nothing
// from the manifest chooses where we write.
func installDir(cache string, in *Installation, crateDir string) string {
	parts := []string{in.Source, in.Crate, in.Version, in.Git, crateDir, in.URL, in.SHA256}
	if in.Global || len(in.InstallCommands) > 0 {
		// Added only when set, so what earlier versions installed keeps
		// its directory.
		parts = append(parts, fmt.Sprint(in.Global))
		parts = append(parts, in.InstallCommands...)
	}
	key, _ := json.Marshal(parts)
	sum := sha256.Sum256(key)
	name := cacheName(acquire.InstallKind(in.Source)+"-"+in.Name, "")
	if len(name) > 40 {
		name = name[:40]
	}
	return filepath.Join(acquire.InstallCache(cache), name+"-"+hex.EncodeToString(sum[:6]))
}

// resolveRun turns a hook whose command names or inlines an installation
// into what its record carries: argv, environment, PATH additions and the
// installations sym-install must have acquired before it may run. Errors
// name the manifest line and what to fix.
func resolveRun(m *Manifest, h *Hook, cache string) (*hookRun, error) {
	rs := newRequirements(m, h)
	// A legacy string command (not naming an installation) keeps running
	// as written; its requirements still install and set the environment.
	var main *Installation
	if h.Install != nil {
		var err error
		if main, err = rs.get(*h.Install, h.Name); err != nil {
			return nil, err
		}
	}
	// One level of installation requirements, prerequisites first, then
	// the hook's own (upstream "Requirements").
	for i, r := range h.Requirements {
		req, err := rs.get(r, fmt.Sprintf("%s-requirement-%d", h.Name, i+1))
		if err != nil {
			return nil, err
		}
		if err := rs.expand(req, req.Name); err != nil {
			return nil, err
		}
		rs.add(req)
	}
	if main == nil {
		return requirementsRun(rs.order, runnableFor(m, cache))
	}
	if err := rs.expand(main, main.Name); err != nil {
		return nil, err
	}
	exe, script, args, err := runTarget(m, h, main)
	if err != nil {
		return nil, err
	}
	run := &hookRun{env: map[string]string{}}
	runnable := runnableFor(m, cache)
	var mainPath string
	if err := addEnv(run, append([]*Installation{main}, rs.order...), main, exe, script, runnable, &mainPath, m, h); err != nil {
		return nil, err
	}
	if script != "" {
		run.exec = append([]string{"sh", mainPath}, args...)
	} else {
		run.exec = append([]string{mainPath}, args...)
	}
	return run, nil
}

// requirements gathers the installations a hook needs, each once, in the
// order they must be acquired.
type requirements struct {
	m      *Manifest
	h      *Hook
	byName map[string]*Installation
	order  []*Installation
	seen   map[string]bool
}

func newRequirements(m *Manifest, h *Hook) *requirements {
	rs := &requirements{m: m, h: h, byName: map[string]*Installation{}, seen: map[string]bool{}}
	for i := range m.Installations {
		rs.byName[m.Installations[i].Name] = &m.Installations[i]
	}
	return rs
}

// get resolves ref: an inline installation (named synthetic when it has
// no name) or an [[installations]] entry of the manifest.
func (rs *requirements) get(ref InstallRef, synthetic string) (*Installation, error) {
	if ref.Inline != nil {
		in := *ref.Inline
		if in.Name == "" {
			in.Name = synthetic
		}
		return &in, nil
	}
	in, ok := rs.byName[ref.Name]
	if !ok {
		return nil, pos.Errorf(rs.m.Path, ref.Line, 1, "%s %q: no [[installations]] entry named %q", rs.h.what(), rs.h.Name, ref.Name)
	}
	return in, nil
}

func (rs *requirements) add(in *Installation) {
	if !rs.seen[in.Name] {
		rs.seen[in.Name] = true
		rs.order = append(rs.order, in)
	}
}

// expand adds in's own requirements.
func (rs *requirements) expand(in *Installation, synthetic string) error {
	for i, r := range in.Requirements {
		req, err := rs.get(r, fmt.Sprintf("%s-requirement-%d", synthetic, i+1))
		if err != nil {
			return err
		}
		rs.add(req)
	}
	return nil
}

// runTarget decides what a hook whose command is installation main runs:
// its executable or script (the hook's or the installation's, not both;
// a cargo crate's binary by default) and its args.
func runTarget(m *Manifest, h *Hook, main *Installation) (exe, script string, args []string, err error) {
	exe, script = main.Executable, main.Script
	if (exe != "" || script != "") && (h.Executable != "" || h.Script != "") {
		return "", "", nil, pos.Errorf(m.Path, h.Line, 1, "%s %q: executable/script is set on both the hook and installation %q: keep one", h.what(), h.Name, main.Name)
	}
	if h.Executable != "" || h.Script != "" {
		exe, script = h.Executable, h.Script
	}
	if exe == "" && script == "" && main.Source == "cargo" && main.Crate != "" {
		exe = main.Crate // upstream: the crate's single binary, usually named after it
	}
	if exe == "" && script == "" {
		return "", "", nil, pos.Errorf(m.Path, h.Line, 1, "%s %q: installation %q gives nothing to run: set executable or script on the hook or the installation", h.what(), h.Name, main.Name)
	}
	if main.HasArgs && h.HasArgs {
		return "", "", nil, pos.Errorf(m.Path, h.Line, 1, "%s %q: args is set on both the hook and installation %q: keep one", h.what(), h.Name, main.Name)
	}
	args = h.Args
	if main.HasArgs {
		args = main.Args
	}
	return exe, script, args, nil
}

// requirementsRun is the environment of a legacy command's requirements.
func requirementsRun(order []*Installation, runnable runnableFunc) (*hookRun, error) {
	run := &hookRun{env: map[string]string{}}
	var none string
	if err := addEnv(run, order, nil, "", "", runnable, &none, nil, nil); err != nil {
		return nil, err
	}
	return run, nil
}

// addEnv adds each installation's SYMPOSIUM_DIR_<name>, SYMPOSIUM_<name>,
// PATH entry and stream form to run; main (with the hook's exe/script)
// comes first, and its runnable path goes to *mainPath.
func addEnv(run *hookRun, list []*Installation, main *Installation, exe, script string, runnable runnableFunc, mainPath *string, m *Manifest, h *Hook) error {
	var paths []string
	for _, in := range list {
		e, s := in.Executable, in.Script
		if in == main {
			e, s = exe, script
		}
		p, dir, si, err := runnable(in, e, s)
		if err != nil {
			return err
		}
		if in == main {
			*mainPath = p
			if p == "" {
				return pos.Errorf(m.Path, h.Line, 1, "%s %q: nothing to run", h.what(), h.Name)
			}
		}
		if si != nil && si.Global {
			// Upstream: a global install is outside symposium's view,
			// so it sets no variable and adds nothing to PATH.
			run.insts = append(run.insts, *si)
			continue
		}
		n := envName(in.Name)
		if dir != "" {
			run.env["SYMPOSIUM_DIR_"+n] = dir
		}
		switch {
		case p != "":
			run.env["SYMPOSIUM_"+n] = p
			paths = append(paths, filepath.Dir(p))
		case si != nil && si.Source == "cargo":
			paths = append(paths, filepath.Join(dir, "bin")) // its binaries, by name
		}
		if si != nil {
			run.insts = append(run.insts, *si)
		}
	}
	// PATH: the command's directory first, then the requirements'.
	seenDir := map[string]bool{}
	for _, p := range paths {
		if !seenDir[p] {
			seenDir[p] = true
			run.path = append(run.path, p)
		}
	}
	return nil
}

type runnableFunc func(in *Installation, exe, script string) (path, dir string, si *stream.Installation, err error)

// runnableFor gives, for an installation of m's, its absolute runnable
// path ("" when it has none), its cache directory ("" when it needs no
// acquiring) and its stream form.
func runnableFor(m *Manifest, cache string) runnableFunc {
	return func(in *Installation, exe, script string) (string, string, *stream.Installation, error) {
		file := fmt.Sprintf("%s:%d", m.Path, in.Line)
		rel := exe
		if script != "" {
			rel = script
		}
		switch in.Source {
		case "":
			// Only install_commands to run: its directory marks them done.
			var dir string
			var si *stream.Installation
			if len(in.InstallCommands) > 0 {
				dir = installDir(cache, in, "")
				si = &stream.Installation{Name: in.Name, Dir: dir, File: file, InstallCommands: in.InstallCommands}
			}
			if rel == "" {
				return "", dir, si, nil
			}
			p := rel
			if !filepath.IsAbs(p) {
				var err error
				if p, err = insidePlugin(m.Dir, rel); err != nil {
					return "", "", nil, fmt.Errorf("%s: installation %q: %v", file, in.Name, err)
				}
			}
			return p, dir, si, nil
		case "cargo":
			crateDir := ""
			if in.Path != "" {
				var err error
				if crateDir, err = insidePlugin(m.Dir, in.Path); err != nil {
					return "", "", nil, fmt.Errorf("%s: installation %q: path: %v", file, in.Name, err)
				}
			}
			dir := installDir(cache, in, crateDir)
			si := &stream.Installation{Name: in.Name, Source: "cargo", Crate: in.Crate, Version: in.Version, Git: in.Git, Path: crateDir, Dir: dir, File: file,
				Global: in.Global, InstallCommands: in.InstallCommands}
			if rel == "" {
				return "", dir, si, nil
			}
			if !fileNameOK(rel) {
				return "", "", nil, fmt.Errorf("%s: installation %q: executable %q must be a binary name", file, in.Name, rel)
			}
			if in.Global {
				return rel, dir, si, nil // by name, from PATH (cargo's bin directory)
			}
			si.Files = []string{"bin/" + rel}
			return filepath.Join(dir, "bin", rel), dir, si, nil
		default: // github, binary: a download
			dir := installDir(cache, in, "")
			si := &stream.Installation{Name: in.Name, Source: in.Source, URL: in.URL, SHA256: in.SHA256, Dir: dir, File: file, InstallCommands: in.InstallCommands}
			if rel == "" {
				return "", dir, si, nil
			}
			if !relInside(rel) {
				return "", "", nil, fmt.Errorf("%s: installation %q: %q must be a relative path inside the download", file, in.Name, rel)
			}
			si.Files = []string{filepath.ToSlash(filepath.Clean(rel))}
			return filepath.Join(dir, filepath.FromSlash(rel)), dir, si, nil
		}
	}
}

// insidePlugin resolves rel against the plugin directory and refuses a
// path that leaves it, through ".." or a symlink: a manifest may only
// point at its own files. The file must exist.
func insidePlugin(dir, rel string) (string, error) {
	p, ok, err := inside(dir, rel, false, func() error {
		return fmt.Errorf("%q must be a relative path inside the plugin directory", rel)
	}, func(p string, err error) error {
		if err != nil {
			return err
		}
		return fmt.Errorf("%s leads out of the plugin directory (through a symlink)", p)
	})
	if err == nil && !ok {
		return "", fmt.Errorf("%s does not exist", filepath.Join(dir, filepath.FromSlash(rel)))
	}
	return p, err
}

// withInstallations fills a hook record from its installations: argv,
// environment, PATH and what must be acquired. A plain command line with
// args gets them appended, quoted for sh.
func withInstallations(rec *stream.Hook, m *Manifest, h *Hook, cache string) error {
	if h.Install == nil && len(h.Requirements) == 0 {
		for _, a := range h.Args {
			rec.Command += " " + shQuote(a)
		}
		return nil
	}
	run, err := resolveRun(m, h, cache)
	if err != nil {
		return err
	}
	if h.Install == nil {
		for _, a := range h.Args {
			rec.Command += " " + shQuote(a)
		}
	} else {
		rec.Exec = run.exec
		rec.Command = strings.Join(run.exec, " ") // for logs and --explain readers
	}
	if len(run.env) > 0 {
		rec.Env = run.env
	}
	rec.Path, rec.Installations = run.path, run.insts
	return nil
}

func shQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return proc.ShellQuote(s)
}

// noShellCommands refuses install_commands from a plugin the user has not
// chosen: the workspace's own (it may be a clone of someone else's
// repository) or a crate enabled only by [plugins] auto-enable. Their
// shell lines would otherwise run at the next sync without the user ever
// choosing them. Plugins from configured sources (the central one
// included) and crates enabled with `cargo agents use` are trusted.
func noShellCommands(m *Manifest, line int, insts []stream.Installation) error {
	for _, in := range insts {
		if len(in.InstallCommands) > 0 {
			return pos.Errorf(m.Path, line, 1, "installation %q has install_commands, which run only for plugins you chose (from a configured plugin source, or a crate enabled with `cargo agents use`), not for plugin %s: enable it by name, or move it into a plugin source (config.toml [[plugin-source]]), to trust it", in.Name, m.Name)
		}
	}
	return nil
}
