package plugin

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/predexpr"
)

// ManifestName is the file that makes a directory a plugin.
const ManifestName = "SYMPOSIUM.toml"

// hookFormats are the wire formats a plugin hook may be written in.
var hookFormats = agent.WireNames()

// Manifest is a parsed SYMPOSIUM.toml. Crates holds the book's crates
// list or upstream's depends-on list, which are the same thing written two
// ways; Predicates holds the predicates field. At each level the two are
// ANDed.
type Manifest struct {
	Name       string
	Crates     cratepred.List // plugin-level predicates; nil = applies everywhere
	HasCrates  bool
	CratesLine int
	Predicates []Pred
	Custom     []CustomPredicate // [[predicate]] tables
	Skills     []SkillGroup
	Hooks      []Hook
	MCPServers []MCPServer
	// Installations are the [[installations]] entries, by file order.
	Installations []Installation
	// Plugins are the [[plugins]] chained references: crates whose own
	// plugin loads whenever this one is active (upstream v0.4).
	Plugins []PluginRef
	// Subcommands are the [subcommand.<name>] tables: plugin-vended
	// `cargo agents <name>` commands (subcommand.go), sorted by name.
	Subcommands []Subcommand
	// DefaultSkills is [defaults] skills: false turns off the default
	// skills/ group of a crate's or the workspace's plugin. nil = not set
	// (the default, true).
	DefaultSkills *bool
	// Dormant: the manifest names no dependency anywhere, so nothing gates
	// it and it applies only where [plugins] use enables it by name.
	Dormant bool
	// Workspace marks a plugin of the workspace itself (workspace.go).
	Workspace bool
	Path      string // the SYMPOSIUM.toml
	Dir       string // the plugin directory

	// Skipped are the parts left out because they hold a field this
	// version does not know (a typo, or a later format's): sync warns
	// about each and loads the rest; plugin validate reports them as
	// errors.
	Skipped []Skipped
}

// PluginRef is one [[plugins]] entry: source.cargo names the crate (a
// dependency atom, "serde" or "serde>=1", or { name, version }), gated by
// the entry's own depends-on and predicates.
type PluginRef struct {
	Crate      string // as written
	Req        string // version requirement; "" = the workspace's version, whatever it is
	Crates     cratepred.List
	HasCrates  bool
	Predicates []Pred
	Line       int
}

// Pred is one entry of a predicates field, with the line it is written on.
type Pred struct {
	Expr *predexpr.Expr
	Line int
}

// CustomPredicate is one [[cratepred]] table: name(arg) runs its command
// with Args and then arg, and holds when it exits 0. The command is, as
// upstream documents, an installation: Command naming an [[installations]]
// entry, or Install for an inline table. A Command naming none is the
// book's form, a command line run through sh relative to the plugin
// directory.
type CustomPredicate struct {
	Name    string
	Command string
	Args    []string
	Line    int
	Install *InstallRef // an inline installation table
}

// SkillGroup is one [[skills]] entry.
type SkillGroup struct {
	Crates     cratepred.List
	HasCrates  bool
	CratesLine int
	Predicates []Pred
	SourcePath string // as written, relative to the plugin dir
	SourceGit  string
	// CratePath is set for v0.3's crate-sourced groups (source = "crate":
	// ".symposium/skills"; source.crate_path = "dir"): the directory in
	// the source of each crate of the matched crate set.
	CratePath string
	Line      int
}

// Hook is one [[hooks]] entry.
type Hook struct {
	Name    string
	Event   string // canonical: PreToolUse, PostToolUse, UserPromptSubmit, SessionStart
	Matcher string
	Command string
	Format  string
	Timeout int
	// Predicates are evaluated when the hook is about to run (pkg/dispatch),
	// not at sync: they observe live state.
	Predicates []Pred
	Line       int
	// Install is set when command names an [[installations]] entry or is
	// an inline installation table; Command is then empty.
	Install            *InstallRef
	Executable, Script string
	Args               []string
	HasArgs            bool
	Requirements       []InstallRef
	Agent              string // "" = every agent

	// Table names it in messages; "" is [[hooks]] (a [[predicate]]
	// whose command is an installation is resolved as a hook).
	Table string
}

// MCPServer is one [[mcp_servers]] (or [[mcp-servers]]) entry.
type MCPServer struct {
	Name       string
	Type       string // stdio, http, sse
	Command    string
	Args       []string
	Env        map[string]string
	URL        string
	Headers    map[string]string
	Crates     cratepred.List
	HasCrates  bool
	CratesLine int
	Predicates []Pred
	Line       int
}

