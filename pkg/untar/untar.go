// Package untar is symposium's one unpacker of tar.gz archives from
// elsewhere: .crate files from a registry (pkg/cratefetch) and GitHub
// archives and release assets for hook installations (pkg/acquire).
// Such an archive is someone else's, so it is treated as hostile:
//
//   - every write goes through an os.Root, which keeps it inside the
//     destination even if a symlink were planted; the checks below come
//     first, so a refusal names the archive and the entry;
//   - names that are absolute, hold a '..' part, a backslash or a NUL are
//     refused, for link targets of hard links too;
//   - only directories, regular files and (as Options.Links says) links
//     are unpacked; a device, fifo or any other special entry refuses the
//     archive; PAX global headers are skipped;
//   - a file is created with O_EXCL, so a second entry for the same path
//     (or a file where a directory was) refuses the archive rather than
//     replacing what was written;
//   - links are made after every file, so no file is written through one;
//   - the unpacked size (each file and all of them) and the number of
//     entries are capped, and so is what is read of the decompressed
//     stream, so a decompression bomb stops early;
//   - only the executable bit of a file's mode is kept (0644 or 0755).
//
// Unpack writes into a directory the caller made for it and removes on a
// failure: a refused archive may have written some files there.
package untar

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
)

// Defaults for Options' caps.
const (
	DefaultMaxEntry   = 50 << 20  // bytes of one unpacked file
	DefaultMaxTotal   = 200 << 20 // bytes of all unpacked files
	DefaultMaxEntries = 50000     // entries of one archive
)

// AnyTop as Options.Top accepts one top directory of any name.
const AnyTop = "*"

// Links says what becomes of the archive's symlinks and hard links.
type Links int

const (
	// SkipLinks unpacks no link. A hard link's target must still be a
	// name the archive may hold; a symlink's target is not looked at, as
	// nothing is made of it.
	SkipLinks Links = iota
	// MakeLinks makes symlinks whose target stays inside the unpacked
	// directory (one whose target holds '..' is left out with a warning,
	// as where it points depends on other links) and hard links to a
	// regular file unpacked from the same archive; any other link refuses
	// the archive.
	MakeLinks
)

// Options says how an archive is unpacked. The zero value unpacks every
// entry at the destination's top, skips links and has the Default caps.
type Options struct {
	// Name names the archive (a file or URL) in errors and warnings.
	Name string
	// Top is the directory every entry must be in, as in a .crate
	// ("name-version"); it is taken off the names, and an entry outside it
	// refuses the archive. AnyTop accepts one top directory whatever its
	// name (a GitHub repository archive's "repo-ref"). "" means no top
	// directory; then a leading "./" is dropped from names, as
	// `tar -C dir -czf a.tgz .` writes them.
	Top string
	// Sub, "/"-separated, unpacks only the entries below this directory
	// (after Top), relative to it; the others are skipped.
	Sub   string
	Links Links
	// Caps; 0 means the Default constant.
	MaxEntry, MaxTotal int64
	MaxEntries         int
	// Warn receives notes about what was left out; nil drops them.
	Warn func(msg string)
}

// Error is a refused archive: hostile, broken, or over a cap.
type Error struct {
	Archive string // Options.Name
	Entry   string // the entry's name in the archive; "" when about the whole
	Reason  string
	// TooLarge says a cap was reached: the archive is big, which is not
	// to say it is hostile.
	TooLarge bool
	Err      error // the cause, if any
}

// Detail is the message without the archive's name, for callers that
// name it themselves.
func (e *Error) Detail() string {
	if e.Entry == "" {
		return e.Reason
	}
	return fmt.Sprintf("entry %q: %s", e.Entry, e.Reason)
}

func (e *Error) Error() string { return "unpacking " + e.Archive + ": " + e.Detail() }
func (e *Error) Unwrap() error { return e.Err }

