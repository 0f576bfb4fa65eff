// Package config loads the user-wide configuration (config.toml) and
// resolves symposium's directories (book: "Configuration", "Directory
// resolution").
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/userdirs"
)

// Hook scopes.
const (
	ScopeGlobal  = agent.ScopeGlobal
	ScopeProject = agent.ScopeProject
)

// DefaultAutoUpdateInterval is the book's debounce for refreshing git
// sources on sync.
const DefaultAutoUpdateInterval = 60 * time.Second

// Built-in plugin source names.
const (
	RecommendationsSource = "symposium-recommendations"
	RecommendationsURL    = "https://github.com/symposium-dev/recommendations"
	UserPluginsSource     = "user-plugins"
)

// Dirs are the resolved user-wide directories.
type Dirs struct {
	Config string // holds config.toml and plugins/
	Cache  string
	Logs   string
	Home   string // the user's home directory (for agents' global files)
	// Agents is what else moves the agents' global files: the system and
	// the variables the agents declare (agent.HostVars: CODEX_HOME,
	// CLAUDE_CONFIG_DIR, %APPDATA%, ...), each read once here.
	Agents agent.Host
}

// ConfigFile is the path of config.toml.
func (d Dirs) ConfigFile() string { return userdirs.ConfigFile(d.Config) }

// UserPlugins is the built-in user plugin directory.
func (d Dirs) UserPlugins() string { return filepath.Join(d.Config, "plugins") }

// PluginSourceCache is where git plugin sources are cloned.
func (d Dirs) PluginSourceCache() string { return filepath.Join(d.Cache, "plugin-sources") }

// ResolveDirs is userdirs.Resolve, with the home directory and the
// agents' directories the host's variables move, as the caller (pkg/cli)
// read them.
func ResolveDirs(getenv func(string) string, home string) Dirs {
	var agents agent.Host
	for _, name := range agent.HostVars() {
		if v := getenv(name); v != "" {
			if agents.Env == nil {
				agents.Env = map[string]string{}
			}
			agents.Env[name] = v
		}
	}
	u := userdirs.Resolve(getenv, home)
	return Dirs{Config: u.Config, Cache: u.Cache, Logs: u.Logs, Home: home, Agents: agents}
}

// Config is the user configuration with defaults applied.
type Config struct {
	AutoSync bool
	// RecommendationsGit is the central plugin source's git URL: ""
	// means RecommendationsURL. pkg/cli sets it from
	// $SYMPOSIUM_RECOMMENDATIONS_URL (tests point it at a local repository).
	RecommendationsGit string
	// AgentsSyncing mirrors each workspace plugin's .agents/skills/ into
	// every configured agent's skill directory (upstream: agents-syncing).
	AgentsSyncing bool
	// AutoUpdateInterval is how old a git source's last check may be
	// before a sync refreshes it (auto-update = true); the debounce that
	// keeps frequent syncs off the network.
	AutoUpdateInterval time.Duration
	HookScope          string
	// SelfUpdate is upstream's top-level auto-update: "on" (the default),
	// "warn" or "off", about updating the binaries themselves: what an
	// explicit command does about a newer release (docs/release.md). (A
	// source's auto-update is PluginSource.AutoUpdate.)
	SelfUpdate string
	// Telemetry is [telemetry] enabled. It is read and kept; this version
	// records and sends no telemetry, whatever it says.
	Telemetry bool
	Agents    []string
	LogLevel  string
	Defaults  Defaults
	Sources   []PluginSource // [[plugin-source]] and [[registry]] entries, in file order
	Plugins   Consent        // [plugins]: auto-enable, use, disable
	Path      string         // file it was read from ("" when none exists)
	Exists    bool
}

// Defaults controls the two built-in sources.
type Defaults struct {
	SymposiumRecommendations bool
	UserPlugins              bool
}

