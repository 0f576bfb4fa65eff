package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// RegisterHooks makes the hook file of t.Scope call our command on the four
// events, and removes our entries everywhere else: stale ones (an old
// command path, an event we no longer use) in that file, and all of ours in
// the other scope's file, so a hook never fires twice. Entries that are not
// ours are never touched. Agents without shell hooks return nil.
func (a *Agent) RegisterHooks(w Files, t Target) ([]Change, error) {
	r := a.reg()
	if r == nil || r.hooks == nil {
		return nil, nil
	}
	h := r.hooks
	t = t.withDefaults()
	if t.Scope != ScopeGlobal && t.Scope != ScopeProject {
		return nil, fmt.Errorf("registering %s hooks: unknown scope %q", a.Name, t.Scope)
	}
	primary := h.target(t, t.Scope)
	if primary == "" {
		return nil, fmt.Errorf("registering %s hooks: no %s directory", a.Name, t.Scope)
	}
	if h.eventScript != nil {
		return a.registerEventScripts(w, h, t, primary)
	}
	want := map[string]ordered{}
	var names []string
	for _, ev := range hookEvents {
		if a.Event(ev) == "" {
			continue // the agent has no such event
		}
		if h.element != nil {
			want[a.Event(ev)] = h.element(t, a, ev)
		}
		names = append(names, a.Event(ev))
	}
	var status string
	var err error
	if h.script != nil {
		status, err = writeScript(w, primary, h, h.script(t))
	} else {
		status, err = editHookFile(w, primary, h, h.scaffold, t, t.Scope, want)
	}
	if err != nil {
		return nil, err
	}
	changes := []Change{{Op: hookOp(h), Path: primary, Status: status, Detail: strings.Join(names, ",")}}
	if h.list != nil {
		listed, err := listScript(w, h.list, t)
		if err != nil {
			return changes, err
		}
		changes = append(changes, listed...)
	}

	other := ScopeProject
	if t.Scope == ScopeProject {
		other = ScopeGlobal
	}
	// Both scopes: the scope's own hook file too, when ours went to the
	// file the agent reads instead of it (hookSpec.instead).
	more, err := removeOurs(w, h, t, h.ourFiles(t, t.Scope, other), primary)
	return append(changes, more...), err
}

// UnregisterHooks removes only our entries from the project and the global
// hook files (and the legacy ones), dropping groups, event arrays and files
// that only we had filled. Kiro's agent file is ours and is deleted.
func (a *Agent) UnregisterHooks(w Files, t Target) ([]Change, error) {
	r := a.reg()
	if r == nil || r.hooks == nil {
		return nil, nil
	}
	h := r.hooks
	t = t.withDefaults()
	changes, err := removeOurs(w, h, t, h.ourFiles(t, ScopeProject, ScopeGlobal), "")
	if err == nil && h.list != nil {
		var ch *Change
		if ch, err = h.list.remove(w, t); ch != nil {
			changes = append(changes, *ch)
		}
	}
	return changes, err
}

// listScript names the script in the project's plugin list in project
// scope, and takes it out in global scope (the project copy is gone).
func listScript(w Files, l *pluginList, t Target) ([]Change, error) {
	var ch *Change
	var err error
	if t.Scope == ScopeProject {
		ch, err = l.ensure(w, t)
	} else {
		ch, err = l.remove(w, t)
	}
	if ch == nil {
		return nil, err
	}
	return []Change{*ch}, err
}

// writeScript writes a hook program we own whole; a file there that is not
// ours (no marker) is the user's and is left as it is, with an error.
func writeScript(w Files, p string, h *hookSpec, data []byte) (string, error) {
	cur, err := w.ReadFile(p)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if err == nil && !bytes.HasPrefix(cur, []byte(h.marker)) {
		return "", fmt.Errorf("%s: not written by symposium (it does not start with %q); rename or remove it so symposium can install its own", p, h.marker)
	}
	perm := fs.FileMode(0o644)
	if h.eventScript != nil {
		perm = 0o755 // the agent spawns the file itself
	}
	return w.WriteFile(p, data, perm)
}

// removeScript removes a hook program of ours at p; nil when absent or not ours.
func removeScript(w Files, h *hookSpec, p string) (*Change, error) {
	cur, err := w.ReadFile(p)
	if err != nil || !bytes.HasPrefix(cur, []byte(h.marker)) {
		return nil, nil
	}
	status, err := w.Remove(p)
	if err != nil {
		return nil, err
	}
	return &Change{Op: OpHook, Path: p, Status: status}, nil
}

