package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// OpTrust is the Change op of an edit that opens a gate.
const OpTrust = "trust"

// userEdit is one change to a user's agent file that opens a gate.
type userEdit func(Files) (Change, error)

// opener makes a gate's edits in order, stopping at the first that fails.
func opener(edits ...userEdit) func(Files) ([]Change, error) {
	return func(w Files) ([]Change, error) {
		var changes []Change
		for _, e := range edits {
			c, err := e(w)
			if err != nil {
				return changes, err
			}
			changes = append(changes, c)
		}
		return changes, nil
	}
}

// jsonEdit edits the user's JSON (or JSONC) file p in place, keeping
// everything edit does not touch; a missing file starts as {}.
func jsonEdit(p string, edit func(JSONDoc) error) userEdit {
	return func(w Files) (Change, error) {
		return editUserFile(w, p, []byte("{}\n"), w.ParseJSON, edit)
	}
}

// tomlEdit is jsonEdit for a TOML file; a missing file starts empty.
func tomlEdit(p string, edit func(TOMLDoc) error) userEdit {
	return func(w Files) (Change, error) {
		return editUserFile(w, p, nil, w.ParseTOML, edit)
	}
}

func editUserFile[D interface{ Bytes() []byte }](w Files, p string, empty []byte, parse func(string, []byte) (D, error), edit func(D) error) (Change, error) {
	data, err := w.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = empty, nil
	}
	if err != nil {
		return Change{}, err
	}
	doc, err := parse(p, data)
	if err != nil {
		return Change{}, err
	}
	if err := edit(doc); err != nil {
		return Change{}, err
	}
	return writeUserFile(w, p, doc.Bytes())
}

// writeUserFile writes a user's agent file (keeping its mode when it
// exists: ~/.claude.json is private); the writer skips identical bytes.
func writeUserFile(w Files, p string, data []byte) (Change, error) {
	status, err := w.WriteFile(p, data, 0o600)
	return Change{Op: OpTrust, Path: p, Status: status}, err
}

// appendNew appends to the string array at ptr each value it lacks.
func appendNew(d JSONDoc, values []string, ptr ...string) error {
	var have []string
	if raw, ok := d.Get(ptr...); ok {
		var list []any
		if err := json.Unmarshal(raw, &list); err != nil {
			return fmt.Errorf("%s: %q is not a list", d.Path(), strings.Join(ptr, "."))
		}
		have = stringList(list)
	}
	for _, v := range values {
		if !contains(have, v) {
			if err := d.Append(v, ptr...); err != nil {
				return err
			}
			have = append(have, v)
		}
	}
	return nil
}

// quoteList renders names as "a", "b".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