// PluginSource is one [[plugin-source]] entry, or one [[registry]] entry
// (upstream's current name for the same table).
type PluginSource struct {
	Name       string
	Git        string
	Path       string // as written; see ResolvedPath
	AutoUpdate bool
	Line       int // line of its [[plugin-source]] header, for messages
}

// Default returns the configuration used when no file exists.
func Default() *Config {
	return &Config{
		AutoSync:           true,
		AgentsSyncing:      true,
		AutoUpdateInterval: DefaultAutoUpdateInterval,
		HookScope:          ScopeGlobal,
		SelfUpdate:         "on",
		LogLevel:           "info",
		Defaults:           Defaults{SymposiumRecommendations: true, UserPlugins: true},
	}
}

// HasAgent reports whether name is configured.
func (c *Config) HasAgent(name string) bool {
	return slices.Contains(c.Agents, name)
}

// ResolvedPath resolves a local source path against the config directory;
// a leading "~/" (or "~\" on Windows, where "\" is the separator) is
// the home directory.
func (s PluginSource) ResolvedPath(d Dirs) string {
	p := s.Path
	if strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "~"+string(filepath.Separator)) {
		p = filepath.Join(d.Home, p[2:])
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(d.Config, p)
}

// Load reads config.toml from d. A missing file gives the defaults. Unknown
// keys are returned as warnings; type errors fail with file:line.
func Load(d Dirs) (*Config, []pos.Warning, error) {
	path := d.ConfigFile()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		c := Default()
		c.Path = path
		return c, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	c, warnings, err := Parse(path, data)
	if err != nil {
		return nil, warnings, err
	}
	return c, warnings, nil
}

type fileAgent struct {
	Name *string `toml:"name"`
}

type fileSource struct {
	Name       *string `toml:"name"`
	Git        *string `toml:"git"`
	Path       *string `toml:"path"`
	AutoUpdate *bool   `toml:"auto-update"`
}

type fileConfig struct {
	AutoSync           *bool   `toml:"auto-sync"`
	AgentsSyncing      *bool   `toml:"agents-syncing"`
	AutoUpdateInterval *string `toml:"auto-update-interval"`
	SelfUpdate         any     `toml:"auto-update"` // a string; anything else is warned about
	HookScope          *string `toml:"hook-scope"`
	Telemetry          *struct {
		Enabled *bool `toml:"enabled"`
	} `toml:"telemetry"`
	Agents  []fileAgent `toml:"agent"`
	Logging *struct {
		Level *string `toml:"level"`
	} `toml:"logging"`
	Defaults *struct {
		SymposiumRecommendations *bool `toml:"symposium-recommendations"`
		UserPlugins              *bool `toml:"user-plugins"`
	} `toml:"defaults"`
	Sources    []fileSource `toml:"plugin-source"`
	Registries []fileSource `toml:"registry"`
	Plugins    *filePlugins `toml:"plugins"`
}

// Parse parses config.toml bytes; path is used in messages.
func Parse(path string, data []byte) (*Config, []pos.Warning, error) {
	fc, warnings, err := decodeFile(path, data)
	if err != nil {
		return nil, warnings, err
	}
	c := Default()
	c.Path, c.Exists = path, true
	warnings, err = c.applySettings(path, data, fc, warnings)
	if err != nil {
		return nil, warnings, err
	}
	if c.Plugins, err = parsePlugins(path, data, fc.Plugins); err != nil {
		return nil, warnings, err
	}
	if err := c.addAgents(path, data, fc.Agents); err != nil {
		return nil, warnings, err
	}
	if err := c.addSources(path, data, fc); err != nil {
		return nil, warnings, err
	}
	slices.SortFunc(warnings, func(a, b pos.Warning) int { return strings.Compare(a.String(), b.String()) })
	return c, warnings, nil
}

