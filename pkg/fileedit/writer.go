// Package fileedit edits users' agent settings files safely: atomic
// replacement that keeps permissions and symlinks, cross-process locking for
// read-modify-write, and order- and comment-preserving edits of JSON(C),
// TOML and YAML documents.
//
// Why edit and never regenerate: the files we register hooks and MCP
// servers in (~/.claude/settings.json, opencode.jsonc, ~/.codex/config.toml,
// ~/.config/goose/config.yaml, ...) belong to the user and to their agent.
// Decoding them into a map and encoding it again would sort their keys,
// drop their comments, re-indent them and lose keys a newer agent added.
// So each format is parsed only to locate things, and every edit splices
// text into the original bytes: what we did not change stays byte for
// byte what the user wrote, and inserted text copies the file's own
// indentation and line endings. Removing what we inserted gives back the
// original bytes; setting a value it already has changes nothing.
//
// Writes go through a Writer: Real replaces files atomically (renameio:
// temp file in the same directory, fsync, rename) and skips identical
// bytes, so an unchanged file keeps its mtime; DryRun reports the same
// statuses without touching the disk. Lock serialises read-modify-write
// across processes, since a rename alone would lose one of two concurrent
// updates.
package fileedit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/lockedfile"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
)

// Statuses returned by Writer methods.
const (
	StatusCreated   = "created"
	StatusUpdated   = "updated"
	StatusUnchanged = "unchanged"
	StatusRemoved   = "removed"
)

// Writer is where edits go: the real file system or a dry run.
type Writer interface {
	// WriteFile replaces path atomically with data (creating parent
	// directories). Identical bytes are not written ("unchanged"). A
	// symlink is written through to its target so the link survives;
	// other non-regular files are refused.
	WriteFile(path string, data []byte, perm fs.FileMode) (status string, err error)
	// Remove deletes one file: "removed", or "unchanged" when absent.
	Remove(path string) (status string, err error)
	// RemoveAll deletes a directory tree: "removed", or "unchanged" when absent.
	RemoveAll(dir string) (status string, err error)
	// ReadFile reads a file; a dry run sees its own pending changes.
	ReadFile(path string) ([]byte, error)
}

// Real writes to the file system.
func Real() Writer { return realWriter{} }

type realWriter struct{}

// resolve follows symlinks at p to the file that is really written, and
// refuses anything that is not a regular file. exists reports whether the
// target exists.
func resolve(p string) (target string, exists bool, err error) {
	target = p
	for range 40 {
		fi, err := os.Lstat(target)
		if errors.Is(err, fs.ErrNotExist) {
			return target, false, nil
		}
		if err != nil {
			return "", false, err
		}
		switch {
		case fi.Mode().IsRegular():
			return target, true, nil
		case fi.Mode()&fs.ModeSymlink != 0:
			link, err := os.Readlink(target)
			if err != nil {
				return "", false, err
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(target), link)
			}
			target = link
		default:
			return "", false, fmt.Errorf("%s: not a regular file (%s)", p, fi.Mode().Type())
		}
	}
	return "", false, fmt.Errorf("%s: too many levels of symbolic links", p)
}

func (realWriter) WriteFile(p string, data []byte, perm fs.FileMode) (string, error) {
	target, exists, err := resolve(p)
	if err != nil {
		return "", err
	}
	status := StatusCreated
	if exists {
		old, err := os.ReadFile(target)
		if err != nil {
			return "", err
		}
		if bytes.Equal(old, data) {
			atomicfile.Sweep(target) // a caller that never read it first
			return StatusUnchanged, nil
		}
		// A rename needs only the directory's permission, so it would
		// replace a file its owner made read-only: respect the mode.
		if readOnly(target) {
			return "", fmt.Errorf("%s is read-only; not changed (to let symposium update it: %s)", p, makeWritable(p))
		}
		status = StatusUpdated
	}
	if err := atomicfile.WriteKeepMode(target, data, perm); err != nil {
		return "", fmt.Errorf("writing %s: %w", p, err)
	}
	return status, nil
}

func (realWriter) Remove(p string) (string, error) {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return StatusUnchanged, nil
	}
	if err != nil {
		return "", err
	}
	if fi.IsDir() {
		return "", fmt.Errorf("%s: is a directory", p)
	}
	if err := os.Remove(p); err != nil {
		return "", err
	}
	return StatusRemoved, nil
}

func (realWriter) RemoveAll(dir string) (string, error) {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return StatusUnchanged, nil
	} else if err != nil {
		return "", err
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	return StatusRemoved, nil
}