// Skipped is one part of a manifest left out, or one top-level key
// ignored, because of a field this version does not read.
type Skipped struct {
	What string // hook, installation, group, mcp_server, plugin, predicate, defaults, field
	Name string // the part's name ("" when it has none), or the top-level key
	Line int
	Err  error // "path:line:1: …", said as the warning or validate's error
}

type fileGroup struct {
	Crates     any `toml:"crates"`
	DependsOn  any `toml:"depends-on"`
	Predicates any `toml:"predicates"`
	Source     any `toml:"source"` // a table (path, git, crate_path) or the string "crate"
}

type filePluginRef struct {
	Crates     any            `toml:"crates"`
	DependsOn  any            `toml:"depends-on"`
	Predicates any            `toml:"predicates"`
	Source     map[string]any `toml:"source"`
}

type fileDefaults struct {
	Skills *bool `toml:"skills"`
}

type fileHook struct {
	Name         *string `toml:"name"`
	Event        *string `toml:"event"`
	Matcher      *string `toml:"matcher"`
	Command      any     `toml:"command"`
	Format       *string `toml:"format"`
	Timeout      *int    `toml:"timeout"`
	Predicates   any     `toml:"predicates"`
	Executable   *string `toml:"executable"`
	Script       *string `toml:"script"`
	Args         any     `toml:"args"`
	Requirements any     `toml:"requirements"`
	Agent        *string `toml:"agent"`
}

type filePredicate struct {
	Name    *string `toml:"name"`
	Command any     `toml:"command"`
	Args    any     `toml:"args"`
}

type fileServer struct {
	Name       *string  `toml:"name"`
	Crates     any      `toml:"crates"`
	DependsOn  any      `toml:"depends-on"`
	Predicates any      `toml:"predicates"`
	Type       *string  `toml:"type"`
	Command    any      `toml:"command"`
	Args       []string `toml:"args"`
	Env        any      `toml:"env"`
	URL        *string  `toml:"url"`
	Headers    any      `toml:"headers"`
}

type fileManifest struct {
	Name        *string         `toml:"name"`
	Crates      any             `toml:"crates"`
	DependsOn   any             `toml:"depends-on"`
	Predicates  any             `toml:"predicates"`
	Predicate   []filePredicate `toml:"predicate"`
	Skills      []fileGroup     `toml:"skills"`
	Hooks       []fileHook      `toml:"hooks"`
	MCPServers  []fileServer    `toml:"mcp_servers"`
	MCPServers2 []fileServer    `toml:"mcp-servers"`
	Plugins     []filePluginRef `toml:"plugins"`
	Defaults    *fileDefaults   `toml:"defaults"`
	// Subcommand is checked field by field (parseSubcommands): its keys
	// are the names the user types.
	Subcommand any `toml:"subcommand"`
	// Installations are checked field by field (parseInstallation): an
	// inline one in a hook's command has no struct to be strict with.
	Installations []map[string]any `toml:"installations"`
}

// LoadManifest reads and parses a SYMPOSIUM.toml.
func LoadManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseManifest(path, data)
}

// ParseManifest parses SYMPOSIUM.toml bytes. The error joins every problem
// found (each "path:line:col: message"). A field this version does not
// read is no error: the part holding it is left out and recorded in
// Manifest.Skipped (unknown.go).
func ParseManifest(path string, data []byte) (*Manifest, error) {
	return parseManifest(path, data, manifestOf{})
}

// ParseWorkspaceManifest parses the SYMPOSIUM.toml of a workspace plugin:
// its name defaults to its directory's, and it needs no crates, because
// being in the workspace is its gate (upstream: "Workspace plugins").
func ParseWorkspaceManifest(path string, data []byte) (*Manifest, error) {
	return parseManifest(path, data, manifestOf{workspace: true})
}

// ParseCrateManifest parses one layer of a crate's embedded plugin (its
// SYMPOSIUM.toml, or its [package.metadata.symposium] as TOML): the same
// schema, but the reference that reached the crate is the gate, so name
// (default: the crate) and depends-on may be left out.
func ParseCrateManifest(path string, data []byte, crate string) (*Manifest, error) {
	return parseManifest(path, data, manifestOf{crate: crate})
}

// manifestOf says whose manifest is parsed: a plugin source's (zero), the
// workspace's own, or a crate's.
type manifestOf struct {
	workspace bool
	crate     string
}