// decodeFile decodes config.toml, warning about (and ignoring) each key
// this version does not know.
func decodeFile(path string, data []byte) (*fileConfig, []pos.Warning, error) {
	var fc fileConfig
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var warnings []pos.Warning
	err := dec.Decode(&fc)
	if err == nil {
		return &fc, nil, nil
	}
	var strict *toml.StrictMissingError
	if !errors.As(err, &strict) {
		return nil, nil, positioned(path, err)
	}
	for _, e := range strict.Errors {
		row, col := e.Position()
		warnings = append(warnings, *pos.Errorf(path, row, col, "unknown key %q (ignored)", strings.Join(e.Key(), ".")))
	}
	fc = fileConfig{}
	if err := toml.Unmarshal(data, &fc); err != nil {
		return nil, warnings, positioned(path, err)
	}
	return &fc, warnings, nil
}

// applySettings sets the single-valued settings fc has over the defaults,
// adding to warnings what is kept but not right.
func (c *Config) applySettings(path string, data []byte, fc *fileConfig, warnings []pos.Warning) ([]pos.Warning, error) {
	if fc.AutoSync != nil {
		c.AutoSync = *fc.AutoSync
	}
	if fc.AgentsSyncing != nil {
		c.AgentsSyncing = *fc.AgentsSyncing
	}
	if fc.AutoUpdateInterval != nil {
		d, err := time.ParseDuration(*fc.AutoUpdateInterval)
		if err != nil || d < 0 {
			warnings = append(warnings, *pos.Errorf(path, 0, 0, "auto-update-interval %q is not a duration such as \"60s\" or \"10m\" (using %s)", *fc.AutoUpdateInterval, DefaultAutoUpdateInterval))
		} else {
			c.AutoUpdateInterval = d
		}
	}
	if w := upstreamKeys(c, *fc, path, data); w != nil {
		warnings = append(warnings, *w)
	}
	if fc.HookScope != nil {
		switch *fc.HookScope {
		case ScopeGlobal, ScopeProject:
			c.HookScope = *fc.HookScope
		default:
			return warnings, pos.Errorf(path, lineOf(data, "hook-scope"), 0, "hook-scope = %q: must be \"global\" or \"project\"", *fc.HookScope)
		}
	}
	if fc.Logging != nil && fc.Logging.Level != nil {
		switch lvl := strings.ToLower(*fc.Logging.Level); lvl {
		case "trace", "debug", "info", "warn", "error":
			c.LogLevel = lvl
		default:
			return warnings, pos.Errorf(path, lineOf(data, "level"), 0, "[logging] level = %q: must be one of trace, debug, info, warn, error", *fc.Logging.Level)
		}
	}
	if fc.Defaults != nil {
		if fc.Defaults.SymposiumRecommendations != nil {
			c.Defaults.SymposiumRecommendations = *fc.Defaults.SymposiumRecommendations
		}
		if fc.Defaults.UserPlugins != nil {
			c.Defaults.UserPlugins = *fc.Defaults.UserPlugins
		}
	}
	return warnings, nil
}

// addAgents adds the [[agent]] entries, each name once.
func (c *Config) addAgents(path string, data []byte, agents []fileAgent) error {
	seenAgent := map[string]bool{}
	agentLines := headerLines(data, "[[agent]]")
	for i, a := range agents {
		line := nth(agentLines, i)
		if a.Name == nil {
			return pos.Errorf(path, line, 0, "[[agent]] entry has no name (one of %s)", strings.Join(agent.Names(), ", "))
		}
		if _, known := agent.Lookup(*a.Name); !known {
			return pos.Errorf(path, line, 0, "unknown agent %q: must be one of %s", *a.Name, strings.Join(agent.Names(), ", "))
		}
		if !seenAgent[*a.Name] {
			seenAgent[*a.Name] = true
			c.Agents = append(c.Agents, *a.Name)
		}
	}
	return nil
}

