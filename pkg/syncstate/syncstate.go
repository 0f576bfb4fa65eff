// Package syncstate stores what a sync computed for one workspace: a
// fingerprint of its inputs and the match result. It is all the hook hot
// path reads: one ReadFile, one Unmarshal, and a stat per input.
//
// The state lives in the cache directory, keyed by the workspace root, never
// in the user's workspace.
package syncstate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// formatVersion changes whenever State's shape changes incompatibly.
const formatVersion = 1

// modTimeCutoff: an input modified this recently may still be changing
// within its mtime granularity, so a fingerprint covering it is not trusted
// (as cmd/go's module index does).
const modTimeCutoff = 2 * time.Second

// FileStamp is one input file's identity. Size -1 means the file was absent.
type FileStamp struct {
	Path  string `json:"path"`
	Size  int64  `json:"size"`
	MTime int64  `json:"mtime_ns"`
	Dir   bool   `json:"-"` // what the stat said; not stored
}

// State is what one sync stored for one workspace.
type State struct {
	Version       int                `json:"version"`
	WorkspaceRoot string             `json:"workspace_root"`
	Inputs        []FileStamp        `json:"inputs"`
	Extra         string             `json:"extra"`   // digest of non-file inputs (agent list, scope, binary version)
	Trusted       bool               `json:"trusted"` // false when an input was too fresh to trust
	Skills        []stream.Skill     `json:"skills"`
	Hooks         []stream.Hook      `json:"hooks"`
	MCPServers    []stream.MCPServer `json:"mcp_servers"`
}

// Dir is the directory holding all workspaces' states.
func Dir(cacheDir string) string { return filepath.Join(cacheDir, "sync-state") }

// Path is the state file for the workspace at root.
func Path(cacheDir, root string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	return filepath.Join(Dir(cacheDir), hex.EncodeToString(sum[:12])+".json")
}

// Load reads the state of the workspace at root; (nil, nil) when none.
func Load(cacheDir, root string) (*State, error) {
	data, err := os.ReadFile(Path(cacheDir, root))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, nil // a corrupt state only means "sync again"
	}
	if st.Version != formatVersion || st.WorkspaceRoot != filepath.Clean(root) {
		return nil, nil
	}
	return &st, nil
}

// Stamp stats every path, in order (several goroutines share a long list,
// as in StampsFresh). Trusted says whether the stamps can be relied on.
func Stamp(paths []string) []FileStamp {
	stamps := make([]FileStamp, len(paths))
	eachChunk(len(paths), func(lo, hi int) bool {
		for i := lo; i < hi; i++ {
			stamps[i] = stampOf(paths[i])
		}
		return true
	})
	return stamps
}

func stampOf(p string) FileStamp {
	fi, err := os.Stat(p)
	if err != nil {
		return FileStamp{Path: p, Size: -1}
	}
	return FileStamp{Path: p, Size: fi.Size(), MTime: fi.ModTime().UnixNano(), Dir: fi.IsDir()}
}

// Trusted reports whether no stamped file changed within modTimeCutoff of
// now.
func Trusted(stamps []FileStamp, now time.Time) bool {
	cutoff := now.Add(-modTimeCutoff).UnixNano()
	for _, s := range stamps {
		if s.Size != -1 && s.MTime > cutoff {
			return false
		}
	}
	return true
}

// Merge sorts stamp lists into one by path, each path once.
func Merge(lists ...[]FileStamp) []FileStamp {
	var out []FileStamp
	for _, l := range lists {
		out = append(out, l...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	uniq := out[:0]
	for i, s := range out {
		if i == 0 || s.Path != out[i-1].Path {
			uniq = append(uniq, s)
		}
	}
	return uniq
}

// Fresh reports whether the stored fingerprint still describes the inputs
// on disk and the given extra digest. An untrusted state is never fresh.
func (s *State) Fresh(extra string) bool {
	return s != nil && s.Trusted && s.Extra == extra && StampsFresh(s.Inputs)
}

// Encode is st as stored (pkg/syncstate/write stores it): this format's
// version, the root cleaned.
func Encode(st *State) ([]byte, error) {
	st.Version = formatVersion
	st.WorkspaceRoot = filepath.Clean(st.WorkspaceRoot)
	return json.Marshal(st)
}

// Find returns the state of the workspace containing dir: the nearest of
// dir and its ancestors that has a stored state. It only stats candidate
// state files (no manifest is read), so the hook path can afford it on every
// call. (nil, nil) when no ancestor has one.
func Find(cacheDir, dir string) (*State, error) {
	dir = filepath.Clean(dir)
	for {
		if _, err := os.Stat(Path(cacheDir, dir)); err == nil {
			return Load(cacheDir, dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, nil
		}
		dir = parent
	}
}

// Extra is the digest of the inputs that are not files: the configured
// agents (in any order), the hook scope and the binary's version. Sync
// stores it in State.Extra and the hook path passes it to Fresh, so both
// must compute it here.
func Extra(agents []string, hookScope, version string) string {
	sorted := append([]string(nil), agents...)
	sort.Strings(sorted)
	h := sha256.New()
	for _, a := range sorted {
		h.Write([]byte(a))
		h.Write([]byte{0})
	}
	h.Write([]byte{1})
	h.Write([]byte(hookScope))
	h.Write([]byte{0})
	h.Write([]byte(version))
	return hex.EncodeToString(h.Sum(nil))
}
