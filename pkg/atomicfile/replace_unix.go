//go:build !windows

package atomicfile

import (
	"io/fs"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// replace writes data to a temp file beside path and renames it over path:
// on Unix a rename replaces the name even while readers hold the old file.
func replace(path string, data []byte, perm fs.FileMode, keepMode bool) error {
	opts := []renameio.Option{renameio.WithTempDir(filepath.Dir(path))}
	if keepMode {
		opts = append(opts, renameio.WithExistingPermissions())
	}
	return renameio.WriteFile(path, data, perm, opts...)
}