// addSources adds the [[plugin-source]] and [[registry]] entries
// ([[registry]] is upstream's current name for [[plugin-source]]: both
// are read, in file order).
func (c *Config) addSources(path string, data []byte, fc *fileConfig) error {
	type entry struct {
		fileSource
		table string
		line  int
	}
	var entries []entry
	for _, t := range []struct {
		name string
		list []fileSource
	}{{"plugin-source", fc.Sources}, {"registry", fc.Registries}} {
		lines := headerLines(data, "[["+t.name+"]]")
		for i, s := range t.list {
			entries = append(entries, entry{s, t.name, nth(lines, i)})
		}
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].line < entries[j].line })
	seenSource := map[string]bool{}
	for _, e := range entries {
		s, line, table := e.fileSource, e.line, e.table
		if s.Name == nil || *s.Name == "" {
			return pos.Errorf(path, line, 0, "[[%s]] entry has no name", table)
		}
		if (s.Git == nil) == (s.Path == nil) {
			return pos.Errorf(path, line, 0, "[[%s]] %q must set exactly one of git or path", table, *s.Name)
		}
		if seenSource[*s.Name] || *s.Name == RecommendationsSource || *s.Name == UserPluginsSource {
			return pos.Errorf(path, line, 0, "[[%s]] name %q is used twice (or is a built-in source name)", table, *s.Name)
		}
		seenSource[*s.Name] = true
		ps := PluginSource{Name: *s.Name, AutoUpdate: true, Line: line}
		if s.Git != nil {
			ps.Git = *s.Git
		}
		if s.Path != nil {
			ps.Path = *s.Path
		}
		if s.AutoUpdate != nil {
			ps.AutoUpdate = *s.AutoUpdate
		}
		c.Sources = append(c.Sources, ps)
	}
	return nil
}

// upstreamKeys applies the keys upstream's init writes that this version
// keeps but does not act on: the top-level auto-update and [telemetry]
// enabled. A bad auto-update value is a warning, not a failure: nothing
// depends on it.
func upstreamKeys(c *Config, fc fileConfig, path string, data []byte) (warning *pos.Warning) {
	if fc.Telemetry != nil && fc.Telemetry.Enabled != nil {
		c.Telemetry = *fc.Telemetry.Enabled
	}
	if fc.SelfUpdate == nil {
		return nil
	}
	switch v, _ := fc.SelfUpdate.(string); v {
	case "on", "warn", "off":
		c.SelfUpdate = v
		return nil
	}
	return pos.Errorf(path, lineOf(data, "auto-update"), 0, "auto-update = %s: must be \"on\", \"warn\" or \"off\" (using \"on\")", tomlValue(fc.SelfUpdate))
}

// tomlValue words a decoded value as it would be written in TOML.
func tomlValue(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}

// positioned turns a go-toml error into "path:line:col: message".
func positioned(path string, err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		return pos.Errorf(path, row, col, "%s", de.Error())
	}
	return fmt.Errorf("%s: %w", path, err)
}

// lineOf returns the first line whose trimmed text starts with key (best effort).
func lineOf(data []byte, key string) int {
	for i, l := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, key) {
			rest := strings.TrimSpace(t[len(key):])
			if strings.HasPrefix(rest, "=") {
				return i + 1
			}
		}
	}
	return 0
}

// headerLines returns the line numbers of header's occurrences, in one
// pass (a config may list many sources, and the hook path parses it).
func headerLines(data []byte, header string) []int {
	var lines []int
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), header) {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// nth is lines[n], or 0 (unknown) past its end.
func nth(lines []int, n int) int {
	if n < len(lines) {
		return lines[n]
	}
	return 0
}

// LoadUser loads the user's config.toml from d (pkg/cli/userconf resolves
// them), passing each warning (unknown keys) to warn; it returns d again
// for its callers' convenience.
func LoadUser(d Dirs, warn func(pos.Warning)) (Dirs, *Config, error) {
	c, warnings, err := Load(d)
	if err != nil {
		return d, nil, err
	}
	for _, w := range warnings {
		warn(w)
	}
	return d, c, nil
}
