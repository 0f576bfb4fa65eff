package agent

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"strconv"
)

// pluginList is a project config file's list of plugin specs in which a
// plugin program we write (hookSpec.script) must also be named for the
// agent to load it, because the directories the agent scans itself cost
// something there: Kilo npm-installs @kilocode/plugin into a config
// directory (.kilo/, ~/.config/kilo/) holding a file:// plugin and waits
// for it, which stalls a start offline, but not for a plugin named in the
// project's kilo.json (kilo/output-contract.md; the binary's config
// loader). Ours is the one element equal to spec.
type pluginList struct {
	file       string   // workspace-relative config file, slash-separated
	alternates []string // other names the agent reads it under (kilo.jsonc)
	key        []string // the list's key path ("plugin")
	spec       string   // our element: the script's path relative to file
}

// path is the config file in the workspace: file, or an alternate that
// exists when file does not.
func (l *pluginList) path(t Target) string {
	p := filepath.Join(t.Workspace, filepath.FromSlash(l.file))
	if !fileExists(p) {
		for _, alt := range l.alternates {
			if a := filepath.Join(filepath.Dir(p), alt); fileExists(a) {
				return a
			}
		}
	}
	return p
}

// ensure names our script in the list (creating the file or the list as
// needed), leaving every other element and key as it is.
func (l *pluginList) ensure(w Files, t Target) (*Change, error) {
	p := l.path(t)
	data, err := w.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = []byte("{}\n"), nil
	}
	if err != nil {
		return nil, err
	}
	d, err := w.ParseJSON(p, data)
	if err != nil {
		return nil, err
	}
	if l.index(d) >= 0 {
		return &Change{Op: OpHook, Path: p, Status: StatusUnchanged, Detail: "plugin " + l.spec}, nil
	}
	if err := d.Append(l.spec, l.key...); err != nil {
		return nil, err
	}
	status, err := w.WriteFile(p, d.Bytes(), 0o644)
	if err != nil {
		return nil, err
	}
	return &Change{Op: OpHook, Path: p, Status: status, Detail: "plugin " + l.spec}, nil
}

// remove takes our element out of the list; the list goes when we leave it
// empty, and the file when nothing else is left in it. nil when it was not
// there.
func (l *pluginList) remove(w Files, t Target) (*Change, error) {
	if t.Workspace == "" {
		return nil, nil
	}
	p := l.path(t)
	data, err := w.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	d, err := w.ParseJSON(p, data)
	if err != nil {
		return nil, err
	}
	i := l.index(d)
	if i < 0 {
		return nil, nil
	}
	d.Delete(append(append([]string(nil), l.key...), strconv.Itoa(i))...)
	if d.Len(l.key...) == 0 {
		d.Delete(l.key...)
	}
	var status string
	if len(d.Keys()) == 0 {
		status, err = w.Remove(p)
	} else {
		status, err = w.WriteFile(p, d.Bytes(), 0o644)
	}
	if err != nil {
		return nil, err
	}
	return &Change{Op: OpHook, Path: p, Status: status}, nil
}

// index is our element's position in the list, -1 when absent (or when
// the key holds no list: the user's, left alone).
func (l *pluginList) index(d JSONDoc) int {
	raw, ok := d.Get(l.key...)
	if !ok {
		return -1
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		return -1
	}
	for i, el := range list {
		var s string
		if json.Unmarshal(el, &s) == nil && s == l.spec {
			return i
		}
	}
	return -1
}
