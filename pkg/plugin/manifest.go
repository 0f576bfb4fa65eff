package plugin

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/predicate"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// ManifestName is the file that makes a directory a plugin.
const ManifestName = "SYMPOSIUM.toml"

// hookFormats are the wire formats a plugin hook may be written in.
var hookFormats = agent.WireNames()

// Manifest is a parsed SYMPOSIUM.toml.
type Manifest struct {
	Name       string
	Crates     predicate.List // plugin-level predicates; nil = applies everywhere
	HasCrates  bool
	CratesLine int
	Skills     []SkillGroup
	Hooks      []Hook
	MCPServers []MCPServer
	Path       string // the SYMPOSIUM.toml
	Dir        string // the plugin directory
}

// SkillGroup is one [[skills]] entry.
type SkillGroup struct {
	Crates     predicate.List
	HasCrates  bool
	CratesLine int
	SourcePath string // as written, relative to the plugin dir
	SourceGit  string
	Line       int
}

// Hook is one [[hooks]] entry.
type Hook struct {
	Name    string
	Event   string // canonical: PreToolUse, PostToolUse, UserPromptSubmit, SessionStart
	Matcher string
	Command string
	Format  string
	Timeout int
	Line    int
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
	Crates     predicate.List
	HasCrates  bool
	CratesLine int
	Line       int
}

// ErrLaterVersion marks a manifest written for a later symposium (central
// source features such as source.crate_path or source = "crate"): callers
// warn and skip it rather than report a broken plugin.
var ErrLaterVersion = errors.New("needs a later symposium version")

type fileSource struct {
	Path *string `toml:"path"`
	Git  *string `toml:"git"`
}

type fileGroup struct {
	Crates any         `toml:"crates"`
	Source *fileSource `toml:"source"`
}

type fileHook struct {
	Name    *string `toml:"name"`
	Event   *string `toml:"event"`
	Matcher *string `toml:"matcher"`
	Command *string `toml:"command"`
	Format  *string `toml:"format"`
	Timeout *int    `toml:"timeout"`
}

type fileServer struct {
	Name    *string  `toml:"name"`
	Crates  any      `toml:"crates"`
	Type    *string  `toml:"type"`
	Command any      `toml:"command"`
	Args    []string `toml:"args"`
	Env     any      `toml:"env"`
	URL     *string  `toml:"url"`
	Headers any      `toml:"headers"`
}

type fileManifest struct {
	Name        *string      `toml:"name"`
	Crates      any          `toml:"crates"`
	Skills      []fileGroup  `toml:"skills"`
	Hooks       []fileHook   `toml:"hooks"`
	MCPServers  []fileServer `toml:"mcp_servers"`
	MCPServers2 []fileServer `toml:"mcp-servers"`
}

