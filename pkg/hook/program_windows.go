package hook

import (
	"os"
	"path/filepath"
	"strings"
)

// isProgram reports whether the file exec.LookPath found can be started
// directly. On Windows LookPath takes any existing file with an extension
// (./scripts/check.sh), but CreateProcess starts only programs (.exe,
// .com) and batch files: the rest, a plugin's sh scripts, must go to sh
// (Git for Windows') like any other line, or the hook fails to start.
func isProgram(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	if ext == "" {
		return false
	}
	pathext := os.Getenv("PATHEXT")
	if pathext == "" {
		pathext = ".COM;.EXE;.BAT;.CMD"
	}
	for _, e := range strings.Split(strings.ToLower(pathext), ";") {
		if e == ext {
			return true
		}
	}
	return false
}
