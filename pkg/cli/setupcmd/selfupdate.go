package setupcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/selfupdate"
	"github.com/symposium-dev/symposium-go/pkg/updatestate"
)

const selfUpdateUsage = `Usage: cargo agents self-update [-q] [--check]

Installs the newest symposium release over this one: downloads the
archive for this machine from the release feed, checks it against the
release's checksums file, and replaces the six binaries beside
cargo-agents, each in one rename (a hook already running keeps its old
binary; a failed or interrupted update leaves the old ones working).

A copy installed by Homebrew, Scoop, a distribution package or built from
source is not replaced: the command that updates it is named instead.

  --check    only say whether a newer release exists
  -q         print nothing but errors

The feed is ` + selfupdate.DefaultBase + `,
or the base URL in $` + selfupdate.BaseEnv + ` (docs/release.md). auto-update in
config.toml ("on", "warn", "off") decides what other commands do about
updates (at most one check a day).
`

func runSelfUpdate(stdio cli.Stdio, g *globals, args []string) error {
	fs := flag.NewFlagSet("cargo agents self-update", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	check := fs.Bool("check", false, "")
	auto := fs.String("auto", "", "") // on|warn: cargo-agents' daily check (docs/release.md)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdio.Out, selfUpdateUsage)
			return nil
		}
		return cli.Usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return cli.Usagef("self-update takes no arguments")
	}
	o, err := updateOptions()
	if err != nil {
		return err
	}
	ctx := context.Background()
	switch {
	case *auto != "":
		autoUpdate(ctx, stdio, o, *auto)
		return nil
	case *check:
		return checkOnly(ctx, stdio, o, g.Quiet)
	}
	res, err := selfupdate.Update(ctx, o)
	if err != nil {
		return err
	}
	if !g.Quiet {
		if !res.Updated {
			fmt.Fprintf(stdio.Out, "symposium %s is up to date (newest release: %s)\n", res.From, res.To)
		} else {
			fmt.Fprintf(stdio.Out, "updated symposium %s → %s in %s\n%s\n", res.From, res.To, res.Dir, res.NewVersion)
		}
	}
	return nil
}

func updateOptions() (selfupdate.Options, error) {
	dirs, err := userconf.Dirs()
	if err != nil {
		return selfupdate.Options{}, err
	}
	exe := cli.Executable()
	if exe == "" {
		return selfupdate.Options{}, fmt.Errorf("cannot find the running executable")
	}
	return selfupdate.Options{
		Feed:    selfupdate.Feed{Base: selfupdate.Base(os.Getenv)},
		Current: buildinfo.Version, Release: buildinfo.IsRelease(),
		Exe: exe, Home: dirs.Config,
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH,
	}, nil
}

func checkOnly(ctx context.Context, stdio cli.Stdio, o selfupdate.Options, quiet bool) error {
	latest, err := selfupdate.Check(ctx, o)
	if err != nil {
		return err
	}
	if nudge := (updatestate.State{Latest: latest}).Nudge(o.Current); nudge != "" {
		fmt.Fprintf(stdio.Out, "symposium %s is available (this is %s): run `cargo agents self-update`\n", latest, o.Current)
	} else if !quiet {
		fmt.Fprintf(stdio.Out, "symposium %s is up to date (newest release: %s)\n", o.Current, latest)
	}
	return nil
}

// autoUpdate is the daily check cargo-agents runs before an explicit
// command (mode: the config's auto-update, on or warn). It never fails
// the command: what goes wrong is a warning on stderr. When it installed
// a release, it prints `updated VERSION` on stdout, and cargo-agents runs
// the command again with the new binary.
func autoUpdate(ctx context.Context, stdio cli.Stdio, o selfupdate.Options, mode string) {
	warn := func(format string, args ...any) {
		fmt.Fprintf(stdio.Err, "cargo agents: "+format+"\n", args...)
	}
	how := "run `cargo agents self-update` to upgrade"
	_, err := o.Installed()
	var managed *selfupdate.ManagedError
	if errors.As(err, &managed) {
		how = "update it with " + managed.Command
	}
	if mode != "on" || managed != nil {
		latest, err := selfupdate.Check(ctx, o)
		if err != nil {
			selfupdate.Record(o, "") // once a day, even offline
		} else if updatestate.Newer(latest, o.Current) {
			warn("symposium %s is available (this is %s); %s", latest, o.Current, how)
		}
		return
	}
	res, err := selfupdate.Update(ctx, o)
	if err != nil {
		if res.To == "" {
			selfupdate.Record(o, "")
		}
		warn("warning: auto-update failed: %v (symposium %s keeps working; auto-update = \"off\" in config.toml stops these checks)", err, o.Current)
		return
	}
	if res.Updated {
		warn("updated symposium %s → %s (auto-update)", res.From, res.To)
		fmt.Fprintf(stdio.Out, "updated %s\n", res.To)
	}
}