var knownFields = map[string]string{
	"":            "name, crates, skills, hooks, mcp_servers",
	"skills":      "crates, source",
	"source":      "path, git",
	"hooks":       "name, event, matcher, command, format, timeout",
	"mcp_servers": "name, crates, type, command, args, env, url, headers",
	"mcp-servers": "name, crates, type, command, args, env, url, headers",
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
// found (each "path:line:col: message"); a manifest for a later symposium
// returns an error wrapping ErrLaterVersion.
func ParseManifest(path string, data []byte) (*Manifest, error) {
	if err := laterVersion(path, data); err != nil {
		return nil, err
	}
	lines := newLineIndex(data)
	var fm fileManifest
	var errs []error
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fm); err != nil {
		var strict *toml.StrictMissingError
		if !errors.As(err, &strict) {
			return nil, tomlError(path, data, err)
		}
		for _, e := range strict.Errors {
			row, col := e.Position()
			key := e.Key()
			field := key[len(key)-1]
			parent := ""
			if len(key) > 1 {
				parent = key[len(key)-2]
			}
			where := ""
			if parent != "" {
				where = " in [[" + parent + "]]"
				if parent == "source" {
					where = " in source"
				}
			}
			hint := ""
			if field == "crate" || field == "depends-on" {
				hint = `; did you mean "crates"?`
			}
			errs = append(errs, fmt.Errorf("%s:%d:%d: unknown field %q%s (known: %s)%s", path, row, col, field, where, knownFields[parent], hint))
		}
		fm = fileManifest{}
		if err := toml.Unmarshal(data, &fm); err != nil {
			return nil, errors.Join(append(errs, tomlError(path, data, err))...)
		}
	}
	m := &Manifest{Path: path, Dir: filepath.Dir(path)}
	if fm.Name == nil || strings.TrimSpace(*fm.Name) == "" {
		errs = append(errs, fmt.Errorf("%s: missing required field name: add `name = \"<plugin-name>\"` at the top", path))
	} else {
		m.Name = *fm.Name
	}
	anyCrates := false
	if fm.Crates != nil {
		line := lines.key("", 0, "crates")
		l, err := crateList(path, line, "crates", fm.Crates)
		if err != nil {
			errs = append(errs, err)
		}
		m.Crates, m.HasCrates, m.CratesLine, anyCrates = l, true, line, true
	}
	for i, g := range fm.Skills {
		header := lines.header("skills", i)
		sg := SkillGroup{Line: header}
		if g.Crates != nil {
			sg.CratesLine = lines.key("skills", i, "crates")
			l, err := crateList(path, sg.CratesLine, "[[skills]] crates", g.Crates)
			if err != nil {
				errs = append(errs, err)
			}
			sg.Crates, sg.HasCrates, anyCrates = l, true, true
		}
		switch {
		case g.Source == nil || (g.Source.Path == nil && g.Source.Git == nil):
			errs = append(errs, fmt.Errorf("%s:%d:1: [[skills]] group has no source: set exactly one of source.path (a directory in the plugin) or source.git (a GitHub tree URL)", path, header))
		case g.Source.Path != nil && g.Source.Git != nil:
			errs = append(errs, fmt.Errorf("%s:%d:1: [[skills]] group (line %d) sets both source.path and source.git: a skill group must have exactly one of them", path, lines.key("skills", i, "source"), header))
		case g.Source.Path != nil:
			sg.SourcePath = *g.Source.Path
			if filepath.IsAbs(sg.SourcePath) {
				errs = append(errs, fmt.Errorf("%s:%d:1: source.path %q must be relative to the plugin directory", path, lines.key("skills", i, "source"), sg.SourcePath))
			}
		default:
			sg.SourceGit = *g.Source.Git
			if _, err := ParseGitURL(sg.SourceGit); err != nil {
				errs = append(errs, fmt.Errorf("%s:%d:1: source.git: %w", path, lines.key("skills", i, "source"), err))
			}
		}
		m.Skills = append(m.Skills, sg)
	}
	for i, h := range fm.Hooks {
		header := lines.header("hooks", i)
		hk := Hook{Line: header, Format: "symposium"}
		if h.Name != nil {
			hk.Name = *h.Name
		}
		if h.Name == nil || hk.Name == "" {
			errs = append(errs, fmt.Errorf("%s:%d:1: [[hooks]] entry has no name", path, header))
		}
		if h.Event == nil {
			errs = append(errs, fmt.Errorf("%s:%d:1: [[hooks]] %q has no event (one of PreToolUse, PostToolUse, UserPromptSubmit, SessionStart)", path, header, hk.Name))
		} else if ev, ok := stream.CanonicalEvent(*h.Event); ok {
			hk.Event = ev
		} else {
			errs = append(errs, fmt.Errorf("%s:%d:1: [[hooks]] %q: unknown event %q (one of PreToolUse, PostToolUse, UserPromptSubmit, SessionStart)", path, lines.key("hooks", i, "event"), hk.Name, *h.Event))
		}
		if h.Command == nil || strings.TrimSpace(*h.Command) == "" {
			errs = append(errs, fmt.Errorf("%s:%d:1: [[hooks]] %q has no command", path, header, hk.Name))
		} else {
			hk.Command = *h.Command
		}
		if h.Matcher != nil {
			hk.Matcher = *h.Matcher
		}
		if h.Format != nil {
			f := strings.ToLower(*h.Format)
			if !contains(hookFormats, f) {
				errs = append(errs, fmt.Errorf("%s:%d:1: [[hooks]] %q: unknown format %q (one of %s)", path, lines.key("hooks", i, "format"), hk.Name, *h.Format, strings.Join(hookFormats, ", ")))
			}
			hk.Format = f
		}
		if h.Timeout != nil {
			if *h.Timeout <= 0 {
				errs = append(errs, fmt.Errorf("%s:%d:1: [[hooks]] %q: timeout must be a positive number of seconds", path, lines.key("hooks", i, "timeout"), hk.Name))
			}
			hk.Timeout = *h.Timeout
		}
		m.Hooks = append(m.Hooks, hk)
	}
	servers := func(table string, list []fileServer) {
		for i, s := range list {
			header := lines.header(table, i)
			sv := MCPServer{Line: header, Type: "stdio", Args: s.Args}
			if s.Name == nil || *s.Name == "" {
				errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] entry has no name", path, header, table))
			} else {
				sv.Name = *s.Name
			}
			if s.Crates != nil {
				sv.CratesLine = lines.key(table, i, "crates")
				l, err := crateList(path, sv.CratesLine, "[["+table+"]] crates", s.Crates)
				if err != nil {
					errs = append(errs, err)
				}
				sv.Crates, sv.HasCrates, anyCrates = l, true, true
			}
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
					errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] %q: command must be a string or a non-empty array of strings", path, lines.key(table, i, "command"), table, sv.Name))
				} else {
					sv.Command = strs[0]
					sv.Args = append(append([]string{}, strs[1:]...), s.Args...)
				}
			default:
				errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] %q: command must be a string or an array of strings", path, lines.key(table, i, "command"), table, sv.Name))
			}
			if s.URL != nil {
				sv.URL = *s.URL
			}
			var err error
			if sv.Env, err = pairs(s.Env); err != nil {
				errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] %q: env %w", path, lines.key(table, i, "env"), table, sv.Name, err))
			}
			if sv.Headers, err = pairs(s.Headers); err != nil {
				errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] %q: headers %w", path, lines.key(table, i, "headers"), table, sv.Name, err))
			}
			switch sv.Type {
			case "stdio":
				if sv.Command == "" {
					errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] %q: a stdio server needs command", path, header, table, sv.Name))
				}
			case "http", "sse":
				if sv.URL == "" {
					errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] %q: a %s server needs url", path, header, table, sv.Name, sv.Type))
				}
			default:
				errs = append(errs, fmt.Errorf("%s:%d:1: [[%s]] %q: unknown type %q (stdio, http or sse)", path, lines.key(table, i, "type"), table, sv.Name, sv.Type))
			}
			m.MCPServers = append(m.MCPServers, sv)
		}
	}
	servers("mcp_servers", fm.MCPServers)
	servers("mcp-servers", fm.MCPServers2)
	if !anyCrates && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("%s: plugin %q has no crates anywhere: set crates at the top (crates = [\"*\"] for every workspace), in its [[skills]] groups or in its [[mcp_servers]]", path, m.Name))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return m, nil
}

