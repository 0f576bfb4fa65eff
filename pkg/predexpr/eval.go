package predexpr

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// DefaultTimeout bounds one shell or custom predicate: they run on every
// sync and, at hook level, on every dispatch, so a slow one must not wedge
// either.
const DefaultTimeout = 5 * time.Second

// Command is how a custom predicate runs: Command (the [[predicate]]'s
// command, its leading relative path resolved against Dir, the defining
// plugin's directory) through `sh -c`, with Args and then the call's
// argument (when not empty) as its positional parameters. It is the
// record's own type, so what sym-match writes is what a hook runs.
type Command = stream.PredicateCommand

// ErrUnknown is what Context.Custom returns for a name no plugin defines.
var ErrUnknown = errors.New("unknown predicate")

// UnknownWhy says that no plugin defines the custom predicate name.
func UnknownWhy(name string) string {
	return fmt.Sprintf("unknown predicate %q (no plugin defines [[predicate]] name = %q)", name, name)
}

// Context evaluates predicates for one run. Results of shell, path_exists
// and custom predicates are cached by (name, argument) for the Context's
// life: one sym-match or one hook call.
type Context struct {
	// Dir is where shell and custom predicates run and what a relative
	// path_exists resolves against.
	Dir string
	// Timeout bounds each process; 0 is DefaultTimeout.
	Timeout time.Duration
	// LookupEnv reads the environment (the caller passes os.LookupEnv);
	// nil has nothing set.
	LookupEnv func(string) (string, bool)
	// Static answers depends-on(...) and workspace-member(); nil or
	// known == false makes them false, with why saying so.
	Static func(*Expr) (val, known bool)
	// Custom finds a custom predicate; nil finds none.
	Custom func(name string) (*Command, error)

	mu    sync.Mutex
	cache map[[2]string]result
}

type result struct {
	ok  bool
	why string
}

// Eval reports whether e holds. When it does not, why names the innermost
// predicate that decided it, for rejected records and logs.
func (c *Context) Eval(ctx context.Context, e *Expr) (ok bool, why string) {
	switch e.Fn {
	case Not:
		if ok, _ := c.Eval(ctx, e.Args[0]); ok {
			return false, fmt.Sprintf("%s is false: %s holds", e, e.Args[0])
		}
		return true, ""
	case Any:
		var whys []string
		for _, a := range e.Args {
			ok, why := c.Eval(ctx, a)
			if ok {
				return true, ""
			}
			whys = append(whys, why)
		}
		return false, fmt.Sprintf("%s is false: %s", e, strings.Join(whys, "; "))
	case All:
		for _, a := range e.Args {
			if ok, why := c.Eval(ctx, a); !ok {
				return false, why
			}
		}
		return true, ""
	case DependsOn, WorkspaceMember:
		if c.Static != nil {
			if v, known := c.Static(e); known {
				if v {
					return true, ""
				}
				return false, e.String() + " is false"
			}
		}
		return false, e.String() + " cannot be evaluated here (it is answered when sym-match runs)"
	case Env:
		name, want, hasValue := strings.Cut(e.Arg, "=")
		got, set := c.lookupEnv(name)
		switch {
		case !set:
			return false, fmt.Sprintf("%s is false: %s is not set", e, name)
		case hasValue && got != want:
			return false, fmt.Sprintf("%s is false: %s is %q", e, name, got)
		}
		return true, ""
	}
	key := [2]string{e.Fn, e.Arg}
	c.mu.Lock()
	r, seen := c.cache[key]
	c.mu.Unlock()
	if seen {
		return r.ok, r.why
	}
	switch e.Fn {
	case PathExists:
		r = result{ok: c.pathExists(e.Arg)}
		if !r.ok {
			r.why = e.String() + " is false"
		}
	case Shell:
		r = c.run(ctx, e, []string{"-c", e.Arg}, nil)
	default:
		r = c.custom(ctx, e)
	}
	c.mu.Lock()
	if c.cache == nil {
		c.cache = map[[2]string]result{}
	}
	c.cache[key] = r
	c.mu.Unlock()
	return r.ok, r.why
}

