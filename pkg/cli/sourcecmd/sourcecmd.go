// Package sourcecmd holds the cargo-agents subcommands that read plugin
// sources and compare versions: `plugin list|show|validate|sync` and
// `crate-info`. They run inside sym-match, which links the manifest
// parsers and the semver library anyway; cargo-agents runs them there, so
// that its own start-up, paid on every agent hook call, carries neither.
package sourcecmd

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Globals are cargo-agents' global options, passed down in the
// environment (cli.EnvUpdate, cli.EnvQuiet).
type Globals struct {
	Quiet  bool
	Update string
}

// Commands maps each subcommand name to its implementation.
var Commands = map[string]func(stdio cli.Stdio, g Globals, args []string) error{
	"plugin":     runPlugin,
	"crate-info": runCrateInfo,
}

// GlobalsFromEnv reads the options cargo-agents passed.
func GlobalsFromEnv() Globals {
	g := Globals{Quiet: os.Getenv(cli.EnvQuiet) == "1", Update: os.Getenv(cli.EnvUpdate)}
	if g.Update == "" {
		g.Update = "none"
	}
	return g
}
