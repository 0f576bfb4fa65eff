//go:build linux || darwin

package rawfile

import (
	"io/fs"
	"syscall"
)

// SizeMTime is a path's size and modification time (nanoseconds since
// the epoch), following symlinks, as os.Stat gives them, into a stat
// buffer on the stack: the hook path stats a few dozen inputs on every
// call, and os.Stat's heap-allocated FileInfo each touched fresh memory.
func SizeMTime(path string) (size, mtime int64, err error) {
	var st syscall.Stat_t
	for {
		err = syscall.Stat(path, &st)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return 0, 0, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	return st.Size, mtimeNano(&st), nil
}
