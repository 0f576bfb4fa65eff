package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// TrustEntry is one entry a gate's Open added to a user's file, recorded
// (by init, in symposium's own state, never in the user's files) so that
// `cargo agents uninstall --trust` takes back exactly it and nothing the
// user wrote. An Open that found the entry already there adds none.
type TrustEntry struct {
	Agent string `json:"agent"`
	// Workspace is the workspace the entry trusts; "" when it is about
	// user-wide files (Codex's trust of our global hooks).
	Workspace string   `json:"workspace,omitempty"`
	File      string   `json:"file"`
	Format    string   `json:"format"` // json or toml
	Keys      []string `json:"keys"`   // the key set, or the list appended to
	Value     any      `json:"value"`  // what was set, or the element appended
	Append    bool     `json:"append,omitempty"`
	// Created is how many of Keys existed before (the rest were made by
	// us, and go when they are left empty); NewFile: the file was made.
	Created int  `json:"existed"`
	NewFile bool `json:"new_file,omitempty"`
	// Previous is the value a set replaced, restored on undo.
	Previous any `json:"previous,omitempty"`
}

// trustEdit is one declarative change that opens a gate: set Keys to
// Value, or append Value to the list at Keys when it lacks it.
type trustEdit struct {
	agent, workspace, file, format string
	keys                           []string
	value                          any
	append                         bool
}

func (e trustEdit) entry() *TrustEntry {
	return &TrustEntry{Agent: e.agent, Workspace: e.workspace, File: e.file, Format: e.format, Keys: e.keys, Value: e.value, Append: e.append}
}

// jsonSet, jsonAppend and tomlSet are the edits the gates use.
func jsonSet(t Target, agent, file string, value any, keys ...string) userEdit {
	return trustEdit{agent, t.Workspace, file, "json", keys, value, false}.apply
}

func jsonAppend(t Target, agent, file string, value string, keys ...string) userEdit {
	return trustEdit{agent, t.Workspace, file, "json", keys, value, true}.apply
}

func tomlSet(agent, workspace, file string, value any, keys ...string) userEdit {
	return trustEdit{agent, workspace, file, "toml", keys, value, false}.apply
}

// apply makes the edit and returns the change, with the entry it added.
func (e trustEdit) apply(w Files) (Change, error) {
	data, err := w.ReadFile(e.file)
	newFile := errors.Is(err, fs.ErrNotExist)
	if err != nil && !newFile {
		return Change{}, err
	}
	ent := e.entry()
	ent.NewFile = newFile
	var out []byte
	switch e.format {
	case "json":
		if newFile {
			data = []byte("{}\n")
		}
		d, err := w.ParseJSON(e.file, data)
		if err != nil {
			return Change{}, err
		}
		ent.Created = depth(e.keys, func(k ...string) bool { _, ok := d.Get(k...); return ok })
		if e.append {
			if raw, ok := d.Get(e.keys...); ok {
				var list []any
				if err := json.Unmarshal(raw, &list); err != nil {
					return Change{}, fmt.Errorf("%s: %q is not a list", e.file, strings.Join(e.keys, "."))
				}
				if slices.Contains(stringList(list), e.value.(string)) {
					ent = nil // there already: not ours
				}
			}
			if ent != nil {
				if err := d.Append(e.value, e.keys...); err != nil {
					return Change{}, err
				}
			}
		} else {
			if raw, ok := d.Get(e.keys...); ok {
				var prev any
				if json.Unmarshal(raw, &prev) == nil && sameValue(prev, e.value) {
					ent = nil
				} else {
					ent.Previous = prev
				}
			}
			if ent != nil {
				if err := d.Set(e.value, e.keys...); err != nil {
					return Change{}, err
				}
			}
		}
		out = d.Bytes()
	case "toml":
		d, err := w.ParseTOML(e.file, data)
		if err != nil {
			return Change{}, err
		}
		ent.Created = depth(e.keys, func(k ...string) bool { _, ok := d.Get(k...); return ok })
		if prev, ok := d.Get(e.keys...); ok {
			if sameValue(prev, e.value) {
				ent = nil
			} else {
				ent.Previous = prev
			}
		}
		if ent != nil {
			if err := d.SetValue(e.value, e.keys...); err != nil {
				return Change{}, err
			}
		}
		out = d.Bytes()
	}
	if ent == nil {
		return Change{Op: OpTrust, Path: e.file, Status: StatusUnchanged}, nil
	}
	c, err := writeUserFile(w, e.file, out)
	if err == nil {
		c.Trust = ent
	}
	return c, err
}

