package syncstate

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
)

// StampTrees stamps each directory in dirs and everything below it, as
// sym-install copies a skill: every directory (a file added, removed or
// renamed in it changes its mtime) and every file (an edit changes its
// size or mtime). A symlink is stamped as what it names, and a symlinked
// directory is walked when it stays inside its tree; .git is skipped (it
// is not copied). The cost is one stat per entry of the trees given,
// which is why the sync record holds the matched skills' trees only, never
// the catalogue's (docs/freshness.md).
func StampTrees(dirs []string) Stamps {
	var out Stamps
	for _, d := range dirs {
		out = appendTree(out, d)
	}
	return out
}

func appendTree(out Stamps, top string) Stamps {
	root, err := filepath.EvalSymlinks(top)
	if err != nil {
		return append(out, hookrecord.StampOf(top)) // absent: stamped so
	}
	visited := map[string]bool{root: true}
	var walk func(dir string)
	walk = func(dir string) {
		out = append(out, hookrecord.StampOf(dir))
		entries, err := os.ReadDir(dir)
		if err != nil {
			return // the directory's own stamp stands for it
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			switch {
			case e.Name() == ".git":
			case e.IsDir():
				walk(p)
			case e.Type()&fs.ModeSymlink != 0:
				target, err := filepath.EvalSymlinks(p)
				if fi, serr := os.Stat(p); err == nil && serr == nil && fi.IsDir() && within(root, target) {
					if !visited[target] {
						visited[target] = true
						walk(p)
					}
					continue
				}
				out = append(out, hookrecord.StampOf(p))
			default:
				out = append(out, hookrecord.StampOf(p))
			}
		}
	}
	walk(top)
	return out
}

// within reports whether p is root or below it (both clean, no symlinks).
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
