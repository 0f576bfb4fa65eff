package cargoagents

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/pos"
)

const telemetryUsage = `Usage: cargo agents telemetry [status|enable|disable|show]

Upstream symposium can record anonymous usage events locally when
[telemetry] enabled = true. This version records none and sends none, ever:
the [telemetry] table of config.toml is accepted (so a config upstream's
init wrote loads without warnings) and has no effect.

  status   (the default) say so, and what config.toml has
  disable  nothing to do: nothing is recorded
  enable   refused: there is nothing to turn on
  show     print the recorded events: there are none
`

// runTelemetry answers upstream's `cargo agents telemetry` honestly: this
// version has no telemetry to turn on, show or send.
func runTelemetry(stdio cli.Stdio, g *globals, args []string) error {
	sub := "status"
	if len(args) > 0 {
		sub = args[0]
	}
	switch sub {
	case "-h", "--help", "help":
		fmt.Fprint(stdio.Out, telemetryUsage)
		return nil
	case "status":
		dirs, cfg, err := userconf.Load(func(w pos.Warning) { fmt.Fprintf(stdio.Err, "warning: %s\n", w) })
		if err != nil {
			return err
		}
		fmt.Fprintln(stdio.Out, "telemetry: this version of cargo agents records no telemetry and sends none")
		if cfg.Telemetry {
			fmt.Fprintf(stdio.Out, "  %s sets [telemetry] enabled = true: accepted, and it changes nothing\n", cfg.Path)
		}
		if fi, err := os.Stat(filepath.Join(dirs.Config, "telemetry")); err == nil && fi.IsDir() {
			fmt.Fprintf(stdio.Out, "  %s holds events another version recorded; this one neither reads nor sends them\n", filepath.Join(dirs.Config, "telemetry"))
		}
		return nil
	case "disable":
		if !g.Quiet {
			fmt.Fprintln(stdio.Out, "telemetry is off: this version records and sends none (nothing changed)")
		}
		return nil
	case "enable":
		return fmt.Errorf("this version of cargo agents records no telemetry: there is nothing to enable (nothing changed)")
	case "show":
		fmt.Fprintln(stdio.Err, "no events: this version records no telemetry")
		return nil
	}
	return cli.Usagef("unknown telemetry subcommand %q (status, enable, disable, show)", sub)
}
