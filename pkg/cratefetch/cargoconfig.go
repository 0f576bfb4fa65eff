package cratefetch

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// cratesIOGit is the lock source of crates.io packages (and its old git
// index, which cargo now reads through the sparse one).
const cratesIOGit = "https://github.com/rust-lang/crates.io-index"

// registry is where a crate comes from when no cache has it: a sparse
// index, or a source replacement on disk (cargo vendor's directory, a
// local registry of .crate files).
type registry struct {
	name          string // for messages: "crates-io" or the replacing source's name
	index         string // sparse index base URL, ending in "/"
	directory     string // absolute; crates unpacked as <name>-<version>/ or <name>/
	localRegistry string // absolute; holds <name>-<version>.crate
	file          string // the cargo config that named it, for messages
}

// rawConfig is the part of one cargo config file that decides where
// crates come from.
type rawConfig struct {
	Source map[string]struct {
		ReplaceWith   string `toml:"replace-with"`
		Registry      string `toml:"registry"`
		Directory     string `toml:"directory"`
		LocalRegistry string `toml:"local-registry"`
	} `toml:"source"`
	Registries map[string]struct {
		Index string `toml:"index"`
	} `toml:"registries"`
}

// sourceDef is one [source.NAME] after merging, each field from the most
// specific file that sets it, with that file for messages and relative
// paths.
type sourceDef struct {
	replaceWith, registry, directory, localRegistry string
	file                                            string // where replace-with was set
	pathFile                                        string // where directory or local-registry was set
}

type cargoConfig struct {
	sources    map[string]*sourceDef
	registries map[string]string // name -> index
	regFile    map[string]string // name -> the file that set it
}