// groupSource reads a [[skills]] source: a table, or v0.3's
// source = "crate" (the crate's .symposium/skills/ directory).
func groupSource(v any) (src struct{ Path, Git, CratePath *string }, problem string) {
	switch t := v.(type) {
	case nil:
	case string:
		if t != "crate" {
			return src, fmt.Sprintf("source = %q: the only string source is \"crate\"; otherwise set source.path or source.git", t)
		}
		dflt := DefaultCrateSkills
		src.CratePath = &dflt
	case map[string]any:
		for k, val := range t {
			sv, ok := val.(string)
			if !ok {
				return src, fmt.Sprintf("source.%s must be a string", k)
			}
			switch k {
			case "path":
				src.Path = &sv
			case "git":
				src.Git = &sv
			case "crate_path":
				src.CratePath = &sv
			default:
				if near := nearField(k, knownFields["source"]); near != "" {
					return src, fmt.Sprintf("unknown field %q in source (known: %s); did you mean %q?", k, knownFields["source"], near)
				}
				return src, fmt.Sprintf("unknown field %q in source (known: %s)", k, knownFields["source"])
			}
		}
	default:
		return src, "source must be a table (source.path = \"...\") or \"crate\""
	}
	return src, ""
}

// DefaultCrateSkills is where v0.3's source = "crate" looks in a crate.
const DefaultCrateSkills = ".symposium/skills"

// setNames words which of source.path, source.git and source.crate_path
// are set ("both source.path and source.git").
func setNames(p, g, c *string) string {
	var names []string
	for i, v := range []*string{p, g, c} {
		if v != nil {
			names = append(names, []string{"source.path", "source.git", "source.crate_path"}[i])
		}
	}
	if len(names) == 2 {
		return "both " + names[0] + " and " + names[1]
	}
	return strings.Join(names, ", ")
}

func countSet(ps ...*string) int {
	n := 0
	for _, p := range ps {
		if p != nil {
			n++
		}
	}
	return n
}

func namesCrate(l cratepred.List) bool {
	for _, a := range l {
		if !a.Wildcard() {
			return true
		}
	}
	return false
}

// source reads a [[plugins]] source: only cargo today (upstream reserves
// git and path and rejects them).
func (ref *PluginRef) source(src map[string]any) string {
	if len(src) == 0 {
		return "entry has no source: set source.cargo = \"<crate>\""
	}
	for k, v := range src {
		switch k {
		case "cargo":
			switch c := v.(type) {
			case string:
				a, err := cratepred.ParseAtom(c)
				if err != nil || a.Wildcard() {
					return fmt.Sprintf("source.cargo = %q: must be a crate name, optionally with a version requirement (\"serde\", \"serde>=1\")", c)
				}
				ref.Crate, ref.Req = a.Name(), a.Requirement()
			case map[string]any:
				name, _ := c["name"].(string)
				ver, verOK := c["version"].(string)
				_, hasVer := c["version"]
				if name == "" || (hasVer && !verOK) || len(c) > 2 || (len(c) == 2 && !hasVer) {
					return "source.cargo must be a crate name or { name = \"...\", version = \"...\" }"
				}
				atom := name
				if ver != "" {
					atom = name + " " + ver
				}
				a, err := cratepred.ParseAtom(atom)
				if err != nil || a.Wildcard() {
					return fmt.Sprintf("source.cargo = { name = %q, version = %q }: %v", name, ver, err)
				}
				ref.Crate, ref.Req = a.Name(), a.Requirement()
			default:
				return "source.cargo must be a crate name or { name = \"...\", version = \"...\" }"
			}
		case "git", "path":
			return fmt.Sprintf("source.%s: only source.cargo chained plugins are supported (git and path are reserved); name a crate with source.cargo", k)
		default:
			return fmt.Sprintf("unknown field %q in source (known: cargo)", k)
		}
	}
	if !cratefetch.ValidName(ref.Crate) {
		return fmt.Sprintf("source.cargo: %q is not a crate name", ref.Crate)
	}
	return ""
}

func crateList(path string, line int, what string, v any) (cratepred.List, error) {
	items, list, ok := oneOrMany(v)
	switch {
	case !ok && list:
		return nil, pos.Errorf(path, line, 1, "%s must be a string or an array of strings", what)
	case !ok:
		return nil, pos.Errorf(path, line, 1, "%s = %v: must be a string or an array of strings, e.g. crates = [\"serde\"]", what, v)
	}
	if len(items) == 0 {
		return nil, pos.Errorf(path, line, 1, "%s is empty: it would never match (use [\"*\"] for every workspace)", what)
	}
	l, err := cratepred.ParseList(items)
	if err != nil {
		return nil, pos.Errorf(path, line, 1, "%w", err)
	}
	return l, nil
}

