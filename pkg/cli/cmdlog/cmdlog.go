// Package cmdlog starts and finishes the log of one cargo-agents command
// (pkg/logfile): the file the book promises for every invocation, in the
// configured logs directory at the configured level.
package cmdlog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
)

// Run is one command's log.
type Run struct {
	*logfile.Log
	header string
	dir    string
	start  time.Time
}

// AsksHelp reports whether a command's arguments ask for its help, which
// is no invocation worth a log file.
func AsksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help", "help":
			return true
		}
	}
	return false
}

// Start begins the log of `cargo agents COMMAND ARGS...`. The config is
// read only for the level and the logs directory; a broken one leaves
// both at their defaults, and the command reports it in its own way.
func Start(command string, args []string, version string) *Run {
	r := &Run{Log: logfile.New(command, nil), header: "cargo agents " + command, start: time.Now()}
	if dirs, err := userconf.Dirs(); err == nil {
		r.dir = dirs.Logs
		if cfg, _, err := config.Load(dirs); err == nil {
			r.SetLevel(cfg.LogLevel)
		} else {
			r.Printf(logfile.Warn, "config: %v", err)
		}
	}
	wd, _ := os.Getwd()
	r.Printf(logfile.Info, "cargo agents %s %s (version %s, in %s)", command, quote(args), version, wd)
	return r
}

// Delegated runs `cargo agents NAME ARGS...` where cargo-agents hands it
// to another binary (sym-match, sym-install): with its log, started unless
// args ask for help and fed with what the command writes on stderr, its
// error reported as `cargo agents NAME: …` and its exit recorded. It
// returns the exit code.
func Delegated(stdio cli.Stdio, name string, args []string, version string, run func(stdio cli.Stdio, log *Run) error) int {
	return delegated(stdio, name, args, version, cli.Report, run)
}

// delegated is Delegated with the error reported by report: cli.Report,
// or cli.ReportJSON (an error record) for a command run with --json.
func delegated(stdio cli.Stdio, name string, args []string, version string, report func(io.Writer, string, error) int, run func(stdio cli.Stdio, log *Run) error) int {
	var log *Run
	if !AsksHelp(args) {
		log = Start(name, args, version)
		stdio.Err = log.Tee(stdio.Err)
	}
	err := run(stdio, log)
	code := report(stdio.Err, "cargo agents "+name, err)
	log.Finish(err, code)
	return code
}

// Entry is the cli.Command Run of `BINARY NAME GLOBALS... ARGS...`, as
// cargo-agents runs its subcommands in sym-match and sym-install: the
// global options (cli.ParseGlobals, the one parser of them) go to run,
// with the rest of the arguments and the log, as Delegated runs it; with
// --json its error is an error record, as cargo-agents' own commands'.
func Entry(name string, run func(stdio cli.Stdio, g cli.Globals, log *Run, args []string) error) func(cli.Stdio, []string) int {
	return func(stdio cli.Stdio, args []string) int {
		g, rest, err := cli.ParseGlobals(args)
		report := cli.Report
		if err == nil && g.JSON {
			report = cli.ReportJSON
		}
		return delegated(stdio, name, rest, buildinfo.Version, report, func(stdio cli.Stdio, log *Run) error {
			if err != nil {
				return err
			}
			return run(stdio, g, log, rest)
		})
	}
}

// Printf records a line; on a nil Run (a command run without a log, as in
// unit tests) it does nothing.
func (r *Run) Printf(level logfile.Level, format string, args ...any) {
	if r != nil {
		r.Log.Printf(level, format, args...)
	}
}

// Enabled reports whether a line at level can reach the file
// (logfile.Log.Enabled); never on a nil Run.
func (r *Run) Enabled(level logfile.Level) bool {
	return r != nil && r.Log.Enabled(level)
}

// Finish records how the command ended and writes the file; it returns
// the file's path ("" when nothing reached the level).
func (r *Run) Finish(err error, code int) string {
	if r == nil {
		return ""
	}
	took := time.Since(r.start).Round(time.Millisecond)
	if errors.Is(err, cli.ErrSilent) {
		err = nil // reported as it happened
	}
	switch {
	case err != nil && code != 0:
		r.Printf(logfile.Error, "exit %d after %s: %v", code, took, err)
	case code != 0:
		r.Printf(logfile.Error, "exit %d after %s", code, took)
	default:
		r.Printf(logfile.Info, "done in %s", took)
	}
	return r.Flush(r.dir, r.header)
}

// quote shows args as a shell would need them.
func quote(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$*?[]{}()<>|&;#~`") {
			a = fmt.Sprintf("%q", a)
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}

// Tee returns w, also recording in the log each line written to it: what
// the command told the user on stderr (warnings, errors, the stages'
// diagnostics) is in the file too, without a second call at each site.
func (r *Run) Tee(w io.Writer) io.Writer {
	if r == nil {
		return w
	}
	return &tee{w: w, r: r}
}

type tee struct {
	w       io.Writer
	r       *Run
	partial []byte
}

func (t *tee) Write(p []byte) (int, error) {
	t.partial = append(t.partial, p...)
	for {
		i := bytes.IndexByte(t.partial, '\n')
		if i < 0 {
			break
		}
		if line := strings.TrimSpace(string(t.partial[:i])); line != "" {
			level := logfile.Error
			// A warning record (--json) is a warning too.
			if strings.HasPrefix(line, "warning:") || strings.HasPrefix(line, "note:") || strings.HasPrefix(line, `{"kind":"warning"`) {
				level = logfile.Warn
			}
			t.r.Printf(level, "stderr: %s", line)
		}
		t.partial = t.partial[i+1:]
	}
	return t.w.Write(p)
}
