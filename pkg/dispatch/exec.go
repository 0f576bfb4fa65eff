package dispatch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// cmdResult is how one plugin hook ran.
type cmdResult struct {
	code           int // exit code; -1 when killed by a signal
	stdout, stderr []byte
	timedOut       bool
	timeout        time.Duration
	took           time.Duration
	err            error    // it could not be started
	notes          []string // truncated output, ...
}

// runCommand runs hook h with input on stdin: `sh -c COMMAND` (proc.Shell) with COMMAND's
// leading relative path resolved against the plugin directory, in cwd (or
// the plugin directory when cwd does not exist), in its own process group (job
// object on Windows) that is killed whole when its timeout or the call's
// deadline expires.
func runCommand(ctx context.Context, h *stream.Hook, input []byte, cwd string) cmdResult {
	timeout := DefaultHookTimeout
	if h.Timeout > 0 {
		timeout = time.Duration(h.Timeout) * time.Second
	}
	hctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	var cmd *exec.Cmd
	if len(h.Exec) > 0 {
		// From an installation: an argv sym-match built from checked
		// paths, run as is (no shell, no PATH lookup of the first word).
		prog := h.Exec[0]
		if prog == "sh" {
			prog = proc.Shell() // a script installation
		}
		cmd = exec.CommandContext(hctx, prog, h.Exec[1:]...)
		cmd.Args[0] = h.Exec[0]
	} else {
		cmd = command(hctx, h.Command, h.Dir)
	}
	cmd.Dir = cwd
	if fi, err := os.Stat(cwd); cwd == "" || err != nil || !fi.IsDir() {
		cmd.Dir = h.Dir
	}
	cmd.Env = hookEnv(h)
	cmd.Stdin = bytes.NewReader(input)
	stdout, stderr := &capped{max: MaxOutput}, &capped{max: MaxOutput}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	proc.OwnGroup(cmd)
	// Once the group is killed, stop waiting for pipes a stray grandchild
	// in another group might still hold.
	cmd.WaitDelay = 500 * time.Millisecond

	start := time.Now()
	err := proc.Run(cmd)
	// The hook has answered: whatever it left running in the background
	// would outlive every call (and hold the agent's files), so its group
	// goes too.
	proc.KillGroup(cmd)
	res := cmdResult{stdout: stdout.Bytes(), stderr: stderr.Bytes(), timeout: timeout, took: time.Since(start)}
	for _, c := range []struct {
		name string
		out  *capped
	}{{"stdout", stdout}, {"stderr", stderr}} {
		if c.out.dropped > 0 {
			res.notes = append(res.notes, fmt.Sprintf("%s cut at %d bytes (%d more dropped)", c.name, c.out.max, c.out.dropped))
		}
	}
	var exitErr *exec.ExitError
	switch {
	case hctx.Err() != nil:
		res.timedOut, res.code = true, -1
		if ctx.Err() != nil {
			res.timeout = res.took.Round(time.Millisecond) // the call's deadline hit first
		}
	case err == nil:
		res.code = 0
	case errors.As(err, &exitErr):
		res.code = exitErr.ExitCode()
	case errors.Is(err, exec.ErrWaitDelay):
		res.code = 0
	default:
		res.err, res.code = err, -1
	}
	return res
}

// command runs line with `sh -c`, or directly when it is plain words
// (./scripts/check.sh --strict, true): sh would only exec them, and a
// process start is the largest cost on the hook path.
func command(ctx context.Context, line, dir string) *exec.Cmd {
	if words := plainWords(line); words != nil {
		prog := words[0]
		// /usr/bin/x is absolute to sh even where filepath.IsAbs
		// wants a drive (Windows): it is not the plugin's.
		if dir != "" && !strings.HasPrefix(prog, "/") && !filepath.IsAbs(prog) && strings.Contains(prog, "/") {
			prog = filepath.Join(dir, prog)
		}
		if path, err := exec.LookPath(prog); err == nil && isProgram(path) {
			cmd := exec.CommandContext(ctx, path, words[1:]...)
			cmd.Args[0] = words[0]
			return cmd
		}
	}
	return exec.CommandContext(ctx, proc.Shell(), "-c", proc.ResolvePath(line, dir))
}

// plainWords splits line into words when the shell would do nothing else
// with it: no quotes, variables, globs, redirections, operators or
// assignments. Otherwise nil.
func plainWords(line string) []string {
	for _, r := range line {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == ' ', r == '\t':
		case strings.ContainsRune("/._-+,:@%", r):
		default:
			return nil
		}
	}
	words := strings.Fields(line)
	if len(words) == 0 {
		return nil
	}
	return words
}

// capped keeps the first max bytes written and counts the rest.
type capped struct {
	buf     bytes.Buffer
	max     int
	dropped int
}

func (c *capped) Write(p []byte) (int, error) {
	room := c.max - c.buf.Len()
	if room >= len(p) {
		return c.buf.Write(p)
	}
	if room > 0 {
		c.buf.Write(p[:room])
	}
	c.dropped += len(p) - max(room, 0)
	return len(p), nil
}

func (c *capped) Bytes() []byte { return c.buf.Bytes() }

// hookEnv is ours plus SYMPOSIUM_PLUGIN_DIR, the hook's installation
// variables, and its installations' directories before PATH.
func hookEnv(h *stream.Hook) []string {
	env := append(os.Environ(), "SYMPOSIUM_PLUGIN_DIR="+h.Dir)
	for k, v := range h.Env {
		env = append(env, k+"="+v)
	}
	return proc.PrependPath(env, h.Path)
}

// notInstalled names the first installation of h that sym-install has not
// completed (its directory is renamed into place only when done), or "".
// One stat each; hooks without installations pay nothing.
func notInstalled(h *stream.Hook) string {
	for _, in := range h.Installations {
		if fi, err := os.Stat(in.Dir); err != nil || !fi.IsDir() {
			return in.Name
		}
	}
	return ""
}
