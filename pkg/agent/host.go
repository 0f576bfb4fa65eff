package agent

import (
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

// Host is what, beyond the home directory, decides where an agent keeps
// its user-wide files: the operating system (Goose uses %APPDATA% on
// Windows) and the variables that move an agent's directory on every
// system (CODEX_HOME). pkg/cli reads them from the environment
// (config.ResolveDirs) and hands them down; the zero value is the running
// system with none of them set. Tests set GOOS to check another system's
// paths on this one.
type Host struct {
	GOOS      string // runtime.GOOS when ""
	CodexHome string // $CODEX_HOME: Codex's directory instead of ~/.codex
	AppData   string // %APPDATA%, the roaming application data (Windows)
}

// OS is the host's operating system.
func (h Host) OS() string {
	if h.GOOS == "" {
		return runtime.GOOS
	}
	return h.GOOS
}

// homeMove is an agent's home-relative directory that the host may put
// elsewhere: at returns the directory to use instead, "" to keep it under
// the home.
type homeMove struct {
	dir string // home-relative, slash-separated: ".codex"
	at  func(h Host) string
}

// homeMoves are every agent's movable directories (each agent's file adds
// its own with moveHomeDir).
var homeMoves []homeMove

func moveHomeDir(dir string, at func(h Host) string) bool {
	homeMoves = append(homeMoves, homeMove{dir, at})
	return true
}

// homeFile is the absolute path of an agent's home-relative, slash-separated
// file rel: under the directory the host moved its top directory to, else
// under the home ("" when there is no home to put it under).
func (t Target) homeFile(rel string) string {
	for _, m := range homeMoves {
		rest, ok := strings.CutPrefix(rel, m.dir)
		if !ok || (rest != "" && rest[0] != '/') {
			continue
		}
		if dir := m.at(t.Host); dir != "" {
			return filepath.Join(dir, filepath.FromSlash(path.Clean("./"+rest)))
		}
	}
	if t.Home == "" {
		return ""
	}
	return filepath.Join(t.Home, filepath.FromSlash(rel))
}
