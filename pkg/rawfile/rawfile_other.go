//go:build !unix

package rawfile

import (
	"io/fs"
	"os"
)

// Open is os.Open.
func Open(path string) (*os.File, error) { return os.Open(path) }

// Read is os.ReadFile.
func Read(path string) ([]byte, error) { return os.ReadFile(path) }

// ReadRegular reads the file at path when it is a regular file (ok false
// for anything else), with its permission bits.
func ReadRegular(path string) (data []byte, perm fs.FileMode, ok bool, err error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, 0, false, err
	}
	if !info.Mode().IsRegular() {
		return nil, 0, false, nil
	}
	data, err = os.ReadFile(path)
	return data, info.Mode().Perm(), err == nil, err
}
