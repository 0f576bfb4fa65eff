package dispatch

import (
	"path/filepath"
	"strings"
)

// isProgram reports whether the file exec.LookPath found can be started
// directly. On Windows LookPath takes any existing file with an extension
// (./scripts/check.sh), but CreateProcess starts only programs (.exe,
// .com), and os/exec batch files (.bat, .cmd) through cmd.exe: the rest,
// a plugin's sh scripts, must go to sh (Git for Windows') like any other
// line, or the hook fails to start.
func isProgram(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".exe", ".com", ".bat", ".cmd":
		return true
	}
	return false
}
