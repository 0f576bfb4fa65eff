// Package symhook is the full hook, `cargo agents hook` (the lean sym-hook,
// pkg/hookfast, hands it every call it does not answer itself): it reads
// an agent's hook payload on stdin, runs the matching plugin hooks (pkg/dispatch)
// and answers in the agent's wire format with the agent's exit code.
//
// Unlike every other command, the hook never exits with a usage or runtime
// error code: any non-zero code means "block" or "deny" to some agent. Its
// own failures print one line on stderr and let the agent proceed.
package symhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/dispatch"
	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/selfexe"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// maxPayload bounds what we read from the agent.
const maxPayload = 64 << 20

// Sync runs auto-sync for the workspace containing dir. It defaults to
// running `cargo-agents -q sync` (found beside this executable, then on
// PATH); wiring may replace it with an in-process sync.
var Sync dispatch.SyncFunc = execSync

// usage's AGENT list comes from pkg/agent's one list. It is built when
// asked for, not at package init: every hook call would pay for building
// it (some forty allocations) and almost none prints it.
func usage() string {
	return `Usage: sym-hook AGENT EVENT
       cargo agents hook AGENT EVENT

Reads AGENT's hook payload on stdin, runs the plugin hooks that match EVENT
and prints AGENT's answer, with AGENT's exit code.

` + agent.ListText("  AGENT  ", "         ", agent.WireUsage(), 80) + `
  EVENT  pre-tool-use, post-tool-use, post-tool-use-failure, user-prompt-submit,
         session-start, stop
`
}

// Run is the full hook: `cargo agents hook AGENT EVENT`, which sym-hook
// (pkg/hookfast) runs for every call it does not answer itself. prog is
// the program name used in messages.
func Run(ctx context.Context, stdio cli.Stdio, prog string, args []string) (code int) {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprint(stdio.Out, usage())
		return 0
	}
	if len(args) != 2 {
		// Exit 0 even here: a misregistered hook must not block the agent.
		fmt.Fprintf(stdio.Err, "%s: want AGENT EVENT, got %d arguments\n%s", prog, len(args), usage())
		return 0
	}
	name := args[0]
	event, _ := stream.CanonicalEvent(args[1])
	w, ok := agent.WireFor(name)
	if !ok {
		fmt.Fprintf(stdio.Err, "%s: unknown agent %q (want one of %s)\n", prog, name, strings.Join(agent.WireNames(), ", "))
		return 0
	}
	proceed := func(format string, a ...any) int {
		writeLine(stdio.Out, w.Proceed(event))
		fmt.Fprintf(stdio.Err, "%s: "+format+"\n", append([]any{prog}, a...)...)
		return w.ProceedExit()
	}
	// A bug of ours must not block the agent either (Antigravity denies a
	// tool call on a crash or on empty output).
	defer func() {
		if v := recover(); v != nil {
			code = proceed("internal error: %v", v)
		}
	}()
	if event == "" {
		return proceed("unknown event %q (want pre-tool-use, post-tool-use, post-tool-use-failure, user-prompt-submit, session-start or stop)", args[1])
	}
	payload, err := io.ReadAll(io.LimitReader(stdio.In, maxPayload))
	if err != nil {
		return proceed("reading the payload: %v", err)
	}
	dirs, err := userconf.Dirs()
	if err != nil {
		return proceed("%v", err)
	}
	res := dispatch.Run(ctx, dispatch.Options{
		Agent:   name,
		Event:   event,
		Payload: payload,
		Dirs:    dirs,
		Getwd:   os.Getwd, // only when the payload's cwd is missing or not a directory
		Version: buildinfo.Version,
		Release: buildinfo.IsRelease(),
		Sync:    Sync,
		// Read here, at the edge: pkg/dispatch reads no environment.
		DeadlineSetting: os.Getenv(dispatch.DeadlineEnv),
		LookupEnv:       os.LookupEnv,
	})
	writeLine(stdio.Out, res.Stdout)
	if len(res.Stderr) > 0 {
		stdio.Err.Write(res.Stderr)
	}
	return res.Exit
}

// writeLine writes b, ending it with a newline when it has none.
func writeLine(w io.Writer, b []byte) {
	if len(b) == 0 {
		return
	}
	if b[len(b)-1] != '\n' {
		b = append(b[:len(b):len(b)], '\n')
	}
	w.Write(b)
}

// autoSyncTimeout bounds one auto-sync from the hook path.
const autoSyncTimeout = 20 * time.Second

// execSync runs `cargo-agents -q sync` in dir.
func execSync(ctx context.Context, dir string) error {
	exe, err := selfexe.Find(cli.Executable(), "cargo-agents")
	if err != nil {
		return err
	}
	// The sync must leave time for the plugin hooks within the call's
	// deadline, and take its stage processes (and git) with it when killed.
	ctx, cancel := context.WithTimeout(ctx, autoSyncTimeout)
	defer cancel()
	// offline: the hook path never waits on the network; a source not
	// cloned yet waits for the next explicit sync.
	cmd := exec.CommandContext(ctx, exe, "-q", "--update", "offline", "sync")
	proc.OwnGroup(cmd)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := proc.Run(cmd); err != nil {
		msg := strings.TrimSpace(out.String())
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
		return fmt.Errorf("cargo-agents sync: %w: %s", err, msg)
	}
	return nil
}
