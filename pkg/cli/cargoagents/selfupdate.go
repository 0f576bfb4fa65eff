package cargoagents

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
	"github.com/symposium-dev/symposium-go/pkg/updatestate"
)

// updatedEnv marks a command run again by the binary an auto-update just
// installed, which does not check again.
const updatedEnv = "SYMPOSIUM_UPDATED"

// autoUpdate is config.toml's auto-update before an explicit command
// (never the hook, never on a build from source): at most once per
// updatestate.CheckInterval, sym-install asks the release feed; with "on"
// it installs a newer release and the command runs again with it (ok
// true, the new run's exit code), with "warn" it says so. The check's own
// failures are warnings: the command goes on. A run for a machine
// (--json) is not held up by it.
func autoUpdate(stdio cli.Stdio, g *globals, argv []string, command string, rest []string) (code int, ok bool) {
	if !buildinfo.IsRelease() || os.Getenv(updatedEnv) != "" || cmdlog.AsksHelp(rest) || g.JSON || slices.Contains(argv, "--json") {
		return 0, false
	}
	switch command {
	case "hook", "self-update", "help":
		return 0, false
	}
	dirs, err := userconf.Dirs()
	if err != nil {
		return 0, false
	}
	cfg, _, err := config.Load(dirs)
	if err != nil || (cfg.SelfUpdate != "on" && cfg.SelfUpdate != "warn") {
		return 0, false
	}
	if !updatestate.Read(dirs.Config).Due(time.Now()) {
		return 0, false
	}
	exe, err := selfexe.Find(cli.Executable(), "sym-install")
	if err != nil {
		return 0, false
	}
	var out bytes.Buffer
	cmd := exec.Command(exe, "self-update", "--auto", cfg.SelfUpdate)
	cmd.Stdout, cmd.Stderr = &out, stdio.Err
	if cmd.Run() != nil || !strings.HasPrefix(out.String(), "updated ") {
		return 0, false
	}
	return rerun(stdio, argv, strings.TrimSpace(strings.TrimPrefix(out.String(), "updated "))), true
}

// rerun runs this command again with the executable now installed at our
// path (a new process: portable, and stdin has not been read yet).
func rerun(stdio cli.Stdio, argv []string, version string) int {
	exe := cli.Executable()
	var err error
	if exe != "" {
		cmd := exec.Command(exe, argv...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdio.In, stdio.Out, stdio.Err
		cmd.Env = append(os.Environ(), updatedEnv+"="+version)
		err = cmd.Run()
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	return cli.Report(stdio.Err, prog, err)
}
