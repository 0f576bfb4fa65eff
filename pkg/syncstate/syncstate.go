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
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/rawfile"
	"github.com/symposium-dev/symposium-go/pkg/sha256"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// hookHeader starts every hook record; its number is the format version. A
// record of another version reads as "none" (sync again).
const hookHeader = "symposium hook record 3"

// modTimeCutoff: an input modified this recently may still be changing
// within its mtime granularity, so a fingerprint covering it is not trusted
// (as cmd/go's module index does).
const modTimeCutoff = 2 * time.Second

// State is the hook record of one workspace.
type State struct {
	WorkspaceRoot string
	Extra         string // digest of non-file inputs (agent list, scope, binary version)
	Trusted       bool   // false when an input was too fresh to trust
	// Inputs are what every hook call stats: the workspace's manifests and
	// lockfile, the config, the binary, each plugin source's root and git
	// refs, and the directories skills were installed into.
	Inputs Stamps
	// Hooks are the plugin hooks that matched, in dispatch order: what
	// Encode stores. Load leaves it nil; HooksFor reads only the hooks a
	// call can run.
	Hooks []stream.Hook
	// Groups index the stored hooks by event and matcher.
	Groups []HookGroup
	// Config is what a hook call needs of the user's config, as the sync
	// read it; nil when not stored.
	Config *HookConfig
	// Notes are short lines for the user, told at the start of a session
	// (a plugin source that could not be brought up to date, plugins
	// waiting for consent): what to run.
	Notes []string

	body io.ReaderAt // the stored hook lines, which Groups point into
	file *os.File    // open while body reads from it (see Close)
	// configFresh is 1 + the index in Inputs of the config file's stamp
	// once ConfigIfCurrent found it fresh (0: not checked), which Fresh
	// then does not stat again: both run on every hook call.
	configFresh int
}

// HookGroup is the hooks of one event and matcher, stored as one JSON line
// after the header, so a hook call reads and decodes only the groups its
// event and tool select, however many hooks the catalogue matched.
type HookGroup struct {
	Event   string
	Matcher string
	At, Len int64 // where the line is, from the end of the header
}

// HookConfig is what a hook call needs of the user's config file. The
// hook record keeps it so that a hook call does not parse an unchanged
// config file again (the file is one of the record's inputs).
type HookConfig struct {
	File      string // the config file it was read from
	Agents    []string
	HookScope string
	AutoSync  bool
	LogLevel  string
	// Refresh are the check stamps of the auto-update git sources
	// (plugin sources' "<clone>.checked"), and RefreshInterval their
	// debounce: the hook notes a refresh as due without doing it.
	Refresh         []string
	RefreshInterval time.Duration
}

// ConfigIfCurrent returns the stored config when it was read from file
// and file is as the sync saw it; nil otherwise (parse the file).
func (s *State) ConfigIfCurrent(file string) *HookConfig {
	if s == nil || !s.Trusted || s.Config == nil || s.Config.File != file {
		return nil
	}
	for i, in := range s.Inputs {
		if in.Path == file {
			if StampsFresh(s.Inputs[i : i+1]) {
				s.configFresh = i + 1
				return s.Config
			}
			return nil
		}
	}
	return nil
}

// storedHook is one hook in a group line, with its place in the dispatch
// order (groups interleave).
type storedHook struct {
	Seq  int         `json:"seq"`
	Hook stream.Hook `json:"hook"`
}

// Dir is the directory holding all workspaces' states.
func Dir(cacheDir string) string { return filepath.Join(cacheDir, "sync-state") }

// Path is the hook record of the workspace at root.
func Path(cacheDir, root string) string {
	return filepath.Join(Dir(cacheDir), key(root)+".hook")
}

func key(root string) string {
	sum := sha256.Sum256([]byte(rootKey(root)))
	return hex.EncodeToString(sum[:12])
}

// legacyPaths are records of earlier formats, removed when one is written.
func legacyPaths(cacheDir, root string) []string {
	base := filepath.Join(Dir(cacheDir), key(root))
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
	f, err := rawfile.Open(Path(cacheDir, root))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	st, whole, err := readState(f)
	if whole || st == nil {
		f.Close()
	} else {
		st.file = f // HooksFor reads the hook lines from the file we read the header of
	}
	if err != nil {
		return nil, true, err
	}
	if st == nil || !sameRoot(st.WorkspaceRoot, root) {
		st.Close()
		return nil, true, nil // a corrupt or older state only means "sync again"
	}
	return st, true, nil
}

// Close releases the file a loaded state reads its hooks from.
func (s *State) Close() {
	if s != nil && s.file != nil {
		s.file.Close()
		s.file = nil
	}
}

// readState reads f's header, in chunks until the empty line that ends it.
// whole says the body was read too (a small record), so f is not needed.
func readState(f *os.File) (st *State, whole bool, err error) {
	buf := make([]byte, 8<<10)
	n, end := 0, -1
	for end < 0 {
		m, err := f.Read(buf[n:])
		n += m
		end = bytes.Index(buf[:n], []byte("\n\n"))
		switch {
		case end >= 0:
		case err == io.EOF || m == 0:
			return nil, true, nil // no end of header: not a record of ours
		case err != nil:
			return nil, true, err
		case n == len(buf):
			buf = append(buf, make([]byte, len(buf))...)
		}
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, true, err
	}
	header, bodyAt := buf[:end+1], int64(end+2)
	if fi.Size() == int64(n) {
		return decodeState(header, bytes.NewReader(buf[bodyAt:n]), int64(n)-bodyAt), true, nil
	}
	return decodeState(header, io.NewSectionReader(f, bodyAt, fi.Size()-bodyAt), fi.Size()-bodyAt), false, nil
}

