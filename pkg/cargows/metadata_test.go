package cargows

import (
	"context"
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestCargoMetadataAgrees runs both paths, Load and CargoMetadata, on every
// corpus case and compares their records. Cargo cannot reach crates.io here,
// so, like corpus/tools/full_resolve.py, the test copies the case and serves
// every locked package from a directory source of stub crates that carry
// exactly their locked dependencies; the members' manifests and Cargo.lock
// are the real files, and --locked proves cargo accepted the lock unchanged.
func TestCargoMetadataAgrees(t *testing.T) {
	cargoBin, err := exec.LookPath("cargo")
	if err != nil {
		t.Skip("cargo is not installed")
	}
	if testing.Short() {
		t.Skip("runs cargo on ten workspaces")
	}
	for _, name := range corpusCases(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			work := filepath.Join(t.TempDir(), name)
			home := filepath.Join(t.TempDir(), "cargo-home")
			vendorCase(t, filepath.Join(sharedtest.Dir(t, "corpus"), "cargo", name), work)
			if err := os.MkdirAll(home, 0o755); err != nil {
				t.Fatal(err)
			}
			native, err := Load(Options{Dir: work})
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			viaCargo, err := CargoMetadata(context.Background(), MetadataOptions{
				Options: Options{Dir: work},
				Cargo:   cargoBin,
				Env:     []string{"CARGO_HOME=" + home, "CARGO_NET_OFFLINE=true"},
				Args:    []string{"--locked"},
			})
			if err != nil {
				t.Fatalf("CargoMetadata: %v", err)
			}
			// cargo prints requirements normalised ("1.2" → "^1.2").
			for _, deps := range [][]stream.Dep{native.Deps, viaCargo.Deps} {
				for i := range deps {
					deps[i].Req = normReq(deps[i].Req)
				}
			}
			if diff := cmp.Diff(native.Workspace, viaCargo.Workspace); diff != "" {
				t.Errorf("workspace (-native +cargo):\n%s", diff)
			}
			if diff := cmp.Diff(native.Deps, viaCargo.Deps); diff != "" {
				t.Errorf("deps (-native +cargo):\n%s", diff)
			}
		})
	}
}

func normReq(r string) string {
	parts := strings.Split(strings.ReplaceAll(r, " ", ""), ",")
	for i, p := range parts {
		parts[i] = strings.TrimPrefix(p, "^")
	}
	slices.Sort(parts)
	return strings.Join(slices.Compact(parts), ",")
}

