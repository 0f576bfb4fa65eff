// Package symdeps is the sym-deps command: flags, wiring and exit codes.
//
// sym-deps writes a workspace record and then one dep record per direct
// dependency of each workspace member (docs/streams.md, "sym-deps"). The work
// is pkg/cargows's; this package only parses flags and prints.
package symdeps

import (
	"context"
	"errors"
	"flag"

	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/cargows"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

const prog = "sym-deps"

const usage = `usage: sym-deps [--manifest-path PATH] [--cargo-metadata] [--json]

Lists the direct dependencies of every member of the Rust workspace that
contains the current directory (or PATH), as newline-delimited JSON: one
"workspace" record, then one "dep" record per (member, crate, version, kind).
It reads Cargo.toml and Cargo.lock itself; --cargo-metadata asks cargo instead.

Flags:
`

// program is sym-deps' command line.
var program = cli.Program{Name: prog, Entry: cli.Command{Help: usage, Flags: flags}}

// Main runs sym-deps with args (without the program name) and returns the exit code.
func Main(stdio cli.Stdio, args []string) int { return cli.Main(stdio, program, args) }

func flags(fs *flag.FlagSet) func(cli.Stdio, []string) error {
	manifest := fs.String("manifest-path", "", "the workspace's (or a member's) Cargo.toml, instead of searching up from the current directory")
	useCargo := fs.Bool("cargo-metadata", false, "run `cargo metadata --offline` instead of reading the manifests and lock directly")
	jsonDiag := fs.Bool("json", false, "write errors and warnings to stderr as JSON records")
	return func(stdio cli.Stdio, args []string) error {
		if len(args) > 0 {
			return cli.Usagef("unexpected argument %q", args[0])
		}
		err := run(stdio, cargows.Options{ManifestPath: *manifest}, *useCargo, *jsonDiag)
		if errors.Is(err, cargofind.ErrNotFound) {
			// The pipeline tells "no workspace" from a broken one by the code.
			return &cli.ExitCodeError{Code: cli.ExitNoWorkspace, Err: err}
		}
		return err
	}
}

func run(stdio cli.Stdio, opts cargows.Options, useCargo, jsonDiag bool) error {
	var res *cargows.Result
	var err error
	if useCargo {
		res, err = cargows.CargoMetadata(context.Background(), cargows.MetadataOptions{Options: opts})
	} else {
		res, err = cargows.Load(opts)
	}
	if err != nil {
		return err
	}
	diag := cli.Diag{W: stdio.Err, Prog: prog, JSON: jsonDiag}
	for _, w := range res.Warnings {
		diag.Warn(w)
	}
	out := stream.NewWriter(stdio.Out)
	if err := out.Write(res.Workspace); err != nil {
		return err
	}
	for _, d := range res.Deps {
		if err := out.Write(d); err != nil {
			return err
		}
	}
	return out.Flush()
}
