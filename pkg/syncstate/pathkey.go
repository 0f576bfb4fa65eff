package syncstate

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// rootKey is root as workspace states are keyed and compared: clean, a
// share's root with its separator, and folded to one case where the
// system's file systems ignore case. The hook finds a state from the
// agent's payload cwd by its text alone (no file system call per level),
// so two spellings of one directory must give one key.
func rootKey(root string) string {
	return foldPath(runtime.GOOS, cleanRoot(root))
}

// sameRoot reports whether a and b name one workspace root.
func sameRoot(a, b string) bool { return rootKey(a) == rootKey(b) }

// cleanRoot is filepath.Clean, except that a path that is a UNC share's
// volume alone (\\server\share, as a payload cwd may say) gets its
// separator: Windows names that directory \\server\share\, and that is
// what filepath.Dir yields walking up from below it.
func cleanRoot(root string) string {
	root = filepath.Clean(root)
	if vol := filepath.VolumeName(root); vol == root && len(vol) > 2 && os.IsPathSeparator(vol[0]) {
		root += string(filepath.Separator)
	}
	return root
}

// foldPath folds p's case on systems whose file systems ignore it: NTFS
// and FAT on Windows, APFS and HFS+ as macOS formats them by default. A
// case-sensitive volume there is rare; two workspaces whose roots differ
// only in case would then share one state, and each sync would rewrite
// it, costing a sync, never a wrong answer (load checks the stored root).
func foldPath(goos, p string) string {
	switch goos {
	case "windows", "darwin", "ios":
		return strings.ToUpper(p)
	}
	return p
}
