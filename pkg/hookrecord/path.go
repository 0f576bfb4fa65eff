package hookrecord

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/rawfile"
	"github.com/symposium-dev/symposium-go/pkg/sha256"
)

// rootKey is root as workspace states are keyed and compared: clean, a
// share's root with its separator, and folded to one case where the
// system's file systems ignore case. The hook finds a state from the
// agent's payload cwd by its text alone (no file system call per level),
// so two spellings of one directory must give one key.
func rootKey(root string) string {
	return foldPath(runtime.GOOS, cleanRoot(root))
}

// cleanRoot is filepath.Clean, except that a path that is a UNC share's
// volume alone (\\server\share, as a payload cwd may say) gets its
// separator: Windows names that directory \\server\share\, and that is
// what filepath.Dir yields walking up from below it.
func cleanRoot(root string) string {
	root = filepath.Clean(root)
	if vol := filepath.VolumeName(root); vol == root && len(vol) > 2 && os.IsPathSeparator(vol[0]) {
		root += string(filepath.Separator)
	}
	return root
}

// foldPath folds p's case on systems whose file systems ignore it: NTFS
// and FAT on Windows, APFS and HFS+ as macOS formats them by default. A
// case-sensitive volume there is rare; two workspaces whose roots differ
// only in case would then share one state, and each sync would rewrite
// it, costing a sync, never a wrong answer (load checks the stored root).
func foldPath(goos, p string) string {
	switch goos {
	case "windows", "darwin", "ios":
		return strings.ToUpper(p)
	}
	return p
}

// Dir is the directory holding all workspaces' records.
func Dir(cacheDir string) string { return filepath.Join(cacheDir, "sync-state") }

// Path is the hook record of the workspace at root.
func Path(cacheDir, root string) string {
	return filepath.Join(Dir(cacheDir), Key(root)+".hook")
}

// Key names the records of the workspace at root (the hook record and
// pkg/syncstate's others) in Dir.
func Key(root string) string {
	sum := sha256.Sum256([]byte(rootKey(root)))
	return hexString(sum[:12])
}

// SameRoot reports whether a and b name one workspace root.
func SameRoot(a, b string) bool { return rootKey(a) == rootKey(b) }

// CallDir is the directory a hook call is in, whose record it reads: the
// payload's cwd when it names an existing directory, else the process's
// (processCwd; "" when it cannot be had).
func CallDir(payloadCwd string, processCwd func() string) string {
	if payloadCwd != "" && filepath.IsAbs(payloadCwd) {
		if fi, err := os.Stat(payloadCwd); err == nil && fi.IsDir() {
			return filepath.Clean(payloadCwd)
		}
	}
	return processCwd()
}

// Find returns the header of the hook record of the workspace containing
// dir: the nearest of dir and its ancestors that has one (Nearest). It
// only tries to open candidate records (no manifest is read), so the hook
// path can afford it on every call. (nil, nil) when no ancestor has one;
// an error when the nearest one cannot be read.
func Find(cacheDir, dir string) (h *Header, err error) {
	Nearest(dir, func(root string) (exists bool) {
		h, _, exists, err = Load(cacheDir, root, false)
		return exists
	})
	return h, err
}

// Nearest calls try with dir, cleaned, then with each of its ancestors
// until try reports that a record exists there: one open per level, which
// the hook path pays on every call.
func Nearest(dir string, try func(root string) (exists bool)) {
	dir = cleanRoot(dir)
	for !try(dir) {
		parent := filepath.Dir(dir)
		if parent == dir {
			return
		}
		dir = parent
	}
}

// Load reads the header of root's hook record, and with withBody keeps
// its body (the stored hooks' lines) for reading; exists tells whether a
// record is there at all (Nearest walks up past a directory that has
// none). A corrupt or older record, or one of another root, reads as nil:
// it only means "sync again".
func Load(cacheDir, root string, withBody bool) (h *Header, body *Body, exists bool, err error) {
	h, body, exists, err = read(Path(cacheDir, root), withBody)
	if h != nil && !SameRoot(h.WorkspaceRoot, root) {
		body.Close()
		return nil, nil, true, nil
	}
	return h, body, exists, err
}

// Body is what follows a hook record's header: the stored hooks' lines,
// which the header's Groups point into.
type Body struct {
	io.ReaderAt
	file *os.File // open while the body reads from it
}

// Close releases the file the body reads from, if any.
func (b *Body) Close() {
	if b != nil && b.file != nil {
		b.file.Close()
		b.file = nil
	}
}

// read reads the record at path: its header, and with withBody its body
// (from memory when readHeader read it all, else from the file, left
// open). A file that is not a record of this format gives a nil header.
func read(path string, withBody bool) (*Header, *Body, bool, error) {
	f, err := rawfile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, false, nil
	}
	if err != nil {
		return nil, nil, true, err
	}
	header, rest, bodyLen, whole, err := readHeader(f)
	var h *Header
	if err == nil && header != nil {
		h = parseHeader(header, bodyLen)
	}
	switch {
	case h == nil || !withBody:
		f.Close()
		return h, nil, true, err
	case whole:
		f.Close()
		return h, &Body{ReaderAt: bytes.NewReader(rest)}, true, nil
	}
	return h, &Body{ReaderAt: io.NewSectionReader(f, int64(len(header))+1, bodyLen), file: f}, true, nil
}

// ConfigPath is the config record: a header (Header) with no workspace,
// whose one input is the user's config file, stored by every sync. It is
// what a hook call outside any synced workspace reads of the config, the
// lean path's answer to "would the full hook, parsing the config, log or
// complain here?" without parsing it.
func ConfigPath(cacheDir string) string { return filepath.Join(Dir(cacheDir), "config.hook") }

// LoadConfig reads the config record; nil when there is none or it does
// not parse.
func LoadConfig(cacheDir string) *Header {
	h, _, _, _ := read(ConfigPath(cacheDir), false)
	return h
}
