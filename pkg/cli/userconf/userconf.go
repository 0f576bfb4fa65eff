// Package userconf finds the user's symposium directories and config.toml
// from the environment (SYMPOSIUM_HOME, the XDG variables, HOME): the
// edge's part of what pkg/config resolves and parses. It is apart from
// pkg/cli so that a binary that needs no config (sym-deps) links none.
package userconf

import (
	"fmt"
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// Dirs resolves symposium's directories from the environment:
// SYMPOSIUM_HOME > XDG > ~/.symposium (config.ResolveDirs).
func Dirs() (config.Dirs, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return config.Dirs{}, fmt.Errorf("finding the home directory: %w (set HOME or SYMPOSIUM_HOME)", err)
	}
	return config.ResolveDirs(os.Getenv, home), nil
}

// Load resolves the directories (Dirs) and loads the user's
// config.toml, passing each warning to warn; the central source's URL is
// $SYMPOSIUM_RECOMMENDATIONS_URL when set.
func Load(warn func(pos.Warning)) (config.Dirs, *config.Config, error) {
	d, err := Dirs()
	if err != nil {
		return d, nil, err
	}
	d, cfg, err := config.LoadUser(d, warn)
	if cfg != nil {
		cfg.RecommendationsGit = os.Getenv(cli.EnvRecommendationsURL)
	}
	return d, cfg, err
}
