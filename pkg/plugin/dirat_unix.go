//go:build unix

package plugin

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// dirAt is a directory the walk has read and keeps open while it looks
// at its subdirectories: their SYMPOSIUM.toml and SKILL.md are stat'ed
// relative to it (fstatat), so the kernel walks two path components
// instead of the whole path. The two stats per skill directory were a
// fifth to a third of a warm sym-match (#26); relative, a warm sym-match
// of 5,000 skills on tmpfs took 62 ms instead of 65 (medians of 12).
// A SYMPOSIUM.toml beside SKILL.md makes the directory a plugin, and only
// a stat says it is absent; once the skill cache holds the directory's
// stamp (dirStamp), a stat of the directory, which finds it, says nothing
// was added instead.
type dirAt struct {
	f  *os.File
	fd int
}

// readDirAt is os.ReadDir that also returns dir opened for statAt (nil
// when the entries could not all be read; then so is the error).
func readDirAt(dir string) (*dirAt, []os.DirEntry, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	entries, err := f.ReadDir(-1)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return &dirAt{f: f, fd: int(f.Fd())}, entries, nil
}

func (d *dirAt) close() {
	if d != nil {
		d.f.Close()
	}
}

// stat is os.Stat of rel (a path below d, slash-separated) as far as the
// walk needs it: the mode's type and permissions, the size and the
// modification time.
func (d *dirAt) stat(rel string) (os.FileInfo, error) { return d.statFlags(rel, 0) }

// lstat is stat of rel itself when it is a symlink.
func (d *dirAt) lstat(rel string) (os.FileInfo, error) {
	return d.statFlags(rel, unix.AT_SYMLINK_NOFOLLOW)
}

func (d *dirAt) fstatat(rel string, st *unix.Stat_t, flags int) error {
	for {
		if err := unix.Fstatat(d.fd, rel, st, flags); err != unix.EINTR {
			return err
		}
	}
}

func (d *dirAt) statFlags(rel string, flags int) (os.FileInfo, error) {
	var st unix.Stat_t
	if err := d.fstatat(rel, &st, flags); err != nil {
		return nil, &fs.PathError{Op: "fstatat", Path: rel, Err: err}
	}
	mode := fs.FileMode(st.Mode & 0o777)
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
	case unix.S_IFDIR:
		mode |= fs.ModeDir
	case unix.S_IFLNK:
		mode |= fs.ModeSymlink
	default:
		mode |= fs.ModeIrregular
	}
	sec, nsec := st.Mtim.Unix()
	return &statInfo{name: rel[strings.LastIndexByte(rel, '/')+1:], size: st.Size, mode: mode, mtime: time.Unix(sec, nsec)}, nil
}

// statInfo is the os.FileInfo of dirAt.stat.
type statInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

func (s *statInfo) Name() string       { return s.name }
func (s *statInfo) Size() int64        { return s.size }
func (s *statInfo) Mode() fs.FileMode  { return s.mode }
func (s *statInfo) ModTime() time.Time { return s.mtime }
func (s *statInfo) IsDir() bool        { return s.mode.IsDir() }
func (s *statInfo) Sys() any           { return nil }

// dirStamp returns the stamp of d's subdirectory name (see dirStamp), or
// the zero stamp when it is not a directory or was modified within
// racyWindow (a change in the same clock tick could leave it as it is).
func (d *dirAt) dirStamp(name string) dirStamp {
	var st unix.Stat_t
	if d.fstatat(name, &st, unix.AT_SYMLINK_NOFOLLOW) != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR {
		return dirStamp{}
	}
	if time.Since(time.Unix(st.Mtim.Unix())) < racyWindow {
		return dirStamp{}
	}
	return newDirStamp(uint64(st.Dev), uint64(st.Ino), st.Mtim.Nano(), st.Ctim.Nano())
}
