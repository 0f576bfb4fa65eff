package config

import (
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// Consent is the [plugins] table (upstream: configuration.md, "[plugins]"):
// which plugins may run at all, as distinct from the predicates that decide
// when an enabled plugin applies. A dependency is not a trust root: a
// plugin embedded in a crate runs only when AutoEnable or Use says so, and
// Disable wins over both.
//
// Plugins of the plugin sources and plugins crates embed are two kinds
// that may share a name (a team's guard plugin "widget" and a dependency
// widget), and an answer about one must not switch the other on or off.
// So an entry "crate:NAME" names only crate NAME's embedded plugin, and
// a plain "NAME" keeps upstream's meaning, one namespace, read this way:
//
//   - disable: both kinds (a name "never enabled, whatever offers it");
//   - auto-enable: crates only (it is consent for dependencies);
//   - use: the plugin NAME when any plugin source (or the workspace's own
//     SYMPOSIUM.toml) has one, else crate NAME. A plain use entry never
//     enables both.
//
// symposium writes crate consent as "crate:NAME" (`cargo agents use`, the
// consent prompt), so a plugin appearing later under that name does not
// change what an entry means.
type Consent struct {
	AutoEnable []string   // dependency names whose embedded plugins load without asking; "*" = all
	Use        []UseEntry // plugins enabled deliberately (`cargo agents use`)
	Disable    []string   // names never enabled, whatever else says
}

// CratePrefix starts a [plugins] entry that names a crate's embedded
// plugin, not a plugin of a plugin source.
const CratePrefix = "crate:"

// CrateEntry is the [plugins] entry naming crate name's embedded plugin.
func CrateEntry(name string) string { return CratePrefix + name }

// SplitEntry splits a [plugins] entry into the name it holds and whether
// it names a crate ("crate:NAME").
func SplitEntry(entry string) (name string, crate bool) {
	e := strings.TrimSpace(entry)
	if len(e) > len(CratePrefix) && strings.EqualFold(e[:len(CratePrefix)], CratePrefix) {
		return strings.TrimSpace(e[len(CratePrefix):]), true
	}
	return e, false
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

// entryMatches reports whether entry names name: a plain entry always
// (when plain), a "crate:" one only when crate.
func entryMatches(entry, name string, crate, plain bool) bool {
	n, isCrate := SplitEntry(entry)
	if isCrate && !crate || !isCrate && !plain {
		return false
	}
	return NormName(n) == NormName(name)
}

func hasName(list []string, name string, crate, plain bool) bool {
	for _, x := range list {
		if entryMatches(x, name, crate, plain) {
			return true
		}
	}
	return false
}

// Disabled reports whether [plugins] disable names the plugin name of a
// plugin source: a plain entry ("crate:NAME" is the crate's only).
func (c Consent) Disabled(name string) bool { return hasName(c.Disable, name, false, true) }

// CrateDisabled reports whether [plugins] disable names crate name's
// embedded plugin: "crate:NAME", or a plain NAME (never, whatever it is).
func (c Consent) CrateDisabled(name string) bool { return hasName(c.Disable, name, true, true) }

// AutoEnabled reports whether [plugins] auto-enable consents to the
// plugin embedded in dependency name (by name, "crate:NAME", or "*").
func (c Consent) AutoEnabled(name string) bool {
	return hasName(c.AutoEnable, "*", false, true) || hasName(c.AutoEnable, name, true, true)
}

// Used returns the use entry that enables the plugin name of a plugin
// source in the workspace at root: a plain entry, one scoped to root
// before an unscoped one.
func (c Consent) Used(name, root string) (UseEntry, bool) {
	return c.used(name, root, false, true)
}

// CrateUsed returns the use entry that enables crate name's embedded
// plugin: "crate:NAME", or a plain NAME when plain (no plugin of a
// plugin source has that name, so a plain entry means the crate).
func (c Consent) CrateUsed(name, root string, plain bool) (UseEntry, bool) {
	return c.used(name, root, true, plain)
}

func (c Consent) used(name, root string, crate, plain bool) (UseEntry, bool) {
	var global *UseEntry
	for i, u := range c.Use {
		if !entryMatches(u.Name, name, crate, plain) {
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

// Root words the enablement root of a use entry, as status prints it:
// a "crate:" entry is named, so it reads apart from a plain one.
func (u UseEntry) Root() string {
	root := "[plugins] use"
	if _, crate := SplitEntry(u.Name); crate {
		root += " " + strings.TrimSpace(u.Name)
	}
	if u.Workspace == "" {
		return root
	}
	return root + " (workspace " + u.Workspace + ")"
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
			if !ok || emptyEntry(s) {
				return nil, pos.Errorf(path, lineOf(data, key), 0, "[plugins] %s must be an array of names, e.g. %s = [\"widget-lib\", \"crate:widget\"]", key, key)
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
			if emptyEntry(u) {
				return c, pos.Errorf(path, lineOf(data, "use"), 0, "[plugins] use has an empty name")
			}
			c.Use = append(c.Use, UseEntry{Name: u})
		case map[string]any:
			name, _ := u["name"].(string)
			ws, wsOK := u["workspace"].(string)
			_, hasWS := u["workspace"]
			if emptyEntry(name) || (hasWS && !wsOK) || len(u) > 2 || (len(u) == 2 && !hasWS) {
				return c, pos.Errorf(path, lineOf(data, "use"), 0, "[plugins] use entries are a name or { name = \"...\", workspace = \"/path\" }")
			}
			if hasWS && !filepath.IsAbs(ws) {
				return c, pos.Errorf(path, lineOf(data, "use"), 0, "[plugins] use %q: workspace %q must be an absolute path", name, ws)
			}
			c.Use = append(c.Use, UseEntry{Name: name, Workspace: ws})
		default:
			return c, pos.Errorf(path, lineOf(data, "use"), 0, "[plugins] use entries are a name or { name = \"...\", workspace = \"/path\" }")
		}
	}
	return c, nil
}

// emptyEntry reports an entry that names nothing: blank, or "crate:" alone.
func emptyEntry(s string) bool {
	t := strings.TrimSpace(s)
	return t == "" || strings.EqualFold(t, CratePrefix)
}

type filePlugins struct {
	AutoEnable []any `toml:"auto-enable"`
	Use        []any `toml:"use"`
	Disable    []any `toml:"disable"`
}