// decodeState parses a hook record's header lines; body holds the group
// lines the header points into.
func decodeState(header []byte, body io.ReaderAt, bodyLen int64) *State {
	st := &State{body: body}
	lines := strings.Split(string(header), "\n")
	if len(lines) < 2 || lines[0] != hookHeader {
		return nil
	}
	for _, l := range lines[1 : len(lines)-1] {
		kind, val, _ := strings.Cut(l, " ")
		var err error
		switch kind {
		case "root":
			st.WorkspaceRoot, err = unfield(val)
		case "extra":
			st.Extra = val
		case "trusted":
			st.Trusted = val == "true"
		case "in":
			var s FileStamp
			if s, err = parseStamp(val); err == nil {
				st.Inputs = append(st.Inputs, s)
			}
		case "config-file":
			st.config().File, err = unfield(val)
		case "config-agents":
			if val != "" {
				st.config().Agents = strings.Split(val, ",")
			}
		case "config-hook-scope":
			st.config().HookScope = val
		case "config-auto-sync":
			st.config().AutoSync = val == "true"
		case "config-log-level":
			st.config().LogLevel = val
		case "note":
			var n string
			if n, err = unfield(val); err == nil {
				st.Notes = append(st.Notes, n)
			}
		case "config-refresh-interval":
			st.config().RefreshInterval, err = time.ParseDuration(val)
		case "config-refresh":
			var p string
			if p, err = unfield(val); err == nil {
				st.config().Refresh = append(st.config().Refresh, p)
			}
		case "group":
			var g HookGroup
			if g, err = parseGroup(val); err == nil && g.At+g.Len > bodyLen {
				err = errors.New("group past the end")
			}
			st.Groups = append(st.Groups, g)
		}
		if err != nil {
			return nil
		}
	}
	return st
}

func (s *State) config() *HookConfig {
	if s.Config == nil {
		s.Config = &HookConfig{}
	}
	return s.Config
}

// parseGroup reads "AT LEN EVENT MATCHER".
func parseGroup(val string) (HookGroup, error) {
	f := strings.SplitN(val, " ", 4)
	if len(f) != 4 {
		return HookGroup{}, fmt.Errorf("group %q: want AT LEN EVENT MATCHER", val)
	}
	at, err1 := strconv.ParseInt(f[0], 10, 64)
	n, err2 := strconv.ParseInt(f[1], 10, 64)
	matcher, err3 := unfield(f[3])
	if err := errors.Join(err1, err2, err3); err != nil || at < 0 || n < 0 {
		return HookGroup{}, fmt.Errorf("group %q: want AT LEN EVENT MATCHER", val)
	}
	return HookGroup{Event: f[2], Matcher: matcher, At: at, Len: n}, nil
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

// Fresh reports whether the stored fingerprint still describes the inputs
// on disk and the given extra digest. An untrusted state is never fresh.
func (s *State) Fresh(extra string) bool {
	if s == nil || !s.Trusted || s.Extra != extra {
		return false
	}
	if i := s.configFresh; i > 0 {
		return StampsFresh(s.Inputs[:i-1]) && StampsFresh(s.Inputs[i:])
	}
	return StampsFresh(s.Inputs)
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
	var b bytes.Buffer
	b.WriteString(hookHeader + "\n")
	b.WriteString("root " + field(st.WorkspaceRoot) + "\n")
	b.WriteString("extra " + st.Extra + "\n")
	b.WriteString("trusted " + strconv.FormatBool(st.Trusted) + "\n")
	for _, s := range st.Inputs {
		b.WriteString("in ")
		b.Write(s.appendTo(nil))
		b.WriteByte('\n')
	}
	if c := st.Config; c != nil {
		for _, v := range append([]string{c.HookScope, c.LogLevel}, c.Agents...) {
			if strings.ContainsAny(v, " ,\n\r") {
				return nil, fmt.Errorf("config value %q", v)
			}
		}
		b.WriteString("config-file " + field(c.File) + "\n")
		b.WriteString("config-agents " + strings.Join(c.Agents, ",") + "\n")
		b.WriteString("config-hook-scope " + c.HookScope + "\n")
		b.WriteString("config-auto-sync " + strconv.FormatBool(c.AutoSync) + "\n")
		b.WriteString("config-log-level " + c.LogLevel + "\n")
		if len(c.Refresh) > 0 {
			b.WriteString("config-refresh-interval " + c.RefreshInterval.String() + "\n")
			for _, p := range c.Refresh {
				b.WriteString("config-refresh " + field(p) + "\n")
			}
		}
	}
	for _, n := range st.Notes {
		b.WriteString("note " + field(n) + "\n")
	}
	for _, g := range groups {
		fmt.Fprintf(&b, "group %d %d %s %s\n", g.At, g.Len, g.Event, field(g.Matcher))
	}
	b.WriteByte('\n')
	b.Write(body.Bytes())
	return b.Bytes(), nil
}

// field is s as the last field of a record line: as is, unless it is
// empty, starts with a quote or holds a line break; then Go-quoted.
func field(s string) string {
	if s == "" || s[0] == '"' || strings.ContainsAny(s, "\n\r") {
		return strconv.Quote(s)
	}
	return s
}

// unfield reads what field wrote.
func unfield(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		return strconv.Unquote(s)
	}
	return s, nil
}

// Find returns the state of the workspace containing dir: the nearest of
// dir and its ancestors that has a stored state. It only tries to open
// candidate state files (no manifest is read), so the hook path can afford
// it on every call. (nil, nil) when no ancestor has one; an error when the
// nearest one cannot be read.
func Find(cacheDir, dir string) (*State, error) {
	dir = cleanRoot(dir)
	for {
		// One open per level: the hook path calls this on every tool call.
		if st, exists, err := load(cacheDir, dir); exists {
			return st, err
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
