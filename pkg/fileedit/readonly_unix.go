//go:build !windows

package fileedit

import (
	"os"
	"syscall"
)

// readOnly reports whether the file's owner made it read-only, or we may not
// write it (root may write anything, so the owner's bit is asked too).
func readOnly(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && (fi.Mode().Perm()&0o200 == 0 || syscall.Access(p, 2 /* W_OK */) != nil)
}

// makeWritable is the command that lets us update p.
func makeWritable(p string) string { return "chmod u+w " + p }