func (c *Context) lookupEnv(name string) (string, bool) {
	if c.LookupEnv != nil {
		return c.LookupEnv(name)
	}
	return "", false
}

// pathExists follows upstream: an argument with a path separator is a
// path (relative to Dir); a bare name is an entry of Dir or a program on
// PATH.
func (c *Context) pathExists(arg string) bool {
	p := arg
	if !filepath.IsAbs(p) {
		p = filepath.Join(c.Dir, p)
	}
	if _, err := os.Stat(p); err == nil {
		return true
	}
	if strings.ContainsRune(arg, '/') || strings.ContainsRune(arg, filepath.Separator) {
		return false
	}
	path, _ := c.lookupEnv("PATH")
	pathExt, _ := c.lookupEnv("PATHEXT") // Windows' program extensions
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		if onPath(d, arg, pathExt) {
			return true
		}
	}
	return false
}

func (c *Context) custom(ctx context.Context, e *Expr) result {
	if c.Custom == nil {
		return result{why: fmt.Sprintf("%s: %s", e, UnknownWhy(e.Fn))}
	}
	cmd, err := c.Custom(e.Fn)
	if err != nil {
		if errors.Is(err, ErrUnknown) {
			return result{why: fmt.Sprintf("%s: %s", e, UnknownWhy(e.Fn))}
		}
		return result{why: fmt.Sprintf("%s: %v", e, err)}
	}
	if len(cmd.Exec) > 0 {
		return c.customExec(ctx, e, cmd)
	}
	// The line goes through sh like a hook's command; the arguments are
	// positional parameters, so no quoting of the argument is needed.
	args := append([]string{"-c", proc.ResolvePath(cmd.Command, cmd.Dir) + ` "$@"`, e.Fn}, cmd.Args...)
	if e.Arg != "" {
		args = append(args, e.Arg)
	}
	return c.run(ctx, e, args, append(os.Environ(), "SYMPOSIUM_PLUGIN_DIR="+cmd.Dir))
}

// customExec runs a custom predicate whose command is an installation:
// its argv as is (sh only execs it), with the installations' environment.
// An installation not acquired yet makes it false: evaluating never
// installs (a sync does, before it evaluates).
func (c *Context) customExec(ctx context.Context, e *Expr, cmd *Command) result {
	for _, in := range cmd.Installations {
		if fi, err := os.Stat(in.Dir); err != nil || !fi.IsDir() {
			return result{why: fmt.Sprintf("%s is false: its installation %q is not installed yet (`cargo agents sync` installs it)", e, in.Name)}
		}
	}
	args := append([]string{"-c", `exec "$@"`, e.Fn}, cmd.Exec...)
	if e.Arg != "" {
		args = append(args, e.Arg)
	}
	env := append(os.Environ(), "SYMPOSIUM_PLUGIN_DIR="+cmd.Dir)
	for k, v := range cmd.Env {
		env = append(env, k+"="+v)
	}
	return c.run(ctx, e, args, proc.PrependPath(env, cmd.Path))
}

// run runs sh (proc.Shell) with args in Dir with no stdin (never the terminal: a sync or a hook
// has no one to answer) and no output, in its own process group, killed
// whole at the timeout.
func (c *Context) run(ctx context.Context, e *Expr, args, env []string) result {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	x := exec.CommandContext(ctx, proc.Shell(), args...)
	x.Env, x.Dir = env, c.Dir
	proc.OwnGroup(x)
	x.WaitDelay = 500 * time.Millisecond
	err := proc.Run(x)
	proc.KillGroup(x)
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return result{why: fmt.Sprintf("%s did not finish within %s; killed, and taken as false", e, timeout)}
	case err == nil, errors.Is(err, exec.ErrWaitDelay):
		return result{ok: true}
	case errors.As(err, &exitErr):
		return result{why: fmt.Sprintf("%s is false: exit %d", e, exitErr.ExitCode())}
	}
	return result{why: fmt.Sprintf("%s is false: %v", e, err)}
}
