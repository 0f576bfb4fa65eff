// Package symdeps is the sym-deps command: flags, wiring and exit codes.
//
// sym-deps writes a workspace record and then one dep record per direct
// dependency of each workspace member (docs/streams.md, "sym-deps"). The work
// is pkg/cargo's; this package only parses flags and prints.
package symdeps

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/symposium-dev/symposium-go/pkg/cargo"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
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

// Main runs sym-deps with args (without the program name) and returns the exit code.
func Main(stdio cli.Stdio, args []string) int {
	if cli.PrintVersion(stdio, "sym-deps", args) {
		return cli.ExitOK
	}
	fs := flag.NewFlagSet(prog, flag.ContinueOnError)
	manifest := fs.String("manifest-path", "", "the workspace's (or a member's) Cargo.toml, instead of searching up from the current directory")
	useCargo := fs.Bool("cargo-metadata", false, "run `cargo metadata --offline` instead of reading the manifests and lock directly")
	jsonDiag := fs.Bool("json", false, "write errors and warnings to stderr as JSON records")
	if help, err := cli.ParseFlags(fs, args, stdio.Out, func(w io.Writer) { fmt.Fprint(w, usage) }); help || err != nil {
		return cli.Report(stdio.Err, prog, err)
	}
	if fs.NArg() > 0 {
		return cli.Report(stdio.Err, prog, cli.Usagef("unexpected argument %q", fs.Arg(0)))
	}
	err := run(stdio, cargo.Options{ManifestPath: *manifest}, *useCargo, *jsonDiag)
	code := cli.ExitFailure
	if err != nil && *jsonDiag && !errors.Is(err, cli.ErrSilent) {
		cli.Diag{W: stdio.Err, Prog: prog, JSON: true}.Error(err)
	} else {
		code = cli.Report(stdio.Err, prog, err)
	}
	if errors.Is(err, cargofind.ErrNotFound) {
		return cli.ExitNoWorkspace
	}
	return code
}

func run(stdio cli.Stdio, opts cargo.Options, useCargo, jsonDiag bool) error {
	var res *cargo.Result
	var err error
	if useCargo {
		res, err = cargo.CargoMetadata(context.Background(), cargo.MetadataOptions{Options: opts})
	} else {
		res, err = cargo.Load(opts)
	}
	if err != nil {
		return err
	}
	diag := cli.Diag{W: stdio.Err, Prog: prog, JSON: jsonDiag}
	for _, w := range res.Warnings {
		diag.Warn(w.String())
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
