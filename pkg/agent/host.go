package agent

import (
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Host is what, beyond the home directory, decides where an agent keeps
// its user-wide files: the operating system (Goose uses %APPDATA% on
// Windows) and the variables that move an agent's directory on every
// system (CODEX_HOME, CLAUDE_CONFIG_DIR, ...). pkg/cli reads the variables
// the agents declare (HostVars) once, from the environment
// (config.ResolveDirs), and hands them down; the zero value is the running
// system with none of them set. Tests set GOOS to check another system's
// paths on this one.
type Host struct {
	GOOS string // runtime.GOOS when ""
	// Env holds the values of HostVars, as the environment had them
	// (a missing or empty one means unset).
	Env map[string]string
}

// OS is the host's operating system.
func (h Host) OS() string {
	if h.GOOS == "" {
		return runtime.GOOS
	}
	return h.GOOS
}

// hostVars are the environment variables the agents' files declare they
// read (hostVar): the only ones Host.Env carries.
var hostVars []string

// hostVar declares that an agent's directory depends on the variable name
// and returns name, so a declaration reads as the use of it.
func hostVar(name string) string {
	if !slices.Contains(hostVars, name) {
		hostVars = append(hostVars, name)
	}
	return name
}

// HostVars lists, sorted, every variable that moves an agent's files:
// what pkg/cli reads into Host.Env.
func HostVars() []string {
	names := slices.Clone(hostVars)
	slices.Sort(names)
	return names
}

// env returns the variable's value ("" when unset).
func (h Host) env(name string) string { return h.Env[name] }

// homeMove is an agent's home-relative directory (or file) that the host
// may put elsewhere: at returns the path to use instead, "" to keep it
// under the home.
type homeMove struct {
	dir string // home-relative, slash-separated: ".codex"
	at  func(t Target) string
}

// homeMoves are every agent's movable directories (each agent's file adds
// its own with moveHomeDir).
var homeMoves []homeMove

func moveHomeDir(dir string, at func(t Target) string) bool {
	homeMoves = append(homeMoves, homeMove{dir, at})
	return true
}

// envDir is a homeMove's at for a variable that names the directory
// itself (CODEX_HOME for ~/.codex), joined with elems. A relative value
// is not followed (agents resolve it from a working directory we do not
// know); a leading "~" is the home directory when tilde is set (Qwen
// Code and Pi expand it).
func envDir(name string, tilde bool, elems ...string) func(t Target) string {
	hostVar(name)
	return func(t Target) string {
		dir := t.absEnv(name, tilde)
		if dir == "" {
			return ""
		}
		return filepath.Join(append([]string{dir}, elems...)...)
	}
}

// absEnv is the variable's value as an absolute directory, "" when unset
// or relative.
func (t Target) absEnv(name string, tilde bool) string {
	v := t.Host.env(name)
	if tilde && t.Home != "" {
		if v == "~" {
			return t.Home
		}
		if rest, ok := strings.CutPrefix(v, "~/"); ok {
			return filepath.Join(t.Home, rest)
		}
		if rest, ok := strings.CutPrefix(v, `~\`); ok && t.Host.OS() == "windows" {
			return filepath.Join(t.Home, rest)
		}
	}
	if !isAbs(v) {
		return ""
	}
	return v
}

// isAbs accepts a rooted path as well as filepath's absolute one, so that
// tests can give a Windows host "/codexhome" on any system.
func isAbs(p string) bool {
	return filepath.IsAbs(p) || strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`)
}

// homeFile is the absolute path of an agent's home-relative, slash-separated
// file rel: under the place the host moved its directory to, else under
// the home ("" when there is no home to put it under). Of the declared
// directories containing rel, the longest decides (Cline's data directory
// moves apart from ~/.cline, Antigravity's ~/.gemini/config stays when
// Gemini CLI's ~/.gemini moves).
func (t Target) homeFile(rel string) string {
	var best *homeMove
	for i, m := range homeMoves {
		rest, ok := strings.CutPrefix(rel, m.dir)
		if !ok || (rest != "" && rest[0] != '/') {
			continue
		}
		if best == nil || len(m.dir) > len(best.dir) {
			best = &homeMoves[i]
		}
	}
	if best != nil {
		if dir := best.at(t); dir != "" {
			rest := strings.TrimPrefix(rel, best.dir)
			return filepath.Join(dir, filepath.FromSlash(path.Clean("./"+rest)))
		}
	}
	if t.Home == "" {
		return ""
	}
	return filepath.Join(t.Home, filepath.FromSlash(rel))
}
