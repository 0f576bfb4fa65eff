package hookfast

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// delegate runs the full hook, `cargo-agents hook ARGS...`, with our
// stdout and stderr, on stdin when it is not nil, else on payload, and
// returns its exit code. When it cannot
// run, the agent still gets its "proceed" answer (a hook never blocks an
// agent for a failure of ours) and stderr says why.
func delegate(args []string, stdin *os.File, payload []byte, stdout, stderr *os.File, env Env) int {
	code, err := runFull(args, stdin, payload, stdout, stderr, env)
	if err == nil {
		return code
	}
	stderr.WriteString("sym-hook: " + err.Error() + "\n")
	p := proceedFor(args)
	if len(p.stdout) > 0 {
		stdout.WriteString(p.stdout)
	}
	return p.exit
}

// proceedFor is the agent's answer to our own failure (Wire.Proceed and
// ProceedExit), exit 0 when args name no agent we know.
func proceedFor(args []string) proceed {
	if len(args) != 2 {
		return proceed{}
	}
	w := wireOf(args[0])
	if w == nil {
		return proceed{}
	}
	if ev := canonicalEvent(args[1]); ev >= 0 {
		return w.proceed[ev]
	}
	return w.proceed[len(events)]
}

// runFull starts the full hook and waits for it.
func runFull(args []string, stdin *os.File, payload []byte, stdout, stderr *os.File, env Env) (int, error) {
	exe, err := fullHook(env)
	if err != nil {
		return 0, err
	}
	in, w := stdin, (*os.File)(nil)
	if in == nil {
		if in, w, err = os.Pipe(); err != nil {
			return 0, err
		}
		defer in.Close()
	}
	p, err := os.StartProcess(exe, append([]string{exe, "hook"}, args...), &os.ProcAttr{Files: []*os.File{in, stdout, stderr}})
	if w != nil {
		in.Close()
		if err == nil {
			go func() {
				w.Write(payload) // a hook that exits before reading it all is its business
				w.Close()
			}()
		} else {
			w.Close()
		}
	}
	if err != nil {
		return 0, err
	}
	st, err := p.Wait()
	if err != nil {
		return 0, err
	}
	if code := st.ExitCode(); code >= 0 {
		return code, nil
	}
	return 0, errors.New("cargo-agents hook: " + st.String())
}

// errNoFull: the full hook is not installed where we look.
var errNoFull = errors.New("cargo-agents not found beside sym-hook or on PATH: install all six binaries together (make install)")

// fullHook finds cargo-agents: beside this executable (they are installed
// together), else on PATH, as pkg/selfexe does without os/exec.
func fullHook(env Env) (string, error) {
	name := "cargo-agents"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := env.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(self), name); runnable(p) {
			return p, nil
		}
	}
	for _, dir := range filepath.SplitList(env.Getenv("PATH")) {
		// A relative PATH entry would run what the workspace holds.
		if p := filepath.Join(dir, name); filepath.IsAbs(p) && runnable(p) {
			return p, nil
		}
	}
	return "", errNoFull
}

// runnable reports whether p is a file this user may execute (any file,
// on Windows, whose name says it is a program).
func runnable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && (runtime.GOOS == "windows" || fi.Mode()&0o111 != 0)
}