// vendorCase copies a corpus case to work and adds a vendor/ directory source
// plus .cargo/config.toml that replaces crates.io and every git source with it.
func vendorCase(t *testing.T, caseDir, work string) {
	t.Helper()
	if err := os.CopyFS(work, os.DirFS(caseDir)); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"metadata.json", "metadata-resolve.json", "expected.json"} {
		os.Remove(filepath.Join(work, f))
	}
	var lock struct {
		Package []struct {
			Name, Version, Source, Checksum string
			Dependencies                    []string
		} `toml:"package"`
		Metadata map[string]string `toml:"metadata"`
	}
	data, err := os.ReadFile(filepath.Join(work, "Cargo.lock"))
	if err != nil {
		t.Fatal(err)
	}
	if err := toml.Unmarshal(data, &lock); err != nil {
		t.Fatal(err)
	}
	// The features members ask of each crate, from `cargo metadata --no-deps`
	// (metadata.json): a stub must declare them or cargo refuses the manifest.
	var md struct {
		Packages []struct {
			Dependencies []struct {
				Name     string   `json:"name"`
				Rename   string   `json:"rename"`
				Features []string `json:"features"`
			} `json:"dependencies"`
			Features map[string][]string `json:"features"`
		} `json:"packages"`
	}
	mdata, err := os.ReadFile(filepath.Join(caseDir, "metadata.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(mdata, &md); err != nil {
		t.Fatal(err)
	}
	feats := map[string]map[string]bool{}
	addFeat := func(crate, f string) {
		if feats[crate] == nil {
			feats[crate] = map[string]bool{}
		}
		feats[crate][f] = true
	}
	for _, p := range md.Packages {
		alias := map[string]string{}
		for _, d := range p.Dependencies {
			for _, f := range d.Features {
				addFeat(d.Name, f)
			}
			alias[d.Name] = d.Name
			if d.Rename != "" {
				alias[d.Rename] = d.Name
			}
		}
		for _, fl := range p.Features {
			for _, f := range fl {
				if a, b, ok := strings.Cut(f, "/"); ok {
					if crate, ok := alias[strings.TrimSuffix(a, "?")]; ok {
						addFeat(crate, b)
					}
				}
			}
		}
	}
	find := func(s string) (name, version string) {
		n, v, src := splitLockDep(s)
		var hits []int
		for i, p := range lock.Package {
			if p.Name == n && (v == "" || p.Version == v) && (src == "" || p.Source == src) {
				hits = append(hits, i)
			}
		}
		if len(hits) > 1 && src == "" {
			hits = slices.DeleteFunc(hits, func(i int) bool { return lock.Package[i].Source != "" })
		}
		if len(hits) != 1 {
			t.Fatalf("lock dependency %q: %d packages", s, len(hits))
		}
		return lock.Package[hits[0]].Name, lock.Package[hits[0]].Version
	}
	vendor := filepath.Join(work, "vendor")
	gitSources := map[string]bool{}
	seen := map[string]bool{}
	for _, p := range lock.Package {
		if p.Source == "" {
			continue
		}
		if strings.HasPrefix(p.Source, "git+") {
			base, _, _ := strings.Cut(p.Source, "#")
			gitSources[base] = true
		}
		dn := p.Name + "-" + p.Version
		if seen[dn] {
			dn += fmt.Sprintf("-%x", sha1.Sum([]byte(p.Source)))[:9]
		}
		seen[dn] = true
		var b strings.Builder
		fmt.Fprintf(&b, "[package]\nname = %q\nversion = %q\nedition = \"2015\"\n\n[lib]\npath = \"lib.rs\"\n\n[dependencies]\n", p.Name, p.Version)
		for i, s := range p.Dependencies {
			n, v := find(s)
			fmt.Fprintf(&b, "d%d = { package = %q, version = \"=%s\" }\n", i, n, v)
		}
		b.WriteString("\n[features]\n")
		for _, f := range slices.Sorted(func(yield func(string) bool) {
			for f := range feats[p.Name] {
				if f != "default" && !yield(f) {
					return
				}
			}
		}) {
			fmt.Fprintf(&b, "%q = []\n", f)
		}
		b.WriteString("default = []\n")
		dir := filepath.Join(vendor, dn)
		must(t, os.MkdirAll(dir, 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "Cargo.toml"), []byte(b.String()), 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "lib.rs"), nil, 0o644))
		sum := p.Checksum
		if sum == "" {
			sum = lock.Metadata[fmt.Sprintf("checksum %s %s (%s)", p.Name, p.Version, p.Source)]
		}
		ck, _ := json.Marshal(map[string]any{"files": map[string]string{}, "package": nilIfEmpty(sum)})
		must(t, os.WriteFile(filepath.Join(dir, ".cargo-checksum.json"), ck, 0o644))
	}
	cfg := "[source.crates-io]\nreplace-with = \"vendored\"\n\n[source.vendored]\ndirectory = \"vendor\"\n\n"
	for i, g := range slices.Sorted(func(yield func(string) bool) {
		for g := range gitSources {
			if !yield(g) {
				return
			}
		}
	}) {
		u, err := url.Parse(strings.TrimPrefix(g, "git+"))
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		u.RawQuery = ""
		cfg += fmt.Sprintf("[source.git%d]\ngit = %q\n", i, u.String())
		for _, k := range []string{"branch", "tag", "rev"} {
			if v := q.Get(k); v != "" {
				cfg += fmt.Sprintf("%s = %q\n", k, v)
			}
		}
		cfg += "replace-with = \"vendored\"\n\n"
	}
	must(t, os.MkdirAll(filepath.Join(work, ".cargo"), 0o755))
	must(t, os.WriteFile(filepath.Join(work, ".cargo", "config.toml"), []byte(cfg), 0o644))
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
