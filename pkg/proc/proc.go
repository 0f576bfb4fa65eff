// Package proc is how symposium runs commands it does not control: plugin
// hooks, shell predicates, git and cargo. Each runs in its own process
// group (a job object on Windows), killed whole when its context ends, so
// nothing a command starts outlives its timeout; and a plugin command's
// leading relative path is resolved against the plugin directory. A
// command prepared with OwnGroup is started with Start or Run, which on
// Windows put it in its job before it runs. A sync's stage, prepared with
// DieWithParent, dies with the process that started it (WatchParent is
// the stage's half of that on macOS). Shell commands run with sh:
// /bin/sh, or Git for Windows' sh.exe. Standard library (and on Windows
// golang.org/x/sys/windows) only: the hook path links it.
package proc

import (
	"path/filepath"
	"strings"
)

// ResolvePath makes command's leading relative path (./check.sh,
// scripts/check.sh) absolute against dir, since the command runs in the
// workspace or the agent's working directory, not in the plugin. Bare
// names (cargo, python3) are looked up on PATH as written, and a word the
// shell would rewrite (quotes, $, ~) is left alone, and so is a path sh
// takes as absolute: /usr/bin/x is one to Git for Windows' sh too, though
// not to filepath.IsAbs on Windows (no drive).
func ResolvePath(command, dir string) string {
	trimmed := strings.TrimLeft(command, " \t")
	first := trimmed
	if i := strings.IndexAny(trimmed, " \t"); i >= 0 {
		first = trimmed[:i]
	}
	if first == "" || dir == "" || strings.HasPrefix(first, "/") || filepath.IsAbs(first) || !strings.Contains(first, "/") ||
		strings.ContainsAny(first, "'\"$`\\~") {
		return command
	}
	return ShellQuote(filepath.Join(dir, first)) + trimmed[len(first):]
}

// ShellQuote quotes s as one sh word.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// PrependPath returns env (a child's environment, as os.Environ gives it)
// with dirs before the PATH it holds. It reads PATH from env, not from the
// process, so the child gets exactly the environment it was handed.
func PrependPath(env, dirs []string) []string {
	if len(dirs) == 0 {
		return env
	}
	p := strings.Join(dirs, string(filepath.ListSeparator))
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && isPathKey(k) {
			if v != "" {
				p += string(filepath.ListSeparator) + v
			}
			break
		}
	}
	return append(env, "PATH="+p) // the last of a duplicated key wins
}

// isPathKey: Windows' environment keys ignore case ("Path").
func isPathKey(k string) bool {
	if filepath.ListSeparator == ';' {
		return strings.EqualFold(k, "PATH")
	}
	return k == "PATH"
}