func crateList(path string, line int, what string, v any) (predicate.List, error) {
	var items []string
	switch c := v.(type) {
	case string:
		items = []string{c}
	case []any:
		strs, ok := stringsOf(c)
		if !ok {
			return nil, fmt.Errorf("%s:%d:1: %s must be a string or an array of strings", path, line, what)
		}
		items = strs
	default:
		return nil, fmt.Errorf("%s:%d:1: %s = %v: must be a string or an array of strings, e.g. crates = [\"serde\"]", path, line, what, v)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%s:%d:1: %s is empty: it would never match (use [\"*\"] for every workspace)", path, line, what)
	}
	l, err := predicate.ParseList(items)
	if err != nil {
		return nil, fmt.Errorf("%s:%d:1: %w", path, line, err)
	}
	return l, nil
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// laterVersion spots manifests for central-source features this version
// does not have, so they are skipped with a warning instead of an error.
func laterVersion(path string, data []byte) error {
	var loose map[string]any
	if err := toml.Unmarshal(data, &loose); err != nil {
		return nil // the strict pass reports syntax errors
	}
	groups, _ := loose["skills"].([]any)
	for _, g := range groups {
		t, _ := g.(map[string]any)
		switch s := t["source"].(type) {
		case string:
			if s == "crate" {
				return fmt.Errorf("%s: [[skills]] source = \"crate\" %w; skipping this plugin", path, ErrLaterVersion)
			}
		case map[string]any:
			if _, ok := s["crate_path"]; ok {
				return fmt.Errorf("%s: [[skills]] source.crate_path %w; skipping this plugin", path, ErrLaterVersion)
			}
		}
	}
	return nil
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
				return fmt.Errorf("%s:%d:1: the array of %s is never closed: add ']' (the parser noticed at line %d:%d: %s)", path, open, key, row, col, msg)
			}
		}
		return fmt.Errorf("%s:%d:%d: %s", path, row, col, msg)
	}
	return fmt.Errorf("%s: %w", path, err)
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
