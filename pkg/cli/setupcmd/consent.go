package setupcmd

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/consent"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
)

const consentUsage = `Usage: sym-install consent [-q] [--auto-enable CRATE]... [--disable CRATE]...

Records answers to the consent prompt of cargo agents sync in the user
config's [plugins] table: auto-enable lists the crates whose embedded
plugin may run, disable those never to ask about again. Each is recorded
as crate:CRATE, so that an answer about a crate never reaches a plugin
source's plugin of the same name. The file keeps its comments and order. cargo agents sync runs this after asking; use
cargo agents use NAME to enable a plugin by hand.
`

func runConsent(stdio cli.Stdio, g *globals, args []string) error {
	fs := flag.NewFlagSet("cargo agents consent", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var enable, disable multiFlag
	fs.Var(&enable, "auto-enable", "")
	fs.Var(&disable, "disable", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdio.Out, consentUsage)
			return nil
		}
		return cli.Usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return cli.Usagef("unexpected argument %q (name crates with --auto-enable or --disable)", fs.Arg(0))
	}
	dirs, err := userconf.Dirs()
	if err != nil {
		return err
	}
	err = consent.Edit(dirs, func(d *fileedit.TOML) (bool, error) {
		changed := false
		for _, list := range []struct {
			key   string
			names []string
		}{{"auto-enable", enable}, {"disable", disable}} {
			for _, n := range list.names {
				if _, crate := config.SplitEntry(n); !crate {
					n = config.CrateEntry(n)
				}
				c, err := consent.AddName(d, list.key, n)
				if err != nil {
					return false, err
				}
				changed = changed || c
			}
		}
		return changed, nil
	})
	if err != nil {
		return err
	}
	g.log.Printf(logfile.Info, "consent recorded in %s: auto-enable %v, disable %v", dirs.ConfigFile(), enable, disable)
	return nil
}
