//go:build !unix

package plugin

import (
	"errors"
	"os"
)

// dirAt: on this system the walk stats by path (see dirat_unix.go).
type dirAt struct{}

func readDirAt(dir string) (*dirAt, []os.DirEntry, error) {
	entries, err := os.ReadDir(dir)
	return nil, entries, err
}

func (d *dirAt) close() {}

func (d *dirAt) stat(rel string) (os.FileInfo, error) {
	return nil, errors.New("no relative stat on this system")
}

func (d *dirAt) lstat(rel string) (os.FileInfo, error) { return d.stat(rel) }

func (d *dirAt) dirStamp(name string) dirStamp { return dirStamp{} }