// configFiles lists the cargo config files that apply in workDir, most
// specific first, as cargo reads them: .cargo/config(.toml) in workDir and
// each parent, then $CARGO_HOME's. In a directory holding both, cargo
// reads the extensionless one.
func configFiles(workDir, home string) []string {
	var dirs []string
	if workDir != "" {
		if abs, err := filepath.Abs(workDir); err == nil {
			for d := abs; ; d = filepath.Dir(d) {
				dirs = append(dirs, filepath.Join(d, ".cargo"))
				if filepath.Dir(d) == d {
					break
				}
			}
		}
	}
	if home != "" {
		if abs, err := filepath.Abs(home); err == nil {
			dirs = append(dirs, abs)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, d := range dirs {
		if seen[d] {
			continue // $CARGO_HOME is ~/.cargo, already read as a parent's
		}
		seen[d] = true
		for _, name := range []string{"config", "config.toml"} {
			if file := filepath.Join(d, name); isRegularFollow(file) {
				out = append(out, file)
				break
			}
		}
	}
	return out
}

func isRegularFollow(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// loadCargoConfig merges the config files of configFiles.
func loadCargoConfig(workDir, home string) (cargoConfig, error) {
	cfg := cargoConfig{sources: map[string]*sourceDef{}, registries: map[string]string{}, regFile: map[string]string{}}
	for _, file := range configFiles(workDir, home) {
		data, err := os.ReadFile(file)
		if err != nil {
			return cfg, fmt.Errorf("reading %s: %w", file, err)
		}
		var raw rawConfig
		if err := toml.Unmarshal(data, &raw); err != nil {
			return cfg, fmt.Errorf("reading %s: %w", file, err)
		}
		for name, s := range raw.Source {
			d := cfg.sources[name]
			if d == nil {
				d = &sourceDef{}
				cfg.sources[name] = d
			}
			if d.replaceWith == "" && s.ReplaceWith != "" {
				d.replaceWith, d.file = s.ReplaceWith, file
			}
			if d.registry == "" && s.Registry != "" {
				d.registry = s.Registry
				if d.file == "" {
					d.file = file
				}
			}
			if d.directory == "" && d.localRegistry == "" && (s.Directory != "" || s.LocalRegistry != "") {
				d.directory, d.localRegistry, d.pathFile = s.Directory, s.LocalRegistry, file
			}
		}
		for name, r := range raw.Registries {
			if _, ok := cfg.registries[name]; !ok && r.Index != "" {
				cfg.registries[name], cfg.regFile[name] = r.Index, file
			}
		}
	}
	return cfg, nil
}

// configPath resolves a path from a config file as cargo does: relative
// to the directory holding the .cargo directory (for $CARGO_HOME/config,
// the one holding $CARGO_HOME).
func configPath(file, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(filepath.Dir(filepath.Dir(file)), p)
}

// registryFor resolves where a crate with Cargo.lock source c.Source comes
// from, following crates.io's source replacement. Only sparse indexes and
// local sources can be read; anything else is unavailable with the reason.
func (f *Fetcher) registryFor(c Crate) (registry, error) {
	unavailable := func(format string, args ...any) (registry, error) {
		return registry{}, &UnavailableError{Crate: c, Reason: fmt.Sprintf(format, args...)}
	}
	src := c.Source
	switch {
	case src == "", src == "registry+"+cratesIOGit, src == CratesIOIndex:
	case strings.HasPrefix(src, "sparse+"):
		idx, err := sparseURL(src)
		if err != nil {
			return unavailable("Cargo.lock source %q: %v", src, err)
		}
		return registry{name: idx, index: idx}, nil
	case strings.HasPrefix(src, "registry+"):
		return unavailable("its registry %s has a git index, which only cargo reads", strings.TrimPrefix(src, "registry+"))
	default:
		return unavailable("it comes from %q, not a registry", src)
	}

	cfg, err := loadCargoConfig(f.WorkDir, f.cargoHome())
	if err != nil {
		return unavailable("%v", err)
	}
	name, file := "crates-io", ""
	seen := map[string]bool{}
	for {
		s := cfg.sources[name]
		if s == nil || s.replaceWith == "" {
			break
		}
		if seen[name] {
			return unavailable("%s: [source.%s] replace-with loops", s.file, name)
		}
		seen[name] = true
		name, file = s.replaceWith, s.file
	}
	if name == "crates-io" {
		return f.cratesIO(c)
	}
	s := cfg.sources[name]
	if s == nil {
		s = &sourceDef{}
	}
	where := s.registry
	switch {
	case where != "":
	case s.directory != "":
		return registry{name: name, directory: configPath(s.pathFile, s.directory), file: s.pathFile}, nil
	case s.localRegistry != "":
		return registry{name: name, localRegistry: configPath(s.pathFile, s.localRegistry), file: s.pathFile}, nil
	case cfg.registries[name] != "":
		where, file = cfg.registries[name], cfg.regFile[name]
	default:
		return unavailable("%s replaces crates.io with %q, which is not defined there", file, name)
	}
	if where == cratesIOGit || where == "registry+"+cratesIOGit {
		return f.cratesIO(c)
	}
	if !strings.HasPrefix(where, "sparse+") {
		return unavailable("%s: source %q uses the git index %s, which only cargo reads", file, name, where)
	}
	idx, err := sparseURL(where)
	if err != nil {
		return unavailable("%s: source %q: %v", file, name, err)
	}
	return registry{name: name, index: idx}, nil
}

func (f *Fetcher) cratesIO(c Crate) (registry, error) {
	where := f.CratesIO
	if where == "" {
		where = CratesIOIndex
	}
	idx, err := sparseURL(where)
	if err != nil {
		return registry{}, &UnavailableError{Crate: c, Reason: "crates.io index", Err: err}
	}
	return registry{name: "crates-io", index: idx}, nil
}

// sparseURL turns "sparse+https://host/path" into the index base URL with
// a trailing slash, refusing schemes other than http and https.
func sparseURL(s string) (string, error) {
	raw := strings.TrimPrefix(s, "sparse+")
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%q is not an http(s) index URL", raw)
	}
	if !strings.HasSuffix(raw, "/") {
		raw += "/"
	}
	return raw, nil
}
