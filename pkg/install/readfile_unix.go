//go:build unix

package install

import (
	"io/fs"
	"syscall"
)

// readRegular reads the file at p when it is a regular file (ok false for
// a fifo, a socket or a device, which is not skill content), with its
// permission bits. Plain system calls, one open: os.ReadFile after an
// os.Stat would stat the file twice and register it with the runtime
// poller, and a sync reads every file of every matched skill.
func readRegular(p string) (data []byte, perm fs.FileMode, ok bool, err error) {
	var fd int
	for {
		// O_NONBLOCK: opening a fifo must not wait for a writer.
		fd, err = syscall.Open(p, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, 0, false, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, 0, false, &fs.PathError{Op: "stat", Path: p, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, 0, false, nil
	}
	// One byte more than the size, so that a file that grew since the
	// stat is read to its end by the loop below.
	data = make([]byte, 0, st.Size+1)
	for {
		n, err := syscall.Read(fd, data[len(data):cap(data)])
		if err == syscall.EINTR || err == syscall.EAGAIN {
			continue
		}
		if err != nil {
			return nil, 0, false, &fs.PathError{Op: "read", Path: p, Err: err}
		}
		if n == 0 {
			break
		}
		data = data[:len(data)+n]
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
	}
	return data, fs.FileMode(st.Mode & 0o777), true, nil
}
