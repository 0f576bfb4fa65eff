// Package term tells an interactive terminal from everything else on a
// standard stream. A character device is not enough: /dev/null is one, and
// a prompt read from it waits for an answer that never comes.
package term

import "os"

// IsTerminal reports whether r is a terminal: an *os.File whose
// descriptor answers the terminal ioctl. Anything else (a pipe, a file,
// /dev/null, a test's buffer) is not.
func IsTerminal(r any) bool {
	f, ok := r.(*os.File)
	return ok && f != nil && isTerminal(f)
}
