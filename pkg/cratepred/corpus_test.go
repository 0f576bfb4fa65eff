package cratepred

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
)

var corpus = sharedtest.Path("corpus")

// crateArrays collects every crates array of a SYMPOSIUM.toml, top level
// and per [[skills]] / [[mcp_servers]] entry.
func crateArrays(t *testing.T, path string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Crates     []string
		Skills     []struct{ Crates []string }
		MCPServers []struct{ Crates []string } `toml:"mcp_servers"`
	}
	if err := toml.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := [][]string{m.Crates}
	for _, s := range m.Skills {
		out = append(out, s.Crates)
	}
	for _, s := range m.MCPServers {
		out = append(out, s.Crates)
	}
	return out
}

// TestCorpusManifests parses the crates arrays of every real plugin
// manifest in the corpus: all must parse.
func TestCorpusManifests(t *testing.T) {
	var names []string
	err := filepath.WalkDir(filepath.Join(corpus, "recommendations"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "SYMPOSIUM.toml" {
			return err
		}
		for _, arr := range crateArrays(t, path) {
			l, err := ParseList(arr)
			if err != nil {
				t.Errorf("%s: %v", path, err)
			}
			names = append(names, l.Names()...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	want := []string{"anyhow", "color-eyre", "dial9", "dial9-tokio-telemetry", "dial9-viewer", "dial9-viewer",
		"displaydoc", "error-battery-pack", "error-stack", "eyre", "miette", "snafu", "thiserror"}
	if d := cmp.Diff(want, names); d != "" {
		t.Errorf("crate names (-want +got):\n%s", d)
	}
}

// TestBrokenManifests: the two predicate faults of broken/README.md fail
// with an error naming the faulty atom.
func TestBrokenManifests(t *testing.T) {
	tests := []struct{ dir, atom string }{
		{"symposium-bad-predicate-version/serde-plugin", "serde>=abc"},
		{"symposium-predicate-no-crate/any-plugin", ">=1.0"},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			var failed []string
			for _, arr := range crateArrays(t, filepath.Join(corpus, "broken", tc.dir, "SYMPOSIUM.toml")) {
				_, err := ParseList(arr)
				var pe *Error
				if errors.As(err, &pe) {
					failed = append(failed, pe.Atom)
				} else if err != nil {
					t.Errorf("error %T %v is not *Error", err, err)
				}
			}
			if d := cmp.Diff([]string{tc.atom}, failed); d != "" {
				t.Errorf("failing atoms (-want +got):\n%s", d)
			}
		})
	}
}
