package config

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Consent is the [plugins] table (upstream: configuration.md, "[plugins]"):
// which plugins may run at all, as distinct from the predicates that decide
// when an enabled plugin applies. A dependency is not a trust root: a
// plugin embedded in a crate runs only when AutoEnable or Use says so, and
// Disable wins over both.
type Consent struct {
	AutoEnable []string   // dependency names whose embedded plugins load without asking; "*" = all
	Use        []UseEntry // plugins enabled deliberately (`cargo agents use`)
	Disable    []string   // names never enabled, whatever else says
}

// UseEntry is one [plugins] use entry: a plain name (every workspace) or
// { name, workspace } (only while working in that workspace root).
type UseEntry struct {
	Name      string
	Workspace string // "" = every workspace
}

// NormName folds a plugin or crate name the way cargo compares crate
// names: '-' and '_' are the same, and case does not matter.
func NormName(s string) string {
	return strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "_", "-"))
}

func hasName(list []string, name string) bool {
	n := NormName(name)
	for _, x := range list {
		if NormName(x) == n {
			return true
		}
	}
	return false
}

// Disabled reports whether name is in [plugins] disable.
func (c Consent) Disabled(name string) bool { return hasName(c.Disable, name) }

// AutoEnabled reports whether [plugins] auto-enable consents to the
// plugin embedded in dependency name (by name, or "*").
func (c Consent) AutoEnabled(name string) bool {
	return hasName(c.AutoEnable, "*") || hasName(c.AutoEnable, name)
}

// Used returns the use entry that enables name in the workspace at root:
// one scoped to root, else an unscoped one.
func (c Consent) Used(name, root string) (UseEntry, bool) {
	n := NormName(name)
	var global *UseEntry
	for i, u := range c.Use {
		if NormName(u.Name) != n {
			continue
		}
		if u.Workspace == "" {
			if global == nil {
				global = &c.Use[i]
			}
			continue
		}
		if root != "" && SameDir(u.Workspace, root) {
			return u, true
		}
	}
	if global != nil {
		return *global, true
	}
	return UseEntry{}, false
}

// SameDir compares two directory paths as written (cleaned).
func SameDir(a, b string) bool {
	return filepath.Clean(a) == filepath.Clean(b)
}

// Root words the enablement root of a use entry, as status prints it.
func (u UseEntry) Root() string {
	if u.Workspace == "" {
		return "[plugins] use"
	}
	return "[plugins] use (workspace " + u.Workspace + ")"
}

// parsePlugins reads the [plugins] table; line finds a key's line for
// messages.
func parsePlugins(path string, data []byte, fp *filePlugins) (Consent, error) {
	var c Consent
	if fp == nil {
		return c, nil
	}
	strs := func(key string, v []any) ([]string, error) {
		var out []string
		for _, it := range v {
			s, ok := it.(string)
			if !ok || strings.TrimSpace(s) == "" {
				return nil, fmt.Errorf("%s:%d: [plugins] %s must be an array of names, e.g. %s = [\"widget-lib\"]", path, lineOf(data, key), key, key)
			}
			out = append(out, s)
		}
		return out, nil
	}
	var err error
	if c.AutoEnable, err = strs("auto-enable", fp.AutoEnable); err != nil {
		return c, err
	}
	if c.Disable, err = strs("disable", fp.Disable); err != nil {
		return c, err
	}
	for _, it := range fp.Use {
		switch u := it.(type) {
		case string:
			if strings.TrimSpace(u) == "" {
				return c, fmt.Errorf("%s:%d: [plugins] use has an empty name", path, lineOf(data, "use"))
			}
			c.Use = append(c.Use, UseEntry{Name: u})
		case map[string]any:
			name, _ := u["name"].(string)
			ws, wsOK := u["workspace"].(string)
			_, hasWS := u["workspace"]
			if strings.TrimSpace(name) == "" || (hasWS && !wsOK) || len(u) > 2 || (len(u) == 2 && !hasWS) {
				return c, fmt.Errorf("%s:%d: [plugins] use entries are a name or { name = \"...\", workspace = \"/path\" }", path, lineOf(data, "use"))
			}
			if hasWS && !filepath.IsAbs(ws) {
				return c, fmt.Errorf("%s:%d: [plugins] use %q: workspace %q must be an absolute path", path, lineOf(data, "use"), name, ws)
			}
			c.Use = append(c.Use, UseEntry{Name: name, Workspace: ws})
		default:
			return c, fmt.Errorf("%s:%d: [plugins] use entries are a name or { name = \"...\", workspace = \"/path\" }", path, lineOf(data, "use"))
		}
	}
	return c, nil
}

type filePlugins struct {
	AutoEnable []any `toml:"auto-enable"`
	Use        []any `toml:"use"`
	Disable    []any `toml:"disable"`
}