// ourFile is a file that may hold our hook entries; owned means it is an
// agent file we wrote whole (Kiro's), removed rather than edited.
type ourFile struct {
	path  string
	owned bool
}

// ourFiles lists where our entries may be: the hook files of scopes (and
// the instead files beside them), then legacy files under the home
// directory.
func (h *hookSpec) ourFiles(t Target, scopes ...string) []ourFile {
	var files []ourFile
	for _, sc := range scopes {
		p := h.file(t, sc)
		files = append(files, ourFile{p, h.ownsFile})
		if alt := h.insteadFile(p); alt != "" {
			files = append(files, ourFile{path: alt})
		}
	}
	for _, l := range h.legacy {
		if p := t.homeFile(l); p != "" {
			files = append(files, ourFile{path: p})
		}
	}
	return files
}

// removeOurs removes our entries from each file (an owned agent file
// whole), skipping skip: the file just registered.
func removeOurs(w Files, h *hookSpec, t Target, files []ourFile, skip string) ([]Change, error) {
	var changes []Change
	for _, f := range files {
		if f.path == "" || f.path == skip {
			continue
		}
		var ch *Change
		var err error
		switch {
		case h.eventScript != nil:
			var chs []Change
			chs, err = removeEventScripts(w, h, f.path)
			changes = append(changes, chs...)
		case h.script != nil:
			ch, err = removeScript(w, h, f.path)
		case f.owned:
			ch, err = removeOwnedFile(w, f.path, h)
		default:
			ch, err = unregisterIn(w, f.path, h, t)
		}
		if err != nil {
			return changes, err
		}
		if ch != nil {
			changes = append(changes, *ch)
		}
	}
	return changes, nil
}

func hookOp(h *hookSpec) string {
	if h.ownsFile {
		return OpAgentFile
	}
	return OpHook
}

// removeOwnedFile deletes a file that is entirely ours; nil when absent.
func removeOwnedFile(w Files, p string, h *hookSpec) (*Change, error) {
	if _, err := w.ReadFile(p); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	status, err := w.Remove(p)
	if err != nil {
		return nil, err
	}
	return &Change{Op: hookOp(h), Path: p, Status: status}, nil
}

// unregisterIn removes our entries from one file; nil when the file is
// absent or holds none of ours.
func unregisterIn(w Files, p string, h *hookSpec, t Target) (*Change, error) {
	status, err := editHookFile(w, p, h, nil, t, "", nil)
	if err != nil || status == "" || status == StatusUnchanged {
		return nil, err
	}
	return &Change{Op: OpHook, Path: p, Status: status}, nil
}

// editHookFile brings one JSON hook file to the state "exactly the entries
// in want are ours". With want nil it only removes ours; then a missing
// file stays missing (status ""). A file left holding nothing but its
// scaffold after removals is deleted.
func editHookFile(w Files, p string, h *hookSpec, scaffold func(Target, string) ordered, t Target, scope string, want map[string]ordered) (string, error) {
	data, err := w.ReadFile(p)
	missing := errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		return "", err
	}
	var base ordered
	if scaffold != nil {
		base = scaffold(t, scope)
	}
	eventMap := h.isEventMapFile(p)
	if missing {
		if want == nil {
			return "", nil
		}
		if wholeNewHookFiles && !eventMap && h.ownKey == "" && len(want) > 0 {
			if _, has := base.Get("hooks"); !has {
				if data, err = newHookFile(base, want); err != nil {
					return "", err
				}
				return w.WriteFile(p, data, 0o644)
			}
		}
		if data, err = newJSONFile(base); err != nil {
			return "", err
		}
	}
	doc, err := w.ParseJSON(p, data)
	if err != nil {
		return "", err
	}
	if eventMap {
		if doc, err = eventMapDoc(doc, p); err != nil {
			if want == nil {
				return "", nil // it holds none of ours to remove
			}
			return "", err
		}
	}
	var changed, removed bool
	if h.ownKey != "" {
		changed, removed, err = editOwnKey(doc, p, h.ownKey, want)
	} else {
		changed, removed, err = editHooks(doc, p, h.grouped, want)
	}
	if err != nil {
		return "", err
	}
	if !changed && !missing {
		return StatusUnchanged, nil
	}
	if removed && len(want) == 0 && !eventMap && onlyScaffold(doc, h, t) {
		return w.Remove(p)
	}
	return w.WriteFile(p, doc.Bytes(), 0o644)
}

