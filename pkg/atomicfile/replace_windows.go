//go:build windows

package atomicfile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"golang.org/x/sys/windows"
)

// replace writes data to a temp file beside path (named like renameio's,
// so Sweep finds a killed write's leftover), syncs it, and renames it over
// path (MoveFileEx with MOVEFILE_REPLACE_EXISTING, atomic on NTFS). While
// another program holds path open the rename is refused; it is retried,
// and when it still fails the temp file is removed and path is untouched.
func replace(path string, data []byte, perm fs.FileMode, keepMode bool) error {
	if keepMode {
		if fi, err := os.Stat(path); err == nil {
			perm = fi.Mode().Perm()
		}
	}
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	err = renameRetrying(path, func() error { return os.Rename(tmp, path) }, busy, time.Sleep)
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// writeTemp writes data to a new "." + base + number file beside path.
func writeTemp(path string, data []byte, perm fs.FileMode) (string, error) {
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)
	for range 100 {
		tmp := filepath.Join(dir, prefix+strconv.FormatInt(rand.Int64(), 10))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(tmp)
			return "", err
		}
		return tmp, nil
	}
	return "", &fs.PathError{Op: "createtemp", Path: path, Err: fs.ErrExist}
}

// busy reports whether a rename failed because another program has the
// target open (or, indistinguishably, the target is read-only).
func busy(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) ||
		errors.Is(err, windows.ERROR_ACCESS_DENIED) ||
		errors.Is(err, windows.ERROR_LOCK_VIOLATION)
}
