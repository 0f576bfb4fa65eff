//go:build unix

package rawfile

import (
	"io/fs"
	"os"
	"syscall"
)

// Open opens path for reading, as os.Open does, without registering it
// with the runtime's poller: os.NewFile leaves a blocking descriptor out.
func Open(path string) (*os.File, error) {
	fd, err := open(path, 0)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}

// Read is os.ReadFile, errors included.
func Read(path string) ([]byte, error) {
	fd, err := open(path, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	size := 512
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) == nil && st.Size > 0 && st.Size < 1<<30 {
		size = int(st.Size) + 1 // one more, to see the end in the same read
	}
	return readAll(fd, path, size)
}

// ReadRegular reads the file at path when it is a regular file (ok false,
// without waiting on it, for a fifo, a socket or a device), with its
// permission bits.
func ReadRegular(path string) (data []byte, perm fs.FileMode, ok bool, err error) {
	// O_NONBLOCK: opening a fifo must not wait for a writer.
	fd, err := open(path, syscall.O_NONBLOCK)
	if err != nil {
		return nil, 0, false, err
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, 0, false, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, 0, false, nil
	}
	// One byte more than the size, so that a file that grew since the
	// stat is read to its end by readAll's loop.
	if data, err = readAll(fd, path, int(st.Size)+1); err != nil {
		return nil, 0, false, err
	}
	return data, fs.FileMode(st.Mode & 0o777), true, nil
}

// open opens path read-only with the extra flags, again when a signal
// interrupts it.
func open(path string, flags int) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|flags, 0)
		if err != syscall.EINTR {
			if err != nil {
				return -1, &fs.PathError{Op: "open", Path: path, Err: err}
			}
			return fd, nil
		}
	}
}

// readAll reads fd to its end into a buffer of size bytes to start with,
// grown when the file is longer.
func readAll(fd int, path string, size int) ([]byte, error) {
	data := make([]byte, 0, size)
	for {
		n, err := syscall.Read(fd, data[len(data):cap(data)])
		if err == syscall.EINTR || err == syscall.EAGAIN {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return data, nil
		}
		data = data[:len(data)+n]
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
	}
}
