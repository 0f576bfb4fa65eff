//go:build !unix

package install

import (
	"io/fs"
	"os"
)

// readRegular reads the file at p when it is a regular file (ok false for
// a fifo, a socket or a device, which is not skill content), with its
// permission bits.
func readRegular(p string) (data []byte, perm fs.FileMode, ok bool, err error) {
	info, err := os.Stat(p)
	if err != nil {
		return nil, 0, false, err
	}
	if !info.Mode().IsRegular() {
		return nil, 0, false, nil
	}
	data, err = os.ReadFile(p)
	return data, info.Mode().Perm(), err == nil, err
}
