package cratesrc

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
)

// staleUnpack is how old an unpack's temp directory must be before another
// process takes it for a killed one's leftover.
const staleUnpack = 10 * time.Minute

// unpack extracts a .crate archive (already size- and checksum-checked)
// into CacheDir/crates/<name>-<version>. It unpacks into a temp directory
// beside the target and renames it into place, so a reader never sees half
// a crate and a refused archive leaves nothing.
func (f *Fetcher) unpack(c Crate, from string, data []byte) (string, error) {
	if f.CacheDir == "" {
		return "", &UnavailableError{Crate: c, Reason: "no cache directory to unpack " + from + " into"}
	}
	dst := filepath.Join(f.CacheDir, "crates", dirName(c))
	atomicfile.SweepDirs(dst, staleUnpack)
	tmp, err := atomicfile.TempDir(dst)
	if err != nil {
		return "", &UnavailableError{Crate: c, Reason: "unpacking into " + filepath.Dir(dst), Err: err}
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	if err := f.untar(c, from, data, tmp); err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	if err := os.WriteFile(filepath.Join(tmp, okFile), []byte(hex.EncodeToString(sum[:])+"\n"), 0o644); err != nil {
		return "", &UnavailableError{Crate: c, Reason: "unpacking into " + tmp, Err: err}
	}
	// Another process may have unpacked the same archive meanwhile; its
	// copy is kept, as a reader may be in it.
	same := Crate{Name: c.Name, Version: c.Version, Checksum: hex.EncodeToString(sum[:])}
	if dir := f.cached(same); dir != "" {
		return dir, nil
	}
	if err := f.place(tmp, dst); err != nil {
		if dir := f.cached(same); dir != "" {
			return dir, nil
		}
		return "", &UnavailableError{Crate: c, Reason: "moving the unpacked crate to " + dst, Err: err}
	}
	done = true
	return dst, nil
}

// place moves tmp to dst. An existing dst (unfinished, or from another
// archive) is first renamed aside under a temp name, so SweepDirs removes
// it if we die before doing so ourselves.
func (f *Fetcher) place(tmp, dst string) error {
	if _, err := os.Lstat(dst); err == nil {
		old, err := atomicfile.TempDir(dst)
		if err != nil {
			return err
		}
		if err := os.Remove(old); err != nil {
			return err
		}
		if err := os.Rename(dst, old); err != nil {
			return err
		}
		defer os.RemoveAll(old)
	}
	return atomicfile.ReplaceDir(tmp, dst)
}

// untar writes the archive's <name>-<version>/ entries into dir. All
// writes go through an os.Root, which the kernel-level checks of Go keep
// inside dir even if a symlink were planted; the checks here come first so
// a hostile archive is refused with a message naming the entry.
func (f *Fetcher) untar(c Crate, from string, data []byte, dir string) error {
	maxEntry := orDefault(f.MaxEntry, DefaultMaxEntry)
	maxTotal := orDefault(f.MaxTotal, DefaultMaxTotal)
	maxFiles := orDefault(f.MaxFiles, DefaultMaxFiles)
	refuse := func(format string, args ...any) error {
		return &RefusedError{Crate: c, From: from, Reason: fmt.Sprintf(format, args...),
			Fix: "the archive is not what cargo publishes; report it to the registry or the crate's authors"}
	}
	// Big is not hostile: cargo unpacks such a crate into registry/src,
	// which is read before any archive.
	tooLarge := func(format string, args ...any) error {
		return &RefusedError{Crate: c, From: from, Reason: fmt.Sprintf(format, args...), Fix: fixTooBig}
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return refuse("not a gzip archive: %v", err)
	}
	// Headers, padding and skipped entries are not counted in maxTotal;
	// this bounds them too.
	tr := tar.NewReader(&capReader{r: zr, left: maxTotal + 16<<20})
	root, err := os.OpenRoot(dir)
	if err != nil {
		return &UnavailableError{Crate: c, Reason: "unpacking into " + dir, Err: err}
	}
	defer root.Close()

	prefix := dirName(c) + "/"
	type link struct{ name, target string }
	var symlinks, hardlinks []link
	var total int64
	files := 0
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if errors.Is(err, errCapped) {
				return tooLarge("unpacks to over %d bytes", maxTotal)
			}
			return refuse("broken tar archive: %v", err)
		}
		if hdr.Typeflag == tar.TypeXGlobalHeader {
			continue
		}
		rel, why := entryPath(hdr.Name, prefix)
		if why != "" {
			return refuse("entry %q: %s", hdr.Name, why)
		}
		if files++; files > maxFiles {
			return tooLarge("more than %d entries", maxFiles)
		}
		if rel == "" {
			if hdr.Typeflag != tar.TypeDir {
				return refuse("entry %q: the top directory is not a directory", hdr.Name)
			}
			continue
		}
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := root.MkdirAll(rel, 0o755); err != nil {
				return refuse("entry %q: %v", hdr.Name, err)
			}
		case tar.TypeReg, '\x00': // '\x00' is the pre-POSIX regular file
			if hdr.Size > maxEntry {
				return tooLarge("entry %q is %d bytes, over the %d-byte limit", hdr.Name, hdr.Size, maxEntry)
			}
			if total += hdr.Size; total > maxTotal {
				return tooLarge("unpacks to over %d bytes", maxTotal)
			}
			if err := writeEntry(root, rel, hdr, tr); err != nil {
				if errors.Is(err, errCapped) {
					return tooLarge("unpacks to over %d bytes", maxTotal)
				}
				return refuse("entry %q: %v", hdr.Name, err)
			}
		case tar.TypeSymlink:
			t := hdr.Linkname
			if t == "" || path.IsAbs(t) || strings.Contains(t, "\\") {
				return refuse("entry %q: symlink to %q leaves the crate directory", hdr.Name, t)
			}
			if !filepath.IsLocal(path.Join(path.Dir(rel), t)) {
				return refuse("entry %q: symlink to %q leaves the crate directory", hdr.Name, t)
			}
			// With ".." in a target, where the link points depends on other
			// links (a -> . makes b -> a/.. the parent); it is left out rather
			// than resolved.
			if hasDotDot(t) {
				f.warn("%s: left out symlink %s -> %s from %s (targets with .. are not followed)", c, rel, t, from)
				continue
			}
			symlinks = append(symlinks, link{rel, t})
		case tar.TypeLink:
			target, why := entryPath(hdr.Linkname, prefix)
			if why != "" || target == "" {
				return refuse("entry %q: hard link to %q leaves the crate directory", hdr.Name, hdr.Linkname)
			}
			hardlinks = append(hardlinks, link{rel, target})
		default:
			return refuse("entry %q: unsupported entry type %q (device, fifo or other special file)", hdr.Name, hdr.Typeflag)
		}
	}
	// Links are made after every file, so no file is written through one.
	for _, l := range hardlinks {
		if fi, err := root.Lstat(l.target); err != nil || !fi.Mode().IsRegular() {
			return refuse("entry %q: hard link to %q, which is not a file of the crate", l.name, l.target)
		}
		if err := mkParent(root, l.name); err != nil {
			return refuse("entry %q: %v", l.name, err)
		}
		if err := root.Link(l.target, l.name); err != nil {
			return refuse("entry %q: %v", l.name, err)
		}
	}
	for _, l := range symlinks {
		if err := mkParent(root, l.name); err != nil {
			return refuse("entry %q: %v", l.name, err)
		}
		if err := root.Symlink(l.target, l.name); err != nil {
			return refuse("entry %q: %v", l.name, err)
		}
	}
	if fi, err := root.Lstat("Cargo.toml"); err != nil || !fi.Mode().IsRegular() {
		return refuse("no %sCargo.toml in the archive", prefix)
	}
	return nil
}

