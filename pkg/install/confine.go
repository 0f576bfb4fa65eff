package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

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
func realPath(p string) (string, error) {
	return realPathDepth(p, 0)
}

// maxLinks bounds the links one resolution follows (a loop never ends).
const maxLinks = 40

func realPathDepth(p string, depth int) (string, error) {
	p = filepath.Clean(p)
	rest := ""
	for {
		r, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(r, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		// p does not resolve: either it is missing, or it exists as a
		// link whose target is missing (Lstat follows p's parents only).
		if fi, lerr := os.Lstat(p); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			if depth >= maxLinks {
				return "", fmt.Errorf("%s: too many levels of symbolic links", p)
			}
			link, err := os.Readlink(p)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(p), link)
			}
			r, err := realPathDepth(link, depth+1)
			if err != nil {
				return "", err
			}
			return filepath.Join(r, rest), nil
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(p, rest), nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// confined checks that dir, once its symlinks are resolved, is still inside
// the workspace root (realRoot is already resolved).
func confined(realRoot, dir string) error {
	r, err := realPath(dir)
	if err != nil {
		return err
	}
	if !within(realRoot, r) {
		return fmt.Errorf("%s leads out of the workspace (to %s) through a symlink; refusing to write there: remove the link and sync again", dir, r)
	}
	return nil
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
	realRoot, err := filepath.EvalSymlinks(root)
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
