// Package approval records the user's approval of a workspace's own plugin
// manifests (`cargo agents use --workspace`), as direnv records `direnv
// allow`: a cloned repository is someone else's, so the hooks, MCP servers,
// installations, chained plugins and subcommands its committed
// SYMPOSIUM.toml files declare wait until the user approves exactly those
// files, and wait again once one of them changes.
//
// The record lives in symposium's config directory, never in the
// workspace (a repository can commit anything), one file per workspace
// keyed by the workspace root's real path. It holds a digest over every
// manifest the approval covers: the record is current only while the
// digest of the same manifests, read now, is equal.
//
// It links only the standard library and pkg/atomicfile, so sym-match and
// the status commands can read it without a file editor.
package approval

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/sha256"
)

// DirName is the directory, in symposium's config directory, holding one
// record per approved workspace.
const DirName = "workspace-approvals"

// Command is what the user runs to approve the workspace they are in.
const Command = "cargo agents use --workspace"

// State is how a workspace's manifests stand against its record.
type State string

const (
	// None: the workspace's manifests declare nothing that needs approval.
	None State = ""
	// Approved: the record's digest is the manifests' digest now.
	Approved State = "approved"
	// Awaiting: there is no record (never approved, or withdrawn).
	Awaiting State = "awaiting"
	// Changed: a record exists, for manifests that have changed since.
	Changed State = "changed"
)

// Record is one workspace's approval.
type Record struct {
	Version   int       `json:"version"`
	Root      string    `json:"root"`      // the workspace root's real path
	Digest    string    `json:"digest"`    // Digest(Manifests) when approved
	Manifests []string  `json:"manifests"` // the files approved, sorted
	Approved  time.Time `json:"approved"`
}

// Path is the record of the workspace at root (its real path is the key,
// so a symlinked checkout is the same workspace).
func Path(configDir, root string) string {
	sum := sha256.Sum256([]byte(realRoot(root)))
	return filepath.Join(configDir, DirName, hex.EncodeToString(sum[:16])+".json")
}

func realRoot(root string) string {
	if r, err := filepath.EvalSymlinks(root); err == nil {
		return r
	}
	return filepath.Clean(root)
}

// Digest covers each manifest's path and bytes, in path order: a manifest
// edited, added or removed gives another digest.
func Digest(manifests []string) (string, error) {
	paths := append([]string{}, manifests...)
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%s\x00", p, strconv.Itoa(len(data)))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Load reads the record of the workspace at root; nil without error when
// there is none.
func Load(configDir, root string) (*Record, error) {
	p := Path(configDir, root)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %w (symposium's record of a workspace approval; delete it and run `%s` again)", p, err, Command)
	}
	return &r, nil
}

// Check compares the manifests now with the workspace's record. A record
// that cannot be read, or a manifest that cannot, is not an approval:
// err says why and the state is Awaiting or Changed.
func Check(configDir, root string, manifests []string) (State, error) {
	r, err := Load(configDir, root)
	if err != nil {
		return Awaiting, err
	}
	if r == nil {
		return Awaiting, nil
	}
	d, err := Digest(manifests)
	if err != nil {
		return Changed, err
	}
	if d != r.Digest {
		return Changed, nil
	}
	return Approved, nil
}

// Approve records the manifests as they are now as approved for root.
func Approve(configDir, root string, manifests []string, now time.Time) (*Record, error) {
	d, err := Digest(manifests)
	if err != nil {
		return nil, err
	}
	paths := append([]string{}, manifests...)
	sort.Strings(paths)
	r := &Record{Version: 1, Root: realRoot(root), Digest: d, Manifests: paths, Approved: now.UTC()}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Write(Path(configDir, root), append(data, '\n'), 0o600); err != nil {
		return nil, err
	}
	return r, nil
}

// Remove withdraws the approval of root; removed is false when there was
// none.
func Remove(configDir, root string) (removed bool, err error) {
	err = os.Remove(Path(configDir, root))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Reason is what a rejected hook, server, chained plugin or subcommand of
// a workspace plugin says in state s, and what the session-start note
// and sync say: what waits and the command.
func Reason(s State) string {
	if s == Changed {
		return "the workspace's SYMPOSIUM.toml changed since you approved it: run `" + Command + "`"
	}
	return "workspace plugin awaits approval: run `" + Command + "`"
}
