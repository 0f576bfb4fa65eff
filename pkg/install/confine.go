package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/symposium-dev/symposium-go/pkg/fileedit"
)

// A workspace is often a repository the user just cloned, and everything in
// it may have been committed by someone else: a skills directory, or a
// skill directory that a forged manifest claims as ours, may be a
// symlink to anywhere. Nothing is written through such a link.

// within reports whether p is dir or below it (both cleaned, absolute).
func within(dir, p string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// realPath resolves every symlink on p, keeping the part that does not yet
// exist as it is. A dangling link is resolved too, to where a write through
// it would create its target: filepath.EvalSymlinks gives up on one, and a
// committed .mcp.json -> ../outside.json must count as leading out.
//
// On Windows a junction (mount point) is a link as well: since Go 1.23
// Lstat reports it as ModeIrregular, not ModeSymlink, and EvalSymlinks
// does not follow it (golang/go#40180): it fails with ENOTDIR on a path
// through one, and returns a path that ends in one unresolved, so a
// committed .claude\skills junction to C:\Users\me would pass as inside.
// Each junction met is read with os.Readlink and followed here.
func realPath(p string) (string, error) {
	return realPathDepth(p, 0)
}

// maxLinks bounds the links one resolution follows (a loop never ends).
const maxLinks = 40

// The file system calls realPath makes, and whether an irregular file may
// be a link (Windows): variables so that a test on any system can give
// them a junction's behaviour.
var (
	evalSymlinks    = filepath.EvalSymlinks
	lstat           = os.Lstat
	readlink        = os.Readlink
	irregularIsLink = runtime.GOOS == "windows"
)

func realPathDepth(p string, depth int) (string, error) {
	p = filepath.Clean(p)
	rest := ""
	for {
		r, err := evalSymlinks(p)
		if err == nil {
			if link, ok := junction(r); ok { // EvalSymlinks stopped at it
				return followLink(r, link, rest, depth)
			}
			return filepath.Join(r, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return "", err
		}
		// p does not resolve: it is missing, or it exists as a link whose
		// target is missing (Lstat follows p's parents only), or it is
		// reached through a junction.
		if fi, lerr := lstat(p); lerr == nil && fi.Mode()&(fs.ModeSymlink|fs.ModeIrregular) != 0 {
			link, err := readlink(p)
			if err == nil {
				return followLink(p, link, rest, depth)
			}
			if fi.Mode()&fs.ModeSymlink != 0 {
				return "", err
			}
			// An irregular file that is no link: a missing part below it.
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest), nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// followLink resolves rest below the link p, whose target is link.
func followLink(p, link, rest string, depth int) (string, error) {
	if depth >= maxLinks {
		return "", fmt.Errorf("%s: too many levels of symbolic links", p)
	}
	if !filepath.IsAbs(link) {
		link = filepath.Join(filepath.Dir(p), link)
	}
	return realPathDepth(filepath.Join(link, rest), depth+1)
}

// junction reads p when it is a junction or another link that Lstat
// reports as irregular (Windows); ok is false for anything else, and on
// Unix, where an irregular file is never a link.
func junction(p string) (link string, ok bool) {
	if !irregularIsLink {
		return "", false
	}
	fi, err := lstat(p)
	if err != nil || fi.Mode()&fs.ModeIrregular == 0 {
		return "", false
	}
	link, err = readlink(p)
	return link, err == nil
}

// confined checks that dir, once its symlinks are resolved, is still inside
// the workspace root (realRoot is already resolved).
func confined(realRoot, dir string) error {
	_, err := realConfined(realRoot, dir)
	return err
}

// realConfined is confined, also returning dir's real path.
func realConfined(realRoot, dir string) (string, error) {
	r, err := realPath(dir)
	if err != nil {
		return "", err
	}
	return r, leadsOut(realRoot, dir, r)
}

// leadsOut is confined's error for dir, whose real path is r.
func leadsOut(realRoot, dir, r string) error {
	if !within(realRoot, r) {
		return fmt.Errorf("%s leads out of the workspace (to %s) through a symlink; refusing to write there: remove the link and sync again", dir, r)
	}
	return nil
}

// realUnder is realPath(filepath.Join(root, rel)) for a relative, clean
// rel, where realRoot is realPath(root): rel's components are looked at
// from realRoot, one lstat each, while each is a real directory; the
// first that is missing leaves the rest as it is (nothing below it
// exists, and realPath keeps what does not exist), and anything else (a
// link, a junction, a file) resolves the whole path with realPath. A
// sync resolves the sixteen skills directories of every agent, most of
// them missing, before it copies anything: realPath walks the whole path
// from / for each missing component.
func realUnder(realRoot, root, rel string) (string, error) {
	p := realRoot
	for _, part := range strings.Split(filepath.FromSlash(rel), string(filepath.Separator)) {
		p = filepath.Join(p, part)
		fi, err := lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return filepath.Join(realRoot, rel), nil
		case err != nil || !fi.IsDir():
			return realPath(filepath.Join(root, rel))
		}
	}
	return p, nil
}

// confinedWriter refuses to write or remove a path in the workspace that
// leads out of it through a symlink (.mcp.json -> ~/.claude.json). Paths
// outside the workspace (the user's global agent files) are the user's own
// links and are written as the Writer always does.
type confinedWriter struct {
	fileedit.Writer
	root, realRoot string
}

// Confine wraps w so that nothing under root (a workspace) is written or
// removed through a symlink that leads out of it, for writers outside Run
// (init registers a project's hooks in the workspace it runs in).
func Confine(w fileedit.Writer, root string) fileedit.Writer {
	realRoot, err := realPath(root)
	if err != nil {
		realRoot = filepath.Clean(root)
	}
	return confinedWriter{Writer: w, root: filepath.Clean(root), realRoot: realRoot}
}

func (c confinedWriter) check(p string) error {
	if !within(c.root, filepath.Clean(p)) {
		return nil
	}
	return confined(c.realRoot, p)
}

func (c confinedWriter) WriteFile(p string, data []byte, perm fs.FileMode) (string, error) {
	if err := c.check(p); err != nil {
		return "", err
	}
	return c.Writer.WriteFile(p, data, perm)
}

func (c confinedWriter) Remove(p string) (string, error) {
	if err := c.check(filepath.Dir(p)); err != nil {
		return "", err
	}
	return c.Writer.Remove(p)
}

func (c confinedWriter) RemoveAll(p string) (string, error) {
	if err := c.check(filepath.Dir(p)); err != nil {
		return "", err
	}
	return c.Writer.RemoveAll(p)
}
