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

// HostVars lists, sorted, every variable that moves an agent's files (its
// homeMoves declare them): what pkg/cli reads into Host.Env.
func HostVars() []string {
	var names []string
	for _, a := range all {
		for _, m := range a.homeMoves {
			if m.env != "" {
				names = append(names, m.env)
			}
			names = append(names, m.vars...)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// env returns the variable's value ("" when unset).
func (h Host) env(name string) string { return h.Env[name] }

// homeMove is an agent's home-relative directory (or file) that the host
// may put elsewhere. Each agent lists its own (Agent.homeMoves) as data,
// so that nothing is built at start-up.
type homeMove struct {
	dir string // home-relative, slash-separated: ".codex"
	// env names the variable that, set to an absolute directory, is
	// where dir goes, joined with elems (CODEX_HOME for ~/.codex). A
	// relative value is not followed (agents resolve it from a working
	// directory we do not know); with tilde, a leading "~" is the home
	// (Qwen Code and Pi expand it).
	env   string
	tilde bool
	elems []string
	// at is instead a rule of the agent's own, reading the variables
	// vars. A move with neither env nor at keeps dir under the home even
	// when a shorter one moves (Antigravity's ~/.gemini/config).
	at   func(t Target) string
	vars []string
}

// place is where m puts its directory on t's host, "" to keep it under
// the home.
func (m *homeMove) place(t Target) string {
	if m.at != nil {
		return m.at(t)
	}
	if m.env == "" {
		return ""
	}
	dir := t.absEnv(m.env, m.tilde)
	if dir == "" {
		return ""
	}
	return filepath.Join(append([]string{dir}, m.elems...)...)
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
	for _, a := range all {
		for i := range a.homeMoves {
			m := &a.homeMoves[i]
			rest, ok := strings.CutPrefix(rel, m.dir)
			if !ok || (rest != "" && rest[0] != '/') {
				continue
			}
			if best == nil || len(m.dir) > len(best.dir) {
				best = m
			}
		}
	}
	if best != nil {
		if dir := best.place(t); dir != "" {
			rest := strings.TrimPrefix(rel, best.dir)
			return filepath.Join(dir, filepath.FromSlash(path.Clean("./"+rest)))
		}
	}
	if t.Home == "" {
		return ""
	}
	return filepath.Join(t.Home, filepath.FromSlash(rel))
}
