//go:build unix

package skill

import (
	"io/fs"
	"syscall"
)

// readFile is os.ReadFile in plain system calls: open, fstat, read,
// close. os.ReadFile also registers the file with the runtime's poller,
// which a regular file refuses (five system calls more: fcntl to and from
// non-blocking, epoll_ctl), and sym-match reads the SKILL.md of every skill
// of a catalogue it has not seen: thousands.
func readFile(p string) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(p, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	defer syscall.Close(fd)
	size := 512
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) == nil && st.Size > 0 && st.Size < 1<<30 {
		size = int(st.Size) + 1 // one more, to see the end in the same read
	}
	data := make([]byte, 0, size)
	for {
		n, err := syscall.Read(fd, data[len(data):cap(data)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: p, Err: err}
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
