//go:build !linux && !darwin

package rawfile

import "os"

// SizeMTime is a path's size and modification time (nanoseconds since
// the epoch), following symlinks: os.Stat's.
func SizeMTime(path string) (size, mtime int64, err error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, 0, err
	}
	return fi.Size(), fi.ModTime().UnixNano(), nil
}
