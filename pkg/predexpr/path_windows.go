package predexpr

import (
	"os"
	"path/filepath"
	"strings"
)

// onPath reports whether directory d of PATH holds the program name.
// Windows files have no execute bit: a file of that name counts, and so
// does name plus one of PATHEXT's extensions (path_exists(rg) finds
// rg.exe), as the shell's own lookup would.
func onPath(d, name string) bool {
	if isFile(filepath.Join(d, name)) {
		return true
	}
	for _, ext := range pathExt() {
		if isFile(filepath.Join(d, name+ext)) {
			return true
		}
	}
	return false
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

// pathExt is PATHEXT's extensions, or Windows' default list.
func pathExt() []string {
	v := os.Getenv("PATHEXT")
	if v == "" {
		v = ".COM;.EXE;.BAT;.CMD"
	}
	var exts []string
	for _, e := range strings.Split(strings.ToLower(v), ";") {
		if e != "" && e[0] == '.' {
			exts = append(exts, e)
		}
	}
	return exts
}
