//go:build unix

package syncstate

import (
	"io/fs"
	"os"
	"syscall"
)

// open opens path for reading without registering it with the runtime's
// poller, which os.Open does: the hook would start the poller (an epoll
// instance, an eventfd, a poller thread to wake, four fcntl calls) for
// its one read of the state, on every agent tool call. os.NewFile leaves
// a blocking descriptor out of the poller.
func open(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		switch err {
		case nil:
			return os.NewFile(uintptr(fd), path), nil
		case syscall.EINTR:
			continue
		}
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
}