// Unpack extracts the gzip-compressed tar archive r into dir, which must
// exist. A refusal is an *Error; other errors (dir cannot be opened) are
// returned as they are.
func Unpack(r io.Reader, dir string, o Options) error {
	u := &unpacker{o: o, n: names{top: o.Top, sub: o.Sub, anyTop: o.Top == AnyTop},
		maxEntry:   orDefault(o.MaxEntry, DefaultMaxEntry),
		maxTotal:   orDefault(o.MaxTotal, DefaultMaxTotal),
		maxEntries: orDefault(o.MaxEntries, DefaultMaxEntries),
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	u.root = root
	zr, err := gzip.NewReader(r)
	if err != nil {
		return u.refuse("", err, "not a gzip archive: %v", err)
	}
	// Headers, padding and skipped entries are not counted in maxTotal;
	// this bounds them too.
	tr := tar.NewReader(&capReader{r: zr, left: u.maxTotal + 16<<20})
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if errors.Is(err, errCapped) {
				return u.overTotal()
			}
			return u.refuse("", err, "broken tar archive: %v", err)
		}
		if err := u.entry(hdr, tr); err != nil {
			return err
		}
	}
	return u.links()
}

// unpacker is one Unpack: its limits, what it has unpacked so far, and
// the links it makes once every file is written.
type unpacker struct {
	o                  Options
	n                  names
	root               *os.Root
	maxEntry, maxTotal int64
	maxEntries         int
	total              int64
	entries            int
	symlinks           []link
	hardlinks          []link
}

// link is a symlink or hard link entry waiting for the files.
type link struct{ name, rel, target, linkname string }

func (u *unpacker) refuse(entry string, err error, format string, args ...any) error {
	return &Error{Archive: u.o.Name, Entry: entry, Reason: fmt.Sprintf(format, args...), Err: err}
}

func (u *unpacker) tooLarge(entry, format string, args ...any) error {
	return &Error{Archive: u.o.Name, Entry: entry, Reason: fmt.Sprintf(format, args...), TooLarge: true}
}

func (u *unpacker) overTotal() error {
	return u.tooLarge("", "unpacks to over %d bytes", u.maxTotal)
}

// entry checks one header and unpacks it (a file's contents from tr), or
// notes it for links, or skips it.
func (u *unpacker) entry(hdr *tar.Header, tr io.Reader) error {
	if hdr.Typeflag == tar.TypeXGlobalHeader {
		return nil
	}
	rel, skip, why := u.n.rel(hdr.Name)
	if why != "" {
		return u.refuse(hdr.Name, nil, "%s", why)
	}
	if u.entries++; u.entries > u.maxEntries {
		return u.tooLarge("", "more than %d entries", u.maxEntries)
	}
	switch hdr.Typeflag {
	case tar.TypeDir, tar.TypeReg, tar.TypeSymlink, tar.TypeLink:
	default: // refused even where skipped: no archive of ours has one
		return u.refuse(hdr.Name, nil, "unsupported entry type %q (device, fifo or other special file)", hdr.Typeflag)
	}
	if skip {
		if hdr.Typeflag == tar.TypeLink {
			if why := hostile(hdr.Linkname); why != "" {
				return u.refuse(hdr.Name, nil, "hard link to %q: %s", hdr.Linkname, why)
			}
		}
		return nil
	}
	if rel == "" {
		if hdr.Typeflag != tar.TypeDir {
			return u.refuse(hdr.Name, nil, "the top directory is not a directory")
		}
		return nil
	}
	switch hdr.Typeflag {
	case tar.TypeDir:
		if err := u.root.MkdirAll(rel, 0o755); err != nil {
			return u.refuse(hdr.Name, err, "%s", writeError(err))
		}
	case tar.TypeReg:
		return u.file(hdr, rel, tr)
	case tar.TypeSymlink:
		return u.symlink(hdr, rel)
	case tar.TypeLink:
		return u.hardlink(hdr, rel)
	}
	return nil
}