// entryPath returns an archive entry's path below prefix, or why it is
// refused. Cargo writes every entry under <name>-<version>/.
func entryPath(name, prefix string) (rel, why string) {
	switch {
	case strings.HasPrefix(name, "/"):
		return "", "absolute path"
	case strings.ContainsAny(name, "\\\x00"):
		return "", "backslash or NUL in the path"
	case hasDotDot(name):
		return "", "'..' in the path"
	}
	if name+"/" == prefix {
		return "", ""
	}
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return "", "outside " + prefix
	}
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" {
		return "", ""
	}
	rel = path.Clean(rest)
	if !filepath.IsLocal(rel) {
		return "", "not a path inside the crate"
	}
	return rel, ""
}

func hasDotDot(p string) bool {
	for _, part := range strings.Split(p, "/") {
		if part == ".." {
			return true
		}
	}
	return false
}

func mkParent(root *os.Root, rel string) error {
	if d := path.Dir(rel); d != "." {
		return root.MkdirAll(d, 0o755)
	}
	return nil
}

// writeEntry writes one regular entry. Only the executable bit of the
// archive's mode is kept: set-id bits and odd permissions have no place in
// a source tree.
func writeEntry(root *os.Root, rel string, hdr *tar.Header, r io.Reader) error {
	if err := mkParent(root, rel); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if hdr.Mode&0o111 != 0 {
		mode = 0o755
	}
	fh, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.CopyN(fh, r, hdr.Size); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

var errCapped = errors.New("size cap reached")

// capReader fails once more than left bytes were read.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errCapped
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
