package plugin

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// pendingExamples are upstream examples that still lose a part here, each
// with why. A branch that teaches the parser the field removes the entry;
// the test fails for an entry that no longer skips, so the list shrinks.
var pendingExamples = map[string]string{
	// Not in upstream's own schema either (deny_unknown_fields on inline
	// installations; no "local" source): a stale page example.
	"plugin-definition-23.toml": `command = { source = "local", command = "…" }`,
}

// TestUpstreamExamples runs plugin validate over every TOML example of
// upstream's reference pages (extracted into testdata/upstream-examples)
// and over the real central source: none may lose a part for a field this
// version does not read. Other errors (a source.path the fragment does not
// ship) are not this test's business.
func TestUpstreamExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "upstream-examples", "*.toml"))
	if err != nil || len(files) < 40 {
		t.Fatalf("examples: %d files, %v", len(files), err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			skips, err := exampleSkips(f)
			if err != nil && runtime.GOOS == "windows" && strings.Contains(err.Error(), `"/`) && strings.Contains(err.Error(), "must be absolute") {
				t.Skipf("a Unix absolute path, which on Windows has no drive and is not absolute: %v", err)
			}
			if err != nil {
				t.Fatalf("does not load: %v", err)
			}
			why, pending := pendingExamples[name]
			switch {
			case pending && len(skips) == 0:
				t.Errorf("no longer skips anything (%s): remove it from pendingExamples", why)
			case !pending && len(skips) > 0:
				t.Errorf("skips:\n%s", strings.Join(skips, "\n"))
			}
		})
	}
	t.Run("recommendations", func(t *testing.T) {
		rep, err := Validate(filepath.Join(corpus, "recommendations"))
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Errors) > 0 || rep.Plugins != 3 {
			t.Errorf("%d plugin(s), errors:\n%s", rep.Plugins, strings.Join(rep.Errors, "\n"))
		}
	})
}

// exampleSkips validates one example and returns what it skipped: for a
// Cargo.toml, its [package.metadata.symposium] layer parsed as a crate's.
func exampleSkips(f string) ([]string, error) {
	var m *Manifest
	var err error
	if strings.HasSuffix(f, ".Cargo.toml") {
		data, ok := metadataTable(f)
		if !ok {
			return nil, os.ErrNotExist
		}
		m, err = ParseCrateManifest(f, data, "example")
	} else {
		m, err = LoadManifest(f)
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range m.Skipped {
		out = append(out, s.Err.Error())
	}
	if !strings.HasSuffix(f, ".Cargo.toml") {
		rep, err := Validate(f)
		if err != nil {
			return nil, err
		}
		for _, e := range rep.Errors {
			if strings.Contains(e, "unknown field") || strings.Contains(e, "skipping") {
				out = append(out, "validate: "+e)
			}
		}
	}
	return out, nil
}
