package predexpr

import (
	"os"
	"path/filepath"
	"strings"
)

// onPath reports whether directory d of PATH holds the program name.
// Windows files have no execute bit: a file of that name counts, and so
// does name plus one of pathExt's extensions (PATHEXT; Windows' default
// list when unset), as the shell's own lookup would: path_exists(rg)
// finds rg.exe.
func onPath(d, name, pathExt string) bool {
	if isFile(filepath.Join(d, name)) {
		return true
	}
	if pathExt == "" {
		pathExt = ".COM;.EXE;.BAT;.CMD"
	}
	for _, ext := range strings.Split(strings.ToLower(pathExt), ";") {
		if ext != "" && ext[0] == '.' && isFile(filepath.Join(d, name+ext)) {
			return true
		}
	}
	return false
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
