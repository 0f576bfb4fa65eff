// Package selfexe finds symposium's own executables: a stage binary beside
// the running one (then on PATH), and how agents should run sym-hook.
// All six are installed together, so a sibling is the matching version.
package selfexe

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// Find finds one of our binaries beside self (the running executable, as
// pkg/cli found it; "" when unknown), then on PATH.
func Find(self, name string) (string, error) {
	if p, ok := besideUs(self, name); ok {
		return p, nil
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%s not found beside %s or on PATH: install all six binaries together (make install)", name, os.Args[0])
	}
	return p, nil
}

// besideUs is the executable name in self's directory, if there is one.
// On Windows that is name.exe, whatever its mode (which has no execute
// bits there).
func besideUs(self, name string) (string, bool) {
	if self == "" {
		return "", false
	}
	windows := runtime.GOOS == "windows"
	if windows {
		name += ".exe"
	}
	p := filepath.Join(filepath.Dir(self), name)
	if fi, err := os.Stat(p); err == nil && !fi.IsDir() && (windows || fi.Mode()&0o111 != 0) {
		return p, true
	}
	return "", false
}

// HookCommand is how agents should run our hook binary, sym-hook (what
// pkg/agent registers as `sym-hook AGENT EVENT`): by name when the one on
// PATH is ours, else by the absolute path of the one beside self (the
// running executable).
func HookCommand(self string) string {
	const name = "sym-hook" // agent.HookExecutable; this package links no agent code
	sibling, ok := besideUs(self, name)
	if !ok {
		return name
	}
	if onPath, err := exec.LookPath(name); err == nil && sameFile(onPath, sibling) {
		return name
	}
	return sibling
}

func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