// predList parses a predicates field: an array of predicate strings (a
// single string is one predicate). Each depends-on(...) atom is checked
// here, so a bad version is reported with the rest of the manifest.
func predList(path string, lines *lineIndex, table string, i int, v any) ([]Pred, []error) {
	keyLine := lines.key(table, i, "predicates")
	items, list, ok := oneOrMany(v)
	switch {
	case !ok && list:
		return nil, []error{pos.Errorf(path, keyLine, 1, "predicates must be an array of strings, e.g. predicates = [\"path_exists(.git)\"]")}
	case !ok:
		return nil, []error{pos.Errorf(path, keyLine, 1, "predicates = %v: must be an array of strings, e.g. predicates = [\"path_exists(.git)\"]", v)}
	}
	var out []Pred
	var errs []error
	for _, it := range items {
		line := lines.find(keyLine, it)
		e, err := ParsePredicate(it)
		if err != nil {
			errs = append(errs, pos.Errorf(path, line, 1, "%w", err))
			continue
		}
		out = append(out, Pred{Expr: e, Line: line})
	}
	return out, errs
}

// ParsePredicate parses one predicate and checks the dependency atoms in
// it, which pkg/predexpr leaves to pkg/cratepred.
func ParsePredicate(text string) (*predexpr.Expr, error) {
	e, err := predexpr.Parse(text)
	if err != nil {
		return nil, err
	}
	var bad error
	e.Walk(func(x *predexpr.Expr) {
		if x.Fn == predexpr.DependsOn && bad == nil {
			if _, err := cratepred.ParseAtom(x.Arg); err != nil {
				bad = fmt.Errorf("in %q: %w", text, err)
			}
		}
	})
	return e, bad
}

// mentionsDeps reports whether a predicate list names a dependency, which
// makes a plugin about some crates (the "no crates anywhere" check).
func mentionsDeps(ps []Pred) bool {
	found := false
	for _, p := range ps {
		p.Expr.Walk(func(x *predexpr.Expr) { found = found || x.Fn == predexpr.DependsOn })
	}
	return found
}

// nearField returns the known field (from a knownFields list) that name
// is one edit away from, ignoring '-' versus '_', or "".
func nearField(name, known string) string {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "_", "-") }
	for _, k := range strings.Split(known, ", ") {
		if k != "" && editDistance(norm(name), norm(k)) <= 1 {
			return k
		}
	}
	return ""
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// oneOrMany reads a field that takes a string (one item) or an array of
// strings. ok is false for anything else; list then tells an array
// holding something other than strings from a value of another type.
func oneOrMany(v any) (items []string, list, ok bool) {
	switch c := v.(type) {
	case string:
		return []string{c}, false, true
	case []any:
		items, ok = stringsOf(c)
		return items, true, ok
	}
	return nil, false, false
}

func stringsOf(v []any) ([]string, bool) {
	out := make([]string, 0, len(v))
	for _, it := range v {
		s, ok := it.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// pairs accepts [{name, value}, …] or a table, giving a map.
func pairs(v any) (map[string]string, error) {
	switch p := v.(type) {
	case nil:
		return nil, nil
	case map[string]any:
		out := make(map[string]string, len(p))
		for k, val := range p {
			s, ok := val.(string)
			if !ok {
				return nil, fmt.Errorf("value of %q must be a string", k)
			}
			out[k] = s
		}
		if len(out) == 0 {
			return nil, nil
		}
		return out, nil
	case []any:
		out := make(map[string]string, len(p))
		for _, it := range p {
			t, ok := it.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("must be an array of {name, value} tables or a table")
			}
			n, ok1 := t["name"].(string)
			val, ok2 := t["value"].(string)
			if !ok1 || !ok2 || len(t) != 2 {
				return nil, fmt.Errorf("entries must be {name = \"…\", value = \"…\"}")
			}
			out[n] = val
		}
		if len(out) == 0 {
			return nil, nil
		}
		return out, nil
	}
	return nil, fmt.Errorf("must be an array of {name, value} tables or a table")
}

func tomlError(path string, data []byte, err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		// An unclosed array is noticed where the next key or table starts;
		// point at the line that opened it, where the fix goes.
		if strings.Contains(msg, "after array value") {
			if open, key := unclosedArray(data, row); open > 0 {
				return pos.Errorf(path, open, 1, "the array of %s is never closed: add ']' (the parser noticed at line %d:%d: %s)", key, row, col, msg)
			}
		}
		if key := de.Key(); len(key) > 0 && strings.HasPrefix(msg, "cannot decode TOML ") {
			// A value of the wrong type: say which field and what it
			// must be, not which Go struct field it missed.
			got, want, _ := strings.Cut(strings.TrimPrefix(msg, "cannot decode TOML "), " into ")
			if i := strings.LastIndex(want, " of type "); i >= 0 {
				want = want[i+len(" of type "):]
			}
			return pos.Errorf(path, row, col, "%s is a TOML %s; it must be %s", strings.Join(key, "."), got, goTypeWords(want))
		}
		return pos.Errorf(path, row, col, "%s", msg)
	}
	return fmt.Errorf("%s: %w", path, err)
}

