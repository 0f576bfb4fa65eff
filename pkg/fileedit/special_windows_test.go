//go:build windows

package fileedit

import "os"

// mkSpecial: Windows file systems have no FIFOs; a directory stands in as
// the one thing at a settings path that is not a regular file.
func mkSpecial(path string) error { return os.Mkdir(path, 0o755) }
