package hif

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// inputProvider says which provider wrote each file under testdata/input.
func inputProvider(name string) string {
	prefix, _, _ := strings.Cut(name, "-")
	slug, _ := ProviderSlug(prefix)
	return slug
}

func inputs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "input", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	return files
}

// TestGolden converts every input to every provider and compares output and
// warnings with testdata/golden/<input>.<provider>.txt (-update rewrites).
func TestGolden(t *testing.T) {
	for _, file := range inputs(t) {
		base := filepath.Base(file)
		from := inputProvider(base)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range Providers() {
			t.Run(base+"/"+to, func(t *testing.T) {
				res, err := Convert(from, to, base, data, true)
				if err != nil {
					t.Fatalf("Convert(%s, %s) = %v", from, to, err)
				}
				var got bytes.Buffer
				got.Write(res.Output)
				got.WriteString("-- warnings --\n")
				for _, w := range res.Warnings {
					got.WriteString(w.String() + "\n")
				}
				golden := filepath.Join("testdata", "golden", strings.TrimSuffix(base, filepath.Ext(base))+"."+to+".txt")
				if *update {
					if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if d := cmp.Diff(string(want), got.String()); d != "" {
					t.Errorf("%s (-want +got):\n%s", golden, d)
				}
			})
		}
	}
}