func goTypeWords(t string) string {
	switch strings.TrimPrefix(t, "*") {
	case "string":
		return "a string"
	case "int", "int64":
		return "an integer"
	case "bool":
		return "true or false"
	case "[]string":
		return "an array of strings"
	}
	if strings.HasPrefix(t, "[]") {
		return "an array of tables"
	}
	return "a table"
}

// lineIndex finds lines of table headers and keys, for messages: go-toml
// decodes values without positions.
type lineIndex struct {
	lines    []string
	sections []section
}

type section struct {
	name  string // "" for the top level; table name without brackets
	start int    // 1-based line of the header (1 for the top level)
	end   int    // last line
}

func newLineIndex(data []byte) *lineIndex {
	li := &lineIndex{lines: strings.Split(string(data), "\n")}
	cur := section{start: 1}
	for i, l := range li.lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") {
			cur.end = i
			li.sections = append(li.sections, cur)
			name := strings.Trim(t, "[] \t")
			if j := strings.IndexByte(t, '#'); j > 0 {
				name = strings.Trim(t[:j], "[] \t")
			}
			cur = section{name: name, start: i + 1}
		}
	}
	cur.end = len(li.lines)
	li.sections = append(li.sections, cur)
	sort.SliceStable(li.sections, func(a, b int) bool { return li.sections[a].start < li.sections[b].start })
	return li
}

func (li *lineIndex) nth(name string, n int) (section, bool) {
	seen := 0
	for _, s := range li.sections {
		if s.name == name {
			if seen == n {
				return s, true
			}
			seen++
		}
	}
	return section{}, false
}

// firstSection returns the header line of the first table named name or
// below it ([name] or [name.x]).
func (li *lineIndex) firstSection(name string) (int, bool) {
	for _, s := range li.sections {
		if s.name == name || strings.HasPrefix(s.name, name+".") {
			return s.start, true
		}
	}
	return 0, false
}

func (li *lineIndex) header(name string, n int) int {
	if s, ok := li.nth(name, n); ok {
		return s.start
	}
	return 1
}

func (li *lineIndex) key(table string, n int, key string) int {
	s, ok := li.nth(table, n)
	if !ok {
		return 1
	}
	for i := s.start - 1; i < s.end && i < len(li.lines); i++ {
		t := strings.TrimSpace(li.lines[i])
		if strings.HasPrefix(t, key) {
			rest := strings.TrimLeft(t[len(key):], " \t")
			if strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ".") {
				return i + 1
			}
		}
	}
	return s.start
}

// find returns the first line from line on that holds text (an array
// item written over several lines), or line.
func (li *lineIndex) find(line int, text string) int {
	for i := line - 1; i >= 0 && i < len(li.lines); i++ {
		if strings.Contains(li.lines[i], text) {
			return i + 1
		}
		if i > line-1 && strings.HasPrefix(strings.TrimSpace(li.lines[i]), "[") {
			break
		}
	}
	return line
}

// unclosedArray finds, before line row, the last "key = [" line whose
// brackets do not balance.
func unclosedArray(data []byte, row int) (int, string) {
	lines := strings.Split(string(data), "\n")
	for i := row - 2; i >= 0 && i < len(lines); i-- {
		l := lines[i]
		eq := strings.IndexByte(l, '=')
		if eq < 0 || !strings.HasPrefix(strings.TrimSpace(l[eq+1:]), "[") {
			continue
		}
		if strings.Count(l, "[") > strings.Count(l, "]") {
			return i + 1, strings.TrimSpace(l[:eq])
		}
		return 0, ""
	}
	return 0, ""
}
