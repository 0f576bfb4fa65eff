// Package consent records the user's answers about plugins in the
// [plugins] table of config.toml (upstream: configuration.md "[plugins]"):
// `cargo agents use` writes and removes use entries, the consent prompt of
// an interactive sync writes auto-enable and disable. Each edit splices
// one array element into the user's file (pkg/fileedit), so their
// comments, order and every other setting stay; the write is atomic and
// serialised with other writers of the file.
//
// It is its own package so that the hook path, which reads the config
// (pkg/config), links no file editor.
package consent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
)

// Edit reads config.toml at dirs, lets fn change it, and writes it back
// when fn reports a change. The lock is the one init and sync take.
func Edit(dirs config.Dirs, fn func(d *fileedit.TOML) (bool, error)) error {
	unlock, err := fileedit.Lock(dirs.Cache, "install")
	if err != nil {
		return err
	}
	defer unlock()
	path := dirs.ConfigFile()
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	d, err := fileedit.ParseTOML(path, data)
	if err != nil {
		return fmt.Errorf("%w (fix the file, then run the command again)", err)
	}
	changed, err := fn(d)
	if err != nil || !changed {
		return err
	}
	// The result must still be a config we can read.
	if _, _, err := config.Parse(path, d.Bytes()); err != nil {
		return fmt.Errorf("internal: the edited %s would not load: %w", path, err)
	}
	_, err = fileedit.Real().WriteFile(path, d.Bytes(), 0o644)
	return err
}

// nameOf is an entry's plugin name (a string or { name = ... }).
func nameOf(v any) (name, workspace string) {
	switch t := v.(type) {
	case string:
		return t, ""
	case map[string]any:
		n, _ := t["name"].(string)
		w, _ := t["workspace"].(string)
		return n, w
	}
	return "", ""
}

func list(d *fileedit.TOML, key string) []any {
	v, _ := d.Get("plugins", key)
	l, _ := v.([]any)
	return l
}

// AddUse adds a use entry: name alone with workspace "" (every
// workspace), else { name, workspace }. An equal entry already there is
// no change.
func AddUse(d *fileedit.TOML, name, workspace string) (bool, error) {
	for _, v := range list(d, "use") {
		n, w := nameOf(v)
		if config.NormName(n) == config.NormName(name) && config.SameDir(w, workspace) && (w == "") == (workspace == "") {
			return false, nil
		}
	}
	var entry any = name
	if workspace != "" {
		entry = map[string]any{"name": name, "workspace": workspace}
	}
	return true, d.ArrayAppend(entry, "plugins", "use")
}

// RemoveUse removes the use entries in one scope (workspace "" is the
// unscoped entry) whose name reaches returns true for: the caller decides
// which of "NAME" and "crate:NAME" mean the thing being removed (see
// config.Consent). label names it in messages. None there is an error
// naming what there is.
func RemoveUse(d *fileedit.TOML, reaches func(entry string) bool, label, workspace string) (bool, error) {
	match := func(v any) bool {
		n, w := nameOf(v)
		if !reaches(n) {
			return false
		}
		if workspace == "" {
			return w == ""
		}
		return w != "" && config.SameDir(w, workspace)
	}
	n, err := d.ArrayRemove(match, "plugins", "use")
	if err != nil {
		return false, err
	}
	if n == 0 {
		var other []string
		for _, v := range list(d, "use") {
			if nm, w := nameOf(v); reaches(nm) {
				if w == "" {
					other = append(other, "--global")
				} else {
					other = append(other, "workspace "+w)
				}
			}
		}
		scope := "for this workspace"
		if workspace == "" {
			scope = "globally (--global)"
		}
		if len(other) > 0 {
			return false, fmt.Errorf("%s is not enabled %s; it is enabled for %v: pass the matching scope", label, scope, other)
		}
		return false, fmt.Errorf("%s is not enabled %s: no [plugins] use entry names it", label, scope)
	}
	return true, nil
}

// AddName adds name to [plugins] auto-enable or disable (key), once.
func AddName(d *fileedit.TOML, key, name string) (bool, error) {
	for _, v := range list(d, key) {
		if s, ok := v.(string); ok && config.NormName(s) == config.NormName(name) {
			return false, nil
		}
	}
	return true, d.ArrayAppend(name, "plugins", key)
}