// file writes a regular file within the size limits.
func (u *unpacker) file(hdr *tar.Header, rel string, tr io.Reader) error {
	if hdr.Size > u.maxEntry {
		return u.tooLarge(hdr.Name, "%d bytes, over the %d-byte limit", hdr.Size, u.maxEntry)
	}
	if u.total += hdr.Size; u.total > u.maxTotal {
		return u.overTotal()
	}
	if err := writeFile(u.root, rel, hdr, tr); err != nil {
		if errors.Is(err, errCapped) {
			return u.overTotal()
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return u.refuse(hdr.Name, err, "broken tar archive: %v", err)
		}
		return u.refuse(hdr.Name, err, "%s", writeError(err))
	}
	return nil
}

// symlink notes a symlink whose target stays inside the destination.
func (u *unpacker) symlink(hdr *tar.Header, rel string) error {
	if u.o.Links == SkipLinks {
		return nil
	}
	t := hdr.Linkname
	if t == "" || path.IsAbs(t) || strings.ContainsAny(t, "\\\x00") || !filepath.IsLocal(path.Join(path.Dir(rel), t)) {
		return u.refuse(hdr.Name, nil, "symlink to %q leaves %s", t, u.n.where())
	}
	if hasDotDot(t) {
		if u.o.Warn != nil {
			u.o.Warn(fmt.Sprintf("%s: left out symlink %s -> %s (targets with .. are not followed)", u.o.Name, rel, t))
		}
		return nil
	}
	u.symlinks = append(u.symlinks, link{hdr.Name, rel, t, t})
	return nil
}

// hardlink notes a hard link to another file of the archive.
func (u *unpacker) hardlink(hdr *tar.Header, rel string) error {
	if why := hostile(hdr.Linkname); why != "" {
		return u.refuse(hdr.Name, nil, "hard link to %q: %s", hdr.Linkname, why)
	}
	if u.o.Links == SkipLinks {
		return nil
	}
	target, skip, why := u.n.rel(hdr.Linkname)
	if why != "" || skip || target == "" {
		return u.refuse(hdr.Name, nil, "hard link to %q is not a file in %s", hdr.Linkname, u.n.where())
	}
	u.hardlinks = append(u.hardlinks, link{hdr.Name, rel, target, hdr.Linkname})
	return nil
}

// links makes the links noted, after every file, so that no file is
// written through one.
func (u *unpacker) links() error {
	for _, l := range u.hardlinks {
		if fi, err := u.root.Lstat(l.target); err != nil || !fi.Mode().IsRegular() {
			return u.refuse(l.name, nil, "hard link to %q, which is not a file of the archive", l.linkname)
		}
		if err := mkParent(u.root, l.rel); err != nil {
			return u.refuse(l.name, err, "%s", writeError(err))
		}
		if err := u.root.Link(l.target, l.rel); err != nil {
			return u.refuse(l.name, err, "%s", writeError(err))
		}
	}
	for _, l := range u.symlinks {
		if err := mkParent(u.root, l.rel); err != nil {
			return u.refuse(l.name, err, "%s", writeError(err))
		}
		if err := symlink(u.root, l.target, l.rel); err != nil {
			if !cannotLink(err) {
				return u.refuse(l.name, err, "%s", writeError(err))
			}
			if err := u.copyLinked(l); err != nil {
				return u.refuse(l.name, err, "%s", writeError(err))
			}
		}
	}
	return nil
}

// cannotLink says the system refused to make a symlink at all: Windows
// without Developer Mode or the symlink privilege
// (ERROR_PRIVILEGE_NOT_HELD), or a file system without links (EPERM).
func cannotLink(err error) bool {
	const errorPrivilegeNotHeld = syscall.Errno(1314)
	return errors.Is(err, fs.ErrPermission) || runtime.GOOS == "windows" && errors.Is(err, errorPrivilegeNotHeld)
}

