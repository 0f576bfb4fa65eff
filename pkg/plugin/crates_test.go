package plugin

import (
	"archive/tar"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/tartest"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func sha(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// TestChainedCratesDownloaded: a registry plugin's [[plugins]] references
// are read from crates downloaded from a sparse registry on 127.0.0.1, at
// the Cargo.lock version and checked against its checksum. A checksum
// mismatch, an archive that writes outside its directory, a symlink out
// and an oversized entry are refused: a warning, a rejected record naming
// the crate, nothing installed from it and nothing written outside the
// cache; the good crate still resolves.
func TestChainedCratesDownloaded(t *testing.T) {
	good := tartest.TarGz(t,
		tartest.Entry{Name: "good-1.0.0/Cargo.toml", Body: "[package]\nname = \"good\"\nversion = \"1.0.0\"\n"},
		tartest.Entry{Name: "good-1.0.0/skills/good-skill/SKILL.md", Body: "---\nname: good-skill\ndescription: Good.\n---\n"})
	evil := tartest.TarGz(t,
		tartest.Entry{Name: "evil-1.0.0/Cargo.toml", Body: "[package]\n"},
		tartest.Entry{Name: "evil-1.0.0/../../../pwned", Body: "x"})
	linky := tartest.TarGz(t,
		tartest.Entry{Name: "linky-1.0.0/Cargo.toml", Body: "[package]\n"},
		tartest.Entry{Name: "linky-1.0.0/skills", Type: tar.TypeSymlink, Link: "../../.."},
		tartest.Entry{Name: "linky-1.0.0/skills/x/SKILL.md", Body: "---\nname: x\n---\n"})
	huge := tartest.TarGz(t,
		tartest.Entry{Name: "huge-1.0.0/Cargo.toml", Body: "[package]\n"},
		tartest.Entry{Name: "huge-1.0.0/big", Body: strings.Repeat("x", 5000)})
	mism := tartest.TarGz(t, tartest.Entry{Name: "mism-1.0.0/Cargo.toml", Body: "[package]\n"})
	crates := map[string][]byte{"good": good, "evil": evil, "linky": linky, "huge": huge, "mism": mism}

	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p == "/index/config.json" {
			json.NewEncoder(w).Encode(map[string]string{"dl": srv.URL + "/dl"})
			return
		}
		for name, data := range crates {
			if p == "/dl/"+name+"/1.0.0/download" {
				w.Write(data)
				return
			}
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()

	tmp := t.TempDir()
	src := filepath.Join(tmp, "plugins")
	manifest := "name = \"refs\"\ndepends-on = [\"*\"]\n"
	var deps []stream.Dep
	for _, name := range []string{"evil", "good", "huge", "linky", "mism"} {
		manifest += "[[plugins]]\nsource.cargo = \"" + name + "\"\n"
		sum := sha(crates[name])
		if name == "mism" {
			sum = strings.Repeat("0", 64)
		}
		deps = append(deps, stream.Dep{Name: name, Version: "1.0.0", Source: "registry+https://github.com/rust-lang/crates.io-index", Checksum: sum})
	}
	os.MkdirAll(filepath.Join(src, "refs"), 0o755)
	os.WriteFile(filepath.Join(src, "refs", ManifestName), []byte(manifest), 0o644)

	cache := filepath.Join(tmp, "sandbox", "cache")
	f := &cratefetch.Fetcher{CacheDir: cache, CargoHome: filepath.Join(tmp, "cargo-home"), WorkDir: tmp,
		CratesIO: "sparse+" + srv.URL + "/index/", MaxEntry: 1000}
	var warnings []string
	r := &Resolver{Deps: deps, Crates: f, Warn: func(w pos.Warning) { warnings = append(warnings, w.String()) }}
	var pd []cratepred.Dep
	for _, d := range deps {
		pd = append(pd, cratepred.Dep{Name: d.Name, Version: d.Version})
	}
	res := Match([]*Scan{Discover(&Source{Name: "local", Dir: src})}, cratepred.NewSet(pd), r)

	if len(res.Skills) != 1 || res.Skills[0].Name != "good-skill" || !strings.HasPrefix(res.Skills[0].Dir, cache) {
		t.Errorf("skills = %+v, want good-skill from the cache", res.Skills)
	}
	wantRefused := map[string]string{"evil": "'..'", "linky": "leaves linky-1.0.0/", "huge": "limit", "mism": "does not match the expected checksum"}
	for name, why := range wantRefused {
		found := false
		for _, rj := range res.Rejected {
			if rj.What == "plugin" && rj.Name == name && strings.Contains(rj.Reason, "crate source missing: crate "+name+" 1.0.0: refused") && strings.Contains(rj.Reason, why) {
				found = true
			}
		}
		if !found {
			t.Errorf("no rejected record refusing %s (%s): %+v", name, why, res.Rejected)
		}
	}
	if len(warnings) != 4 {
		t.Errorf("warnings = %q, want one per refused crate", warnings)
	}
	// Nothing escaped: the sandbox holds the cache only, with good's source.
	var outside []string
	filepath.Walk(filepath.Join(tmp, "sandbox"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && !strings.HasPrefix(p, filepath.Join(cache, "crates", "good-1.0.0")) && !fi.IsDir() {
			outside = append(outside, p)
		}
		return nil
	})
	if len(outside) > 0 {
		t.Errorf("written outside good's directory: %v", outside)
	}
	if _, err := os.Stat(filepath.Join(tmp, "pwned")); err == nil {
		t.Error("path traversal wrote pwned")
	}

	// Offline (a hook's auto-sync): nothing is downloaded; what is in the
	// cache already still serves.
	f2 := &cratefetch.Fetcher{CacheDir: filepath.Join(tmp, "empty-cache"), CargoHome: f.CargoHome, WorkDir: tmp,
		CratesIO: f.CratesIO, Offline: true}
	r2 := &Resolver{Deps: deps, Crates: f2, Update: UpdateOffline, Consent: config.Consent{Disable: []string{"evil"}}}
	res = Match([]*Scan{Discover(&Source{Name: "local", Dir: src})}, cratepred.NewSet(pd), r2)
	if len(res.Skills) != 0 {
		t.Errorf("offline with an empty cache: skills %+v", res.Skills)
	}
}

// TestCrateManifestLayers: [package.metadata.symposium] keeps Cargo.toml's
// line numbers; a layer written after a sub-table falls back to the
// re-encoded table; a depth-10 chain stops with a rejection.
func TestCrateManifestLayers(t *testing.T) {
	data := []byte("[package]\nname = \"w\"\n\n[package.metadata.symposium]\nname = \"wp\"\n\n[[package.metadata.symposium.skills]]\nsource.path = 3\n")
	out, ok := extractMetadata(data)
	if !ok {
		t.Fatal("no table")
	}
	_, err := ParseCrateManifest("Cargo.toml", out, "w")
	if err == nil || !strings.Contains(err.Error(), "Cargo.toml:8:") {
		t.Errorf("err = %v, want it at Cargo.toml:8", err)
	}
	data = []byte("[package]\nname = \"w\"\n[[package.metadata.symposium.skills]]\nsource.path = \"g\"\n[package.metadata.symposium]\nname = \"wp\"\n")
	out, ok = extractMetadata(data)
	m, err := ParseCrateManifest("Cargo.toml", out, "w")
	if !ok || err != nil || m.Name != "wp" || len(m.Skills) != 1 || m.Skills[0].SourcePath != "g" {
		t.Errorf("fallback: %v %+v", err, m)
	}
	if _, ok := extractMetadata([]byte("[package]\nname = \"w\"\n")); ok {
		t.Error("a Cargo.toml without the table has one")
	}
}