// ReadFile reads p; like a write, it first sweeps what killed writes of p
// left beside it, so leftovers go even when the next sync changes nothing.
func (realWriter) ReadFile(p string) ([]byte, error) {
	if target, _, err := resolve(p); err == nil {
		atomicfile.Sweep(target)
	}
	return os.ReadFile(p)
}

// DryRun computes the same statuses as Real and writes nothing; its reads
// see its own pending writes and removals.
func DryRun() Writer { return &dryRun{files: map[string]*pending{}, dirs: map[string]bool{}} }

type pending struct {
	data    []byte // nil with removed
	removed bool
}

type dryRun struct {
	mu      sync.Mutex
	files   map[string]*pending
	removed []string        // directories removed with RemoveAll
	dirs    map[string]bool // directories a pending write would create
}

func (d *dryRun) key(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

func (d *dryRun) underRemoved(k string) bool {
	for _, r := range d.removed {
		if k == r || strings.HasPrefix(k, r+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// read returns the dry run's view of k: data, exists.
func (d *dryRun) read(k string) ([]byte, bool, error) {
	if f, ok := d.files[k]; ok {
		if f.removed {
			return nil, false, nil
		}
		return f.data, true, nil
	}
	if d.underRemoved(k) {
		return nil, false, nil
	}
	b, err := os.ReadFile(k)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	return b, err == nil, err
}

func (d *dryRun) WriteFile(p string, data []byte, perm fs.FileMode) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	target, _, err := resolve(p)
	if err != nil {
		return "", err
	}
	k := d.key(target)
	old, exists, err := d.read(k)
	if err != nil {
		return "", err
	}
	status := StatusCreated
	if exists {
		if bytes.Equal(old, data) {
			return StatusUnchanged, nil
		}
		status = StatusUpdated
	}
	d.files[k] = &pending{data: bytes.Clone(data)}
	for dir := filepath.Dir(k); !d.dirs[dir] && dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		if _, err := os.Lstat(dir); err == nil && !d.underRemoved(dir) {
			break
		}
		d.dirs[dir] = true
	}
	return status, nil
}

func (d *dryRun) Remove(p string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	k := d.key(p)
	if fi, err := os.Lstat(k); err == nil && fi.IsDir() && !d.underRemoved(k) {
		return "", fmt.Errorf("%s: is a directory", p)
	}
	_, exists, err := d.read(k)
	if err != nil {
		return "", err
	}
	if !exists {
		return StatusUnchanged, nil
	}
	d.files[k] = &pending{removed: true}
	return StatusRemoved, nil
}

func (d *dryRun) RemoveAll(dir string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	k := d.key(dir)
	exists := false
	if _, err := os.Lstat(k); err == nil && !d.underRemoved(k) {
		exists = true
	}
	for dir := range d.dirs {
		if dir == k || strings.HasPrefix(dir, k+string(filepath.Separator)) {
			exists = true
			delete(d.dirs, dir)
		}
	}
	for f, pf := range d.files {
		if (f == k || strings.HasPrefix(f, k+string(filepath.Separator))) && !pf.removed {
			exists = true
			delete(d.files, f)
		}
	}
	if !exists {
		return StatusUnchanged, nil
	}
	d.removed = append(d.removed, k)
	return StatusRemoved, nil
}

func (d *dryRun) ReadFile(p string) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	k := d.key(p)
	if target, _, err := resolve(p); err == nil {
		k = d.key(target)
	}
	b, exists, err := d.read(k)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	return bytes.Clone(b), nil
}

// Lock takes the cross-process lock lockDir/locks/<name>.lock, serialising
// read-modify-write of the files it guards (a rename alone would lose one of
// two concurrent updates). lockDir is a directory we own (the cache), never
// the user's: the lock file must not appear next to their settings. name is
// a fixed name ("install") or the path of the guarded file; a name that is
// not a plain file name is hashed into one. Call unlock when done.
func Lock(lockDir, name string) (unlock func(), err error) {
	dir := filepath.Join(lockDir, "locks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating lock directory: %w", err)
	}
	unlock, err = lockedfile.MutexAt(filepath.Join(dir, lockName(name))).Lock()
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", name, err)
	}
	return unlock, nil
}

// lockName is the lock file's name for name: itself when it is a short
// plain name, else a hash of it (of the absolute path for a path, so that
// two spellings of one file share a lock).
func lockName(name string) string {
	if name != "" && len(name) <= 64 && !strings.ContainsAny(name, `/\:`) && name != "." && name != ".." {
		return name + ".lock"
	}
	if abs, err := filepath.Abs(name); err == nil && strings.ContainsAny(name, `/\`) {
		name = abs
	}
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:12]) + ".lock"
}