// copyLinked stands in for a symlink the system cannot make: a link to a
// regular file of the archive becomes a copy of it (what a checkout
// without symlink support would give is worse: a file holding the
// target's name); a link to anything else is left out, with a warning.
func (u *unpacker) copyLinked(l link) error {
	from := filepath.Join(filepath.Dir(l.rel), filepath.FromSlash(l.target))
	if fi, err := u.root.Lstat(from); err != nil || !fi.Mode().IsRegular() {
		if u.o.Warn != nil {
			u.o.Warn(fmt.Sprintf("%s: left out symlink %s -> %s (this system makes no symlinks here, and it is not a file of the archive)", u.o.Name, filepath.ToSlash(l.rel), l.target))
		}
		return nil
	}
	src, err := u.root.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	fi, err := src.Stat()
	if err != nil {
		return err
	}
	dst, err := u.root.OpenFile(l.rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// symlink makes a symlink (a variable so that a test can take the
// privilege away).
var symlink = (*os.Root).Symlink

// names turns entry names into paths below the destination.
type names struct {
	top, sub string
	anyTop   bool // top is the first entry's, when it comes
}

// rel returns name's path below the destination ("" for the destination
// itself), or skip for an entry outside Sub, or why it is refused.
func (n *names) rel(name string) (rel string, skip bool, why string) {
	if why := hostile(name); why != "" {
		return "", false, why
	}
	if n.anyTop {
		top, _, _ := strings.Cut(name, "/")
		if top == "" || top == "." {
			return "", false, "not in a top directory"
		}
		n.top, n.anyTop = top, false
	}
	rest := name
	switch n.top {
	case "":
		for strings.HasPrefix(rest, "./") {
			rest = rest[2:]
		}
	default:
		if name == n.top {
			return "", false, ""
		}
		var ok bool
		if rest, ok = strings.CutPrefix(name, n.top+"/"); !ok {
			return "", false, "outside " + n.top + "/"
		}
	}
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" || rest == "." {
		rest = "."
	} else if rest = path.Clean(rest); !filepath.IsLocal(rest) {
		return "", false, "not a path inside " + n.where()
	}
	if n.sub != "" {
		if rest == n.sub {
			return "", false, ""
		}
		var ok bool
		if rest, ok = strings.CutPrefix(rest, n.sub+"/"); !ok {
			return "", true, ""
		}
	}
	if rest == "." {
		return "", false, ""
	}
	return rest, false, ""
}

// where names what is unpacked, for messages.
func (n *names) where() string {
	w := strings.TrimSuffix(path.Join(n.top, n.sub), "/")
	if w == "" || n.anyTop {
		return "the archive's directory"
	}
	return w + "/"
}

// hostile says why name cannot be an archive entry's name ("" if it can).
func hostile(name string) string {
	switch {
	case strings.HasPrefix(name, "/"):
		return "absolute path"
	case strings.ContainsAny(name, "\\\x00"):
		return "backslash or NUL in the path"
	case hasDotDot(name):
		return "'..' in the path"
	}
	return ""
}

func hasDotDot(p string) bool {
	return slices.Contains(strings.Split(p, "/"), "..")
}

// writeError says what a failed write means for the archive.
func writeError(err error) string {
	switch {
	case errors.Is(err, errParent) && errors.Is(err, fs.ErrExist) || errors.Is(err, syscall.ENOTDIR):
		return fmt.Sprintf("a file of the archive is where its directory would be (%v)", err)
	case errors.Is(err, fs.ErrExist):
		return fmt.Sprintf("a second entry for the same path (%v)", err)
	}
	return err.Error()
}

var errParent = errors.New("making its directory")

func mkParent(root *os.Root, rel string) error {
	if d := path.Dir(rel); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("%w: %w", errParent, err)
		}
	}
	return nil
}

// writeFile writes one regular entry, which must not exist yet. Only the
// executable bit of the archive's mode is kept: set-id bits and odd
// permissions have no place here.
func writeFile(root *os.Root, rel string, hdr *tar.Header, r io.Reader) error {
	if err := mkParent(root, rel); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if hdr.Mode&0o111 != 0 {
		mode = 0o755
	}
	fh, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := io.CopyN(fh, r, hdr.Size); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

func orDefault[T int | int64](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
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
