//go:build !windows

package predexpr

import (
	"os"
	"path/filepath"
)

// onPath reports whether directory d of PATH holds the program name: a
// file there with an execute bit. (PATHEXT is Windows'.)
func onPath(d, name, _ string) bool {
	fi, err := os.Stat(filepath.Join(d, name))
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}
