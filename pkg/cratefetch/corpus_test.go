package cratefetch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
)

// TestCorpusLocksValidate checks that the validation of names, versions
// and checksums accepts every registry package of the real Cargo.lock
// files, so it only ever stops what no registry publishes.
func TestCorpusLocksValidate(t *testing.T) {
	locks, _ := filepath.Glob(filepath.Join(sharedtest.Dir(t, "corpus"), "cargo", "*", "Cargo.lock"))
	if len(locks) == 0 {
		t.Fatal("no Cargo.lock in corpus/cargo")
	}
	n := 0
	for _, file := range locks {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var lock struct {
			Package []struct{ Name, Version, Source, Checksum string }
		}
		if err := toml.Unmarshal(data, &lock); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, p := range lock.Package {
			if !strings.HasPrefix(p.Source, "registry+") && !strings.HasPrefix(p.Source, "sparse+") {
				continue
			}
			n++
			if err := validate(Crate{Name: p.Name, Version: p.Version, Checksum: p.Checksum, Source: p.Source}); err != nil {
				t.Errorf("%s: %v", file, err)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d registry packages in the corpus", n)
	}
}
