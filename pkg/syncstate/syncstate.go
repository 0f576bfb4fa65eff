// Package syncstate stores what a sync computed for one workspace, in two
// records kept in the cache directory (keyed by the workspace root, never
// in the user's workspace):
//
//   - the hook record (State): the fingerprint a hook call checks and the
//     plugin hooks it dispatches. It is all the hook path reads: a small
//     text header (one stat per input), then only the stored hooks of the
//     call's event and tool. Neither part grows with the number of skills
//     (docs/freshness.md).
//   - the sync record (Record): what only `cargo agents sync` reads to skip
//     the stages when nothing changed: the plugin sources' directories and
//     manifests, the files the last sync wrote, the files of the skills
//     that matched (never of the others), and what it printed then
//     (counts and the agents' gates). Skills and MCP servers themselves are
//     not stored: nothing reads them back.
package syncstate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// State is the hook record of one workspace: its header (what every hook
// call reads, pkg/hookrecord) and the plugin hooks it stores.
type State struct {
	hookrecord.Header
	// Hooks are the plugin hooks that matched, in dispatch order: what
	// Encode stores. Load leaves it nil; HooksFor reads only the hooks a
	// call can run.
	Hooks []stream.Hook

	body *hookrecord.Body // the stored hook lines, which Groups point into
}

// ConfigIfCurrent is the header's (hookrecord.Header.ConfigIfCurrent); nil
// for no state.
func (s *State) ConfigIfCurrent(file string) *HookConfig {
	if s == nil {
		return nil
	}
	return s.Header.ConfigIfCurrent(file)
}

// Fresh is the header's (hookrecord.Header.Fresh); false for no state.
func (s *State) Fresh(extra string) bool { return s != nil && s.Header.Fresh(extra) }

// The header's parts, as syncstate's callers name them.
type (
	FileStamp  = hookrecord.FileStamp
	Stamps     = hookrecord.Stamps
	HookGroup  = hookrecord.HookGroup
	HookConfig = hookrecord.HookConfig
)

// storedHook is one hook in a group line, with its place in the dispatch
// order (groups interleave).
type storedHook struct {
	Seq  int         `json:"seq"`
	Hook stream.Hook `json:"hook"`
}

// legacyPaths are records of earlier formats, removed when one is written.
func legacyPaths(cacheDir, root string) []string {
	base := filepath.Join(hookrecord.Dir(cacheDir), hookrecord.Key(root))
	return []string{base + ".json", base + ".outputs.json"}
}

// Load reads the state of the workspace at root; (nil, nil) when none.
// It reads the header only; HooksFor reads the hooks it needs. Close the
// state when done with it.
func Load(cacheDir, root string) (*State, error) {
	st, _, err := load(cacheDir, root)
	return st, err
}

// load is Load, also telling whether a record exists at all (Find walks
// up past a directory that has none).
func load(cacheDir, root string) (st *State, exists bool, err error) {
	h, body, exists, err := hookrecord.Load(cacheDir, root, true)
	if h == nil {
		return nil, exists, err
	}
	return &State{Header: *h, body: body}, true, nil
}

// Close releases the file a loaded state reads its hooks from.
func (s *State) Close() {
	if s != nil {
		s.body.Close()
	}
}

// HooksFor returns, in dispatch order, the stored hooks of event whose
// matcher selects reports true for. Only those groups are read and
// decoded.
func (s *State) HooksFor(event string, selects func(matcher string) bool) ([]stream.Hook, error) {
	var found []storedHook
	for _, g := range s.Groups {
		if g.Event != event || !selects(g.Matcher) {
			continue
		}
		line := make([]byte, g.Len)
		if _, err := s.body.ReadAt(line, g.At); err != nil {
			return nil, fmt.Errorf("stored %s hooks: %w", g.Event, err)
		}
		var hooks []storedHook
		if err := json.Unmarshal(line, &hooks); err != nil {
			return nil, fmt.Errorf("stored %s hooks: %w", g.Event, err)
		}
		found = append(found, hooks...)
	}
	sort.Slice(found, func(i, j int) bool { return found[i].Seq < found[j].Seq })
	out := make([]stream.Hook, len(found))
	for i, h := range found {
		out[i] = h.Hook
	}
	return out, nil
}

// Encode is st as stored (pkg/syncstate/write stores it): the header, an
// empty line, then one JSON line per group of hooks of one event and
// matcher. A path or matcher with a line break is quoted.
func Encode(st *State) ([]byte, error) {
	type key struct{ event, matcher string }
	index := map[key]int{}
	var groups []HookGroup
	var members [][]storedHook
	for seq, h := range st.Hooks {
		if strings.ContainsAny(h.Event, " \n\r") || h.Event == "" {
			return nil, fmt.Errorf("hook %s/%s: event %q", h.Plugin, h.Name, h.Event)
		}
		k := key{h.Event, h.Matcher}
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, HookGroup{Event: h.Event, Matcher: h.Matcher})
			members = append(members, nil)
		}
		members[i] = append(members[i], storedHook{Seq: seq, Hook: h})
	}
	var body bytes.Buffer
	for i, hooks := range members {
		line, err := json.Marshal(hooks)
		if err != nil {
			return nil, err
		}
		groups[i].At, groups[i].Len = int64(body.Len()), int64(len(line))
		body.Write(line)
		body.WriteByte('\n')
	}
	st.Groups = groups
	st.WorkspaceRoot = filepath.Clean(st.WorkspaceRoot)
	b, err := st.Header.Append(make([]byte, 0, 1024+body.Len()))
	if err != nil {
		return nil, err
	}
	return append(b, body.Bytes()...), nil
}

// Find returns the state of the workspace containing dir: the nearest of
// dir and its ancestors that has a stored state (hookrecord.Nearest).
// (nil, nil) when no ancestor has one; an error when the nearest one
// cannot be read.
func Find(cacheDir, dir string) (st *State, err error) {
	hookrecord.Nearest(dir, func(root string) (exists bool) {
		st, exists, err = load(cacheDir, root)
		return exists
	})
	return st, err
}
