// Package userdirs is where symposium keeps its files: the config, the
// cache (the sync records among them) and the logs, from
// $SYMPOSIUM_HOME, the XDG variables or ~/.symposium. pkg/config builds
// its Dirs from it, and the lean sym-hook (pkg/hookfast), which links no
// config parser, finds the same records with it.
package userdirs

import "path/filepath"

// Dirs are symposium's three directories.
type Dirs struct {
	Config, Cache, Logs string
}

// Resolve applies SYMPOSIUM_HOME > XDG > ~/.symposium, with getenv and the
// home directory as the caller read them (home is not needed when
// SYMPOSIUM_HOME is set).
func Resolve(getenv func(string) string, home string) Dirs {
	if sh := getenv("SYMPOSIUM_HOME"); sh != "" {
		return Dirs{Config: sh, Cache: filepath.Join(sh, "cache"), Logs: filepath.Join(sh, "logs")}
	}
	base := filepath.Join(home, ".symposium")
	d := Dirs{Config: base, Cache: filepath.Join(base, "cache"), Logs: filepath.Join(base, "logs")}
	if x := getenv("XDG_CONFIG_HOME"); x != "" {
		d.Config = filepath.Join(x, "symposium")
	}
	if x := getenv("XDG_CACHE_HOME"); x != "" {
		d.Cache = filepath.Join(x, "symposium")
	}
	if x := getenv("XDG_STATE_HOME"); x != "" {
		d.Logs = filepath.Join(x, "symposium", "logs")
	}
	return d
}

// ConfigFile is the path of config.toml in the config directory.
func ConfigFile(configDir string) string { return filepath.Join(configDir, "config.toml") }
