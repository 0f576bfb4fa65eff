package acquire

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// CommandTimeout bounds each install command.
var CommandTimeout = 10 * time.Minute

// runCommands runs in's install_commands (upstream: "Shell commands run
// (in order) after the source step … Each command must exit zero") with
// sh, in dir: the installation's directory being made, so what they write
// there is part of it and a failure leaves nothing. sym-match emits them
// only for a plugin the user trusts; each is announced before it runs.
// SYMPOSIUM_INSTALL_DIR is where dir will be once complete.
func runCommands(ctx context.Context, in stream.Installation, dir string, opts Options) error {
	for i, line := range in.InstallCommands {
		opts.log("installation %s (%s): running install command %q in %s", in.Name, in.File, line, dir)
		fmt.Fprintf(opts.Progress, "installing %s: running install command %d of %d from %s: %s\n", in.Name, i+1, len(in.InstallCommands), in.File, line)
		if err := runCommand(ctx, line, dir, in.Dir); err != nil {
			opts.log("installation %s: install command %q failed: %v", in.Name, line, err)
			return fmt.Errorf("install command %q: %v", line, err)
		}
	}
	return nil
}

func runCommand(ctx context.Context, line, dir, final string) error {
	ctx, cancel := context.WithTimeout(ctx, CommandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, proc.Shell(), "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SYMPOSIUM_INSTALL_DIR="+final)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	proc.OwnGroup(cmd) // a timeout takes what it started with it
	cmd.WaitDelay = time.Second
	err := proc.Run(cmd)
	proc.KillGroup(cmd)
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("did not finish within %s", CommandTimeout)
	case err != nil:
		tail := strings.TrimSpace(out.String())
		if len(tail) > 500 {
			tail = "…" + tail[len(tail)-500:]
		}
		if tail != "" {
			return fmt.Errorf("%v: %s", err, tail)
		}
		return err
	}
	return nil
}
