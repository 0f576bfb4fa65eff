package cratesrc

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

// registry is where a crate is downloaded from.
type registry struct {
	name  string // for messages: "crates-io" or the replacing source's name
	index string // sparse index base URL, ending in "/"
}

// cargoConfig is the part of cargo's config.toml that decides where
// crates come from.
type cargoConfig struct {
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

// loadCargoConfig reads $CARGO_HOME/config.toml, or the extensionless
// config that cargo prefers when both exist. A missing file is an empty
// config.
func loadCargoConfig(home string) (cargoConfig, string, error) {
	var cfg cargoConfig
	if home == "" {
		return cfg, "", nil
	}
	for _, name := range []string{"config", "config.toml"} {
		file := filepath.Join(home, name)
		data, err := os.ReadFile(file)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return cfg, file, err
		}
		if err := toml.Unmarshal(data, &cfg); err != nil {
			return cfg, file, err
		}
		return cfg, file, nil
	}
	return cfg, "", nil
}

// registryFor resolves the registry a crate with Cargo.lock source src is
// downloaded from, following crates.io's source replacement. Only sparse
// indexes can be read; anything else is unavailable with the reason.
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

	cfg, file, err := loadCargoConfig(f.cargoHome())
	if err != nil {
		return unavailable("reading %s: %v", file, err)
	}
	name := "crates-io"
	seen := map[string]bool{}
	for {
		s, ok := cfg.Source[name]
		if !ok || s.ReplaceWith == "" {
			break
		}
		if seen[name] {
			return unavailable("%s: [source.%s] replace-with loops", file, name)
		}
		seen[name] = true
		name = s.ReplaceWith
	}
	if name == "crates-io" {
		return f.cratesIO(c)
	}
	s := cfg.Source[name]
	where := s.Registry
	switch {
	case where != "":
	case cfg.Registries[name].Index != "":
		where = cfg.Registries[name].Index
	case s.Directory != "" || s.LocalRegistry != "":
		return unavailable("%s replaces crates.io with the local source %q, which only cargo reads", file, name)
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