// depth is how many of keys exist, from the top, has telling whether a
// path does.
func depth(keys []string, has func(keys ...string) bool) int {
	for i := 1; i <= len(keys); i++ {
		if !has(keys[:i]...) {
			return i - 1
		}
	}
	return len(keys)
}

// sameValue compares two decoded values as JSON would write them.
func sameValue(a, b any) bool { return reflect.DeepEqual(normalize(a), normalize(b)) }

// UndoTrust takes back one recorded entry: it removes what we added (and
// the tables or objects we made for it, when they are left empty; the
// file, when we made it and it is left empty) or restores the value we
// replaced. An entry the user has changed since is theirs now: it is left
// alone, and detail says so. gone reports that nothing of ours remains.
func UndoTrust(w Files, e TrustEntry) (c Change, gone bool, err error) {
	c = Change{Op: OpTrust, Path: e.File, Status: StatusUnchanged}
	data, err := w.ReadFile(e.File)
	if errors.Is(err, fs.ErrNotExist) {
		return c, true, nil
	}
	if err != nil {
		return c, false, err
	}
	var out []byte
	var empty, done bool
	switch e.Format {
	case "json":
		out, empty, done, err = undoJSONTrust(w, e, data, &c)
	case "toml":
		out, empty, done, err = undoTOMLTrust(w, e, data, &c)
	default:
		return c, false, fmt.Errorf("%s: unknown trust entry format %q", e.File, e.Format)
	}
	if err != nil {
		return c, false, err
	}
	if done {
		return c, true, nil
	}
	if empty && e.NewFile {
		c.Status, err = w.Remove(e.File)
		return c, err == nil, err
	}
	c.Status, err = w.WriteFile(e.File, out, 0o600)
	return c, err == nil, err
}

// undoJSONTrust takes an entry back out of a JSON file's contents. done
// reports that there is nothing to write: nothing of ours is left, or the
// user has changed the entry (c.Detail then says so).
func undoJSONTrust(w Files, e TrustEntry, data []byte, c *Change) (out []byte, empty, done bool, err error) {
	d, err := w.ParseJSON(e.File, data)
	if err != nil {
		return nil, false, false, err
	}
	raw, ok := d.Get(e.Keys...)
	if !ok {
		return nil, false, true, nil
	}
	var cur any
	json.Unmarshal(raw, &cur)
	switch {
	case e.Append:
		list, _ := cur.([]any)
		idx := -1
		for i, v := range list {
			if sameValue(v, e.Value) {
				idx = i
			}
		}
		if idx < 0 {
			return nil, false, true, nil
		}
		d.Delete(append(append([]string{}, e.Keys...), strconv.Itoa(idx))...)
		pruneJSON(d, e.Keys, e.Created)
	case !sameValue(cur, e.Value):
		c.Detail = "changed since symposium set it: left as it is"
		return nil, false, true, nil
	case e.Previous != nil:
		if err := d.Set(e.Previous, e.Keys...); err != nil {
			return nil, false, false, err
		}
	default:
		d.Delete(e.Keys...)
		pruneJSON(d, e.Keys[:len(e.Keys)-1], e.Created)
	}
	return d.Bytes(), len(d.Keys()) == 0, false, nil
}

// undoTOMLTrust is undoJSONTrust for a TOML file.
func undoTOMLTrust(w Files, e TrustEntry, data []byte, c *Change) (out []byte, empty, done bool, err error) {
	d, err := w.ParseTOML(e.File, data)
	if err != nil {
		return nil, false, false, err
	}
	cur, ok := d.Get(e.Keys...)
	switch {
	case !ok:
		return nil, false, true, nil
	case !sameValue(cur, e.Value):
		c.Detail = "changed since symposium set it: left as it is"
		return nil, false, true, nil
	case e.Previous != nil:
		if err := d.SetValue(e.Previous, e.Keys...); err != nil {
			return nil, false, false, err
		}
	default:
		d.DeleteTable(e.Keys...)
		for i := len(e.Keys) - 1; i > e.Created && i > 0; i-- {
			if t, ok := d.GetTable(e.Keys[:i]...); ok && len(t) == 0 {
				d.DeleteTable(e.Keys[:i]...)
			}
		}
	}
	out = d.Bytes()
	return out, len(strings.TrimSpace(string(out))) == 0, false, nil
}

// pruneJSON deletes the objects or lists along keys that we made (deeper
// than created) and that are now empty, deepest first.
func pruneJSON(d JSONDoc, keys []string, created int) {
	for i := len(keys); i > created && i > 0; i-- {
		if d.Len(keys[:i]...) != 0 {
			return
		}
		d.Delete(keys[:i]...)
	}
}
