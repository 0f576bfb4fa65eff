// Package sharedtest finds the read-only reference material the tests read
// (real agent payloads, Cargo workspaces, skills, the HIF vectors): the
// project's shared/ directory, which lives beside the repository.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Env names the shared/ directory explicitly; `make test` sets it.
const Env = "SYMPOSIUM_SHARED"

// Path returns shared/ joined with elem: $SYMPOSIUM_SHARED, else the
// directory beside the module root. It does not check that it exists; use
// Dir in a test to fail with a clear message when it does not.
func Path(elem ...string) string {
	root := os.Getenv(Env)
	if root == "" {
		root = filepath.Join(moduleRoot(), "..", "shared")
	}
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	return filepath.Join(append([]string{root}, elem...)...)
}

// Dir is Path for a test: the material is required, not optional, so a
// test that cannot find it fails, saying where it looked.
func Dir(t testing.TB, elem ...string) string {
	t.Helper()
	if fi, err := os.Stat(Path()); err != nil || !fi.IsDir() {
		t.Fatalf("reference material not found at %s: set %s to the shared/ directory (CI puts it beside the clone)", Path(), Env)
	}
	return Path(elem...)
}

// moduleRoot is the nearest directory above the working directory (a
// test's package directory) that holds go.mod; "." if there is none.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "."
		}
		dir = parent
	}
}
