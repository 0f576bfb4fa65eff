// Package cargofind finds a directory's Cargo.toml by stat alone, for the
// callers that must not parse manifests: the hook path, which runs on every
// tool call, and the no-change check of a sync. pkg/cargows uses it too.
package cargofind

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrNotFound means neither dir nor any parent has a Cargo.toml: not inside
// a Rust workspace.
var ErrNotFound = errors.New("could not find Cargo.toml")

// ExitNotFound is sym-deps' exit code for ErrNotFound, so that a caller
// (cargo agents sync) tells it from a broken workspace without reading
// the message.
const ExitNotFound = 4

// Nearest returns the nearest Cargo.toml at or above dir.
func Nearest(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if p := nearest(d); p != "" {
		return p, nil
	}
	return "", fmt.Errorf("%w in %s or any parent directory", ErrNotFound, dir)
}

// InProject reports whether dir or a parent has a Cargo.toml: Nearest
// without formatting an error, which the hook path asks on every call
// outside a synced workspace.
func InProject(dir string) bool {
	d, err := filepath.Abs(dir)
	return err == nil && nearest(d) != ""
}

// nearest is the nearest Cargo.toml at or above d (absolute, clean), or "".
func nearest(d string) string {
	for {
		p := filepath.Join(d, "Cargo.toml")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}