// wholeNewHookFiles makes editHookFile write a hook file it creates
// whole (newHookFile); off, it edits the scaffold as it edits a user's
// file (for the test that both write the same bytes).
var wholeNewHookFiles = true

// newHookFile is the hook file editHooks makes of base, a new file's
// scaffold without "hooks", adding want: base's members, then "hooks"
// with each event's wanted element in appendMissingHooks' order, laid out
// as newJSONFile lays out base and each edit lays out what it adds. A
// first sync creates a hook file per agent, and editing the scaffold (an
// insert, then an append, per event, each re-parsing the whole document)
// was most of registering the hooks.
func newHookFile(base ordered, want map[string]ordered) ([]byte, error) {
	events := missingEvents(want, nil)
	hooks := make(ordered, 0, len(events))
	for _, ev := range events {
		hooks = append(hooks, member{Key: ev, Value: []any{want[ev]}})
	}
	doc := append(append(ordered{}, base...), member{Key: "hooks", Value: hooks})
	return newJSONFile(doc)
}

// newJSONFile renders the first content of a file we create.
func newJSONFile(base ordered) ([]byte, error) {
	if base == nil {
		base = ordered{}
	}
	b, err := marshalNoEscape(base)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// onlyScaffold reports whether doc holds nothing but what a file we create
// starts with (and no comments), so deleting it loses nothing of the user's.
func onlyScaffold(doc JSONDoc, h *hookSpec, t Target) bool {
	b := doc.Bytes()
	if bytes.Contains(b, []byte("//")) || bytes.Contains(b, []byte("/*")) {
		return false
	}
	raw, _ := doc.Get()
	if raw == nil {
		raw = b
	}
	for _, scope := range []string{ScopeProject, ScopeGlobal} {
		var base ordered
		if h.scaffold != nil {
			base = h.scaffold(t, scope)
		}
		if base == nil {
			base = ordered{}
		}
		if sameJSON(raw, base) {
			return true
		}
	}
	return false
}

// hookPos is one of our entries found in a file: event key, element index,
// handler index inside a group (-1: the whole element).
type hookPos struct {
	event   string
	elem    int
	handler int
}

// editHooks edits doc's "hooks" object. For each event in want, the first
// element that is only ours is kept (rewritten when it differs from the
// wanted one); every other entry of ours is deleted; events without one get
// the wanted element appended. Groups and event arrays emptied by our
// deletions are dropped, and so is "hooks" when we emptied it.
func editHooks(doc JSONDoc, p string, grouped bool, want map[string]ordered) (changed, removed bool, err error) {
	if raw, ok := doc.Get("hooks"); ok {
		if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '{' {
			return false, false, fmt.Errorf("%s: \"hooks\" is not an object", p)
		}
	}
	kept := map[string]bool{}
	dels, changed, err := judgeHooks(doc, grouped, want, kept)
	if err != nil {
		return false, false, err
	}
	if deleteHooks(doc, dels, len(want) == 0) {
		changed, removed = true, true
	}
	added, err := appendMissingHooks(doc, want, kept)
	if err != nil {
		return false, false, err
	}
	return changed || added, removed, nil
}

// judgeHooks walks every event array of doc's "hooks", keeping (and
// rewriting) the first element of ours for each wanted event, marking it
// in kept, and returning the positions of our other entries, in order.
func judgeHooks(doc JSONDoc, grouped bool, want map[string]ordered, kept map[string]bool) (dels []hookPos, changed bool, err error) {
	for _, ev := range doc.Keys("hooks") {
		raw, _ := doc.Get("hooks", ev)
		if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '[' {
			continue // not an event array; not ours to judge
		}
		n := doc.Len("hooks", ev)
		for i := 0; i < n; i++ {
			d, c, err := judgeHookElement(doc, ev, i, grouped, want, kept)
			if err != nil {
				return nil, false, err
			}
			dels = append(dels, d...)
			changed = changed || c
		}
	}
	return dels, changed, nil
}

// judgeHookElement is judgeHooks for element i of event ev: nothing when
// it is not ours; kept when it is the first of ours for a wanted event
// (a group wholly ours when grouped, a bare handler otherwise); else the
// entries of ours in it, to delete.
func judgeHookElement(doc JSONDoc, ev string, i int, grouped bool, want map[string]ordered, kept map[string]bool) ([]hookPos, bool, error) {
	idx := strconv.Itoa(i)
	el, _ := doc.Get("hooks", ev, idx)
	var m map[string]json.RawMessage
	if json.Unmarshal(el, &m) != nil {
		return nil, false, nil
	}
	wantEl, wanted := want[ev]
	if hs, isGroup := m["hooks"]; isGroup {
		var handlers []map[string]json.RawMessage
		if json.Unmarshal(hs, &handlers) != nil {
			return nil, false, nil
		}
		var ours []int
		for j, hd := range handlers {
			if handlerIsOurs(hd) {
				ours = append(ours, j)
			}
		}
		if len(ours) == 0 {
			return nil, false, nil
		}
		if len(ours) == len(handlers) {
			if grouped && wanted && !kept[ev] {
				kept[ev] = true
				c, err := keepHook(doc, el, wantEl, ev, idx)
				return nil, c, err
			}
			return []hookPos{{ev, i, -1}}, false, nil
		}
		var dels []hookPos
		for _, j := range ours {
			dels = append(dels, hookPos{ev, i, j})
		}
		return dels, false, nil
	}
	if !handlerIsOurs(m) {
		return nil, false, nil
	}
	if !grouped && wanted && !kept[ev] {
		kept[ev] = true
		c, err := keepHook(doc, el, wantEl, ev, idx)
		return nil, c, err
	}
	return []hookPos{{ev, i, -1}}, false, nil
}

// keepHook rewrites the kept element idx of event ev as wantEl when el
// differs from it, reporting whether it did.
func keepHook(doc JSONDoc, el json.RawMessage, wantEl ordered, ev, idx string) (bool, error) {
	if sameJSON(el, wantEl) {
		return false, nil
	}
	if err := doc.Set(wantEl, "hooks", ev, idx); err != nil {
		return false, err
	}
	return true, nil
}

// deleteHooks deletes the entries at dels, then the event arrays they
// emptied, then "hooks" when that emptied it and nothing is wanted
// (noneWanted). It reports whether it deleted anything.
func deleteHooks(doc JSONDoc, dels []hookPos, noneWanted bool) bool {
	// Delete from the back so earlier indices stay valid.
	touched := map[string]bool{}
	for i := len(dels) - 1; i >= 0; i-- {
		d := dels[i]
		e := strconv.Itoa(d.elem)
		if d.handler < 0 {
			doc.Delete("hooks", d.event, e)
		} else {
			doc.Delete("hooks", d.event, e, "hooks", strconv.Itoa(d.handler))
		}
		touched[d.event] = true
	}
	var emptied []string
	for ev := range touched {
		if doc.Len("hooks", ev) == 0 {
			emptied = append(emptied, ev)
		}
	}
	sort.Strings(emptied)
	for _, ev := range emptied {
		doc.Delete("hooks", ev)
	}
	if len(emptied) > 0 && len(doc.Keys("hooks")) == 0 && noneWanted {
		doc.Delete("hooks")
	}
	return len(dels) > 0
}

// appendMissingHooks appends the wanted element of each event in want
// that kept lacks, creating its array when needed, in the order of
// hookEvents' agent names (want is a map). It reports whether it did.
func appendMissingHooks(doc JSONDoc, want map[string]ordered, kept map[string]bool) (bool, error) {
	missingEvents := missingEvents(want, kept)
	for _, ev := range missingEvents {
		if _, ok := doc.Get("hooks", ev); !ok {
			if err := doc.Set([]any{}, "hooks", ev); err != nil {
				return false, err
			}
		}
		if err := doc.Append(want[ev], "hooks", ev); err != nil {
			return false, err
		}
	}
	return len(missingEvents) > 0, nil
}

// missingEvents are the events of want not kept, in the order of
// hookEvents.
func missingEvents(want map[string]ordered, kept map[string]bool) []string {
	var missing []string
	for ev := range want {
		if !kept[ev] {
			missing = append(missing, ev)
		}
	}
	sort.Slice(missing, func(i, j int) bool {
		return eventRank(missing[i]) < eventRank(missing[j])
	})
	return missing
}

// handlerIsOurs looks at the command fields an agent may use.
func handlerIsOurs(h map[string]json.RawMessage) bool {
	for _, k := range commandKeys {
		var s string
		if raw, ok := h[k]; ok && json.Unmarshal(raw, &s) == nil && IsOurCommand(s) {
			return true
		}
	}
	return false
}

// commandKeys are where a hook handler names its command (Claude-style
// "command"; Copilot's "bash" and "powershell").
var commandKeys = [...]string{"command", "bash", "powershell"}

// editOwnKey makes doc's member key hold exactly the events in want (with
// want nil: removes it). The member is ours only when every handler in it
// runs our command: a project file is committed by whoever wrote the
// repository, and a hook of theirs under our name is theirs, never
// replaced (registering says so) or removed.
func editOwnKey(doc JSONDoc, p, key string, want map[string]ordered) (changed, removed bool, err error) {
	if raw, _ := doc.Get(); len(bytes.TrimSpace(raw)) > 0 && bytes.TrimSpace(raw)[0] != '{' {
		return false, false, fmt.Errorf("%s: not a JSON object of named hooks", p)
	}
	raw, exists := doc.Get(key)
	if exists && !ownKeyIsOurs(raw) {
		if want == nil {
			return false, false, nil
		}
		return false, false, fmt.Errorf("%s: the hook %q was not written by symposium; rename or remove it so symposium can register its own", p, key)
	}
	if want == nil {
		if !exists {
			return false, false, nil
		}
		doc.Delete(key)
		return true, true, nil
	}
	events := slices.Collect(maps.Keys(want))
	sort.Slice(events, func(i, j int) bool { return eventRank(events[i]) < eventRank(events[j]) })
	value := ordered{}
	for _, ev := range events {
		value = append(value, member{Key: ev, Value: []any{want[ev]}})
	}
	if exists && sameJSON(raw, value) {
		return false, false, nil
	}
	return true, false, doc.Set(value, key)
}

// ownKeyIsOurs reports whether a named hook holds only handlers running our
// command (an empty one counts: there is nothing in it to lose).
func ownKeyIsOurs(raw json.RawMessage) bool {
	var events map[string]json.RawMessage
	if json.Unmarshal(raw, &events) != nil {
		return false
	}
	for name, list := range events {
		if name == "enabled" {
			continue
		}
		var elems []map[string]json.RawMessage
		if json.Unmarshal(list, &elems) != nil {
			return false
		}
		for _, el := range elems {
			handlers := []map[string]json.RawMessage{el}
			if hs, isGroup := el["hooks"]; isGroup {
				if json.Unmarshal(hs, &handlers) != nil {
					return false
				}
			}
			for _, hd := range handlers {
				if !handlerIsOurs(hd) {
					return false
				}
			}
		}
	}
	return true
}

// topLevelHooks is a document whose top level is the event map (an
// instead file, hookSpec.instead) seen as one that keeps it under
// "hooks", so editHooks edits both alike: a path's leading "hooks" is
// dropped, and the event map itself is never deleted.
type topLevelHooks struct{ JSONDoc }

func (d topLevelHooks) Get(ptr ...string) (json.RawMessage, bool) {
	return d.JSONDoc.Get(dropHooks(ptr)...)
}
func (d topLevelHooks) Len(ptr ...string) int          { return d.JSONDoc.Len(dropHooks(ptr)...) }
func (d topLevelHooks) Keys(ptr ...string) []string    { return d.JSONDoc.Keys(dropHooks(ptr)...) }
func (d topLevelHooks) Set(v any, ptr ...string) error { return d.JSONDoc.Set(v, dropHooks(ptr)...) }
func (d topLevelHooks) Append(v any, ptr ...string) error {
	return d.JSONDoc.Append(v, dropHooks(ptr)...)
}
func (d topLevelHooks) Delete(ptr ...string) bool {
	if len(ptr) <= 1 {
		return false
	}
	return d.JSONDoc.Delete(dropHooks(ptr)...)
}

// eventMapDoc is doc, whose top level must be the event map, as
// topLevelHooks.
func eventMapDoc(doc JSONDoc, p string) (JSONDoc, error) {
	if raw, _ := doc.Get(); !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		return nil, fmt.Errorf("%s: not a JSON object of hook events (event name to a list of matcher groups); fix it so symposium can add its hooks", p)
	}
	return topLevelHooks{doc}, nil
}

// dropHooks drops the leading "hooks" of a path into a hook file.
func dropHooks(ptr []string) []string {
	if len(ptr) > 0 && ptr[0] == "hooks" {
		return ptr[1:]
	}
	return ptr
}
