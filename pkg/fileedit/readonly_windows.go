//go:build windows

package fileedit

import "os"

// readOnly reports whether the file has the read-only attribute (what
// Go's file mode shows as a missing write bit on Windows). An ACL that
// denies writing shows up as the replace's own "access denied" error.
func readOnly(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().Perm()&0o200 == 0
}

// makeWritable is the command that lets us update p.
func makeWritable(p string) string { return `attrib -R "` + p + `"` }
