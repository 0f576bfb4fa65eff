package agent

import (
	"fmt"
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

// writeUserFile writes a user's agent file (keeping its mode when it
// exists: ~/.claude.json is private); the writer skips identical bytes.
func writeUserFile(w Files, p string, data []byte) (Change, error) {
	status, err := w.WriteFile(p, data, 0o600)
	return Change{Op: OpTrust, Path: p, Status: status}, err
}

// quoteList renders names as "a", "b".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
