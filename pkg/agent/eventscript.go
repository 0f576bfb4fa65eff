package agent

import (
	"path/filepath"
	"slices"
)

// Hooks as one program per event in a hook directory (Cline): the file
// named after the agent's event is what it runs. Each program is ours
// when it starts with the spec's marker; a user's file of the same name
// is never replaced or removed.

// registerEventScripts writes our program for each event a registers into
// dir, removes ours for events no longer registered there, and all of ours
// from the other scope's directory, so a hook never fires twice.
func (a *Agent) registerEventScripts(w Files, h *hookSpec, t Target, dir string) ([]Change, error) {
	var changes []Change
	var names []string
	for _, ev := range hookEvents {
		name := a.Event(ev)
		if name == "" {
			continue
		}
		p := filepath.Join(dir, name)
		status, err := writeScript(w, p, h, h.eventScript(t, a, ev))
		if err != nil {
			return changes, err
		}
		names = append(names, name)
		changes = append(changes, Change{Op: OpHook, Path: p, Status: status, Detail: name})
	}
	stale, err := removeEventScripts(w, h, dir, names...)
	changes = append(changes, stale...)
	if err != nil {
		return changes, err
	}
	other := ScopeProject
	if t.Scope == ScopeProject {
		other = ScopeGlobal
	}
	if od := h.file(t, other); od != "" && od != dir {
		more, err := removeEventScripts(w, h, od)
		return append(changes, more...), err
	}
	return changes, nil
}

// removeEventScripts removes our programs from dir, except those named keep.
func removeEventScripts(w Files, h *hookSpec, dir string, keep ...string) ([]Change, error) {
	var changes []Change
	for _, name := range h.eventFiles {
		if slices.Contains(keep, name) {
			continue
		}
		ch, err := removeScript(w, h, filepath.Join(dir, name))
		if err != nil {
			return changes, err
		}
		if ch != nil {
			changes = append(changes, *ch)
		}
	}
	return changes, nil
}
