//go:build unix

package fileedit

import "syscall"

// mkSpecial makes a file that is neither regular nor a directory: a FIFO.
func mkSpecial(path string) error { return syscall.Mkfifo(path, 0o644) }
