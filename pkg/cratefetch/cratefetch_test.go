package cratefetch

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/symposium-dev/symposium-go/internal/tartest"
)

// entry is one tar entry of a test archive.
type entry = tartest.Entry

// goodCrate is a well-formed archive of name-version.
func goodCrate(t *testing.T, name, version string) []byte {
	p := name + "-" + version + "/"
	return tartest.TarGz(t,
		entry{Name: p, Type: tar.TypeDir},
		entry{Name: p + "Cargo.toml", Body: "[package]\nname = \"" + name + "\"\nversion = \"" + version + "\"\n"},
		entry{Name: p + "skills/use-it/SKILL.md", Body: "---\nname: use-it\n---\n"},
		entry{Name: p + "build.sh", Body: "#!/bin/sh\n", Mode: 0o4755},
	)
}

func sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// testRegistry is a sparse index with downloads, on 127.0.0.1.
type testRegistry struct {
	*httptest.Server
	dl string // config.json "dl"; "" means <server>/dl

	mu       sync.Mutex
	index    map[string][]indexEntry // crate name -> lines
	crates   map[string][]byte       // request path -> body
	requests []string
}

func newRegistry(t *testing.T) *testRegistry {
	r := &testRegistry{index: map[string][]indexEntry{}, crates: map[string][]byte{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.Close)
	return r
}

func (r *testRegistry) serve(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests = append(r.requests, req.URL.Path)
	p := req.URL.Path
	switch {
	case p == "/index/config.json":
		dl := r.dl
		if dl == "" {
			dl = r.URL + "/dl"
		}
		json.NewEncoder(w).Encode(map[string]string{"dl": dl, "api": r.URL})
		return
	case strings.HasPrefix(p, "/index/"):
		for name, lines := range r.index {
			if "/index/"+indexPath(name) == p {
				for _, l := range lines {
					json.NewEncoder(w).Encode(l)
				}
				return
			}
		}
	default:
		if body, ok := r.crates[p]; ok {
			w.Write(body)
			return
		}
	}
	http.NotFound(w, req)
}

func indexPath(name string) string {
	n := strings.ToLower(name)
	switch len(n) {
	case 1, 2:
		return string(rune('0'+len(n))) + "/" + n
	case 3:
		return "3/" + n[:1] + "/" + n
	}
	return n[:2] + "/" + n[2:4] + "/" + n
}

// publish adds a version to the index and its archive at path (default
// the dl-less form /dl/{crate}/{version}/download).
func (r *testRegistry) publish(name, version string, data []byte, yanked bool, path string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.index[name] = append(r.index[name], indexEntry{Name: name, Vers: version, Cksum: sum(data), Yanked: yanked})
	if path == "" {
		path = "/dl/" + name + "/" + version + "/download"
	}
	r.crates[path] = data
}

func (r *testRegistry) downloads() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, p := range r.requests {
		if !strings.HasPrefix(p, "/index/") {
			n++
		}
	}
	return n
}

// cargoHome makes a CARGO_HOME whose config.toml replaces crates.io with
// the test registry.
func cargoHome(t *testing.T, reg *testRegistry) string {
	home := t.TempDir()
	if reg != nil {
		writeFile(t, filepath.Join(home, "config.toml"), `
[source.crates-io]
replace-with = "mirror"

[source.mirror]
registry = "sparse+`+reg.URL+`/index/"
`)
	}
	return home
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func fetcher(t *testing.T, home string) *Fetcher {
	return &Fetcher{CargoHome: home, CacheDir: filepath.Join(t.TempDir(), "cache"), HTTP: &http.Client{}}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// listTree returns every path under dir, relative, for "nothing written"
// checks.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

func TestPathDependency(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "Cargo.toml"), "[package]\n")
	f := fetcher(t, t.TempDir())
	f.Offline = true
	got, err := f.Source(context.Background(), Crate{Name: "local", Version: "0.1.0", PathDir: dir})
	if err != nil || got != dir {
		t.Fatalf("Source = %q, %v; want %q", got, err, dir)
	}
	_, err = f.Source(context.Background(), Crate{Name: "gone", Version: "0.1.0", PathDir: filepath.Join(dir, "nope")})
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "crate gone 0.1.0") {
		t.Fatalf("missing path dep: %v", err)
	}
}

func TestCargoRegistrySrc(t *testing.T) {
	home := t.TempDir()
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "Cargo.toml"), "[package]\n")
	writeFile(t, filepath.Join(outside, ".cargo-ok"), "")
	src := filepath.Join(home, "registry", "src")

	// finished unpack
	good := filepath.Join(src, "index.crates.io-1949cf8c6b5b557f", "serde-1.0.200")
	writeFile(t, filepath.Join(good, "Cargo.toml"), "[package]\n")
	writeFile(t, filepath.Join(good, ".cargo-ok"), `{"v":1}`)
	// killed unpack: no .cargo-ok
	writeFile(t, filepath.Join(src, "index.crates.io-1949cf8c6b5b557f", "half-1.0.0", "Cargo.toml"), "")
	// planted symlinks: a crate dir and a whole index dir
	os.MkdirAll(filepath.Join(src, "a-idx"), 0o755)
	os.Symlink(outside, filepath.Join(src, "a-idx", "evil-1.0.0"))
	os.Symlink(filepath.Dir(outside), filepath.Join(src, "b-idx"))
	if err := os.Symlink(outside, filepath.Join(filepath.Dir(outside), "evil2-1.0.0")); err != nil {
		t.Fatal(err)
	}

	f := fetcher(t, home)
	f.Offline = true
	for _, tc := range []struct {
		name, version, want string
	}{
		{"serde", "1.0.200", good},
		{"half", "1.0.0", ""},
		{"evil", "1.0.0", ""},
		{"evil2", "1.0.0", ""},
	} {
		if got := f.Local(Crate{Name: tc.name, Version: tc.version}); got != tc.want {
			t.Errorf("%s: Local = %q; want %q", tc.name, got, tc.want)
		}
		got, err := f.Source(context.Background(), Crate{Name: tc.name, Version: tc.version})
		if tc.want != "" {
			if err != nil || got != tc.want {
				t.Errorf("%s: Source = %q, %v; want %q", tc.name, got, err, tc.want)
			}
			continue
		}
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "cargo fetch") {
			t.Errorf("%s: Source = %q, %v; want unavailable", tc.name, got, err)
		}
	}
}

func TestCargoRegistryCache(t *testing.T) {
	data := goodCrate(t, "demo", "1.2.3")
	bad := goodCrate(t, "demo", "1.2.3")
	bad = append(bytes.Clone(bad[:len(bad)-1]), bad[len(bad)-1]^1)
	for _, tc := range []struct {
		name      string
		cached    []byte
		checksum  string
		registry  bool // the (replacing) registry has the right archive
		wantErr   error
		wantInErr string
	}{
		{name: "good checksum", cached: data, checksum: sum(data)},
		{name: "no checksum trusts cargo's cache", cached: data},
		{name: "bad checksum offline", cached: bad, checksum: sum(data), wantErr: ErrRefused, wantInErr: "does not match"},
		{name: "bad checksum, registry has it", cached: bad, checksum: sum(data), registry: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var reg *testRegistry
			if tc.registry {
				reg = newRegistry(t)
				reg.publish("demo", "1.2.3", data, false, "")
			}
			home := cargoHome(t, reg)
			file := filepath.Join(home, "registry", "cache", "index.crates.io-1949cf8c6b5b557f", "demo-1.2.3.crate")
			writeFile(t, file, string(tc.cached))
			f := fetcher(t, home)
			f.Offline = !tc.registry
			dir, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.2.3", Checksum: tc.checksum})
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) || !strings.Contains(err.Error(), tc.wantInErr) || !strings.Contains(err.Error(), "crate demo 1.2.3") || !strings.Contains(err.Error(), file) {
					t.Fatalf("err = %v; want %v mentioning %q and %s", err, tc.wantErr, tc.wantInErr, file)
				}
				if got := listTree(t, filepath.Join(f.CacheDir, "crates")); len(got) != 0 {
					t.Fatalf("refused crate left %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(f.CacheDir, "crates", "demo-1.2.3"); dir != want {
				t.Fatalf("dir = %q; want %q", dir, want)
			}
			checkUnpacked(t, dir)
			// The second call is served from our cache, even with cargo's
			// archive gone.
			os.Remove(file)
			f.Offline = true
			again, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.2.3", Checksum: tc.checksum})
			if err != nil || again != dir {
				t.Fatalf("second Source = %q, %v", again, err)
			}
		})
	}
}

func checkUnpacked(t *testing.T, dir string) {
	t.Helper()
	if !strings.Contains(mustRead(t, filepath.Join(dir, "Cargo.toml")), "[package]") {
		t.Errorf("%s: no Cargo.toml", dir)
	}
	mustRead(t, filepath.Join(dir, "skills", "use-it", "SKILL.md"))
	fi, err := os.Stat(filepath.Join(dir, "build.sh"))
	if runtime.GOOS == "windows" && err == nil {
		return // no Unix permission bits to check
	}
	if err != nil || fi.Mode().Perm() != 0o755 || fi.Mode()&os.ModeSetuid != 0 {
		t.Errorf("build.sh mode = %v, %v; want 0755 without setuid", fi.Mode(), err)
	}
}

func TestDownload(t *testing.T) {
	data := goodCrate(t, "serde_json", "1.0.117")
	for _, tc := range []struct {
		name     string
		dl       string // "" = no markers: /{crate}/{version}/download
		path     string // where the archive is served
		config   func(url string) string
		checksum bool
	}{
		{name: "replace-with registry, lock checksum", checksum: true},
		{name: "no lock checksum: the index's", checksum: false},
		{name: "markers", dl: "/files/{prefix}/{lowerprefix}/{crate}-{version}.crate?sum={sha256-checksum}", path: "/files/se/rd/se/rd/serde_json-1.0.117.crate"},
		{name: "crate and version markers", dl: "/api/v1/crates/{crate}/{version}/download", path: "/api/v1/crates/serde_json/1.0.117/download"},
		{name: "replace-with a [registries] entry", config: func(url string) string {
			return "[source.crates-io]\nreplace-with = \"corp\"\n[registries.corp]\nindex = \"sparse+" + url + "/index\"\n"
		}},
		{name: "chained replacement", config: func(url string) string {
			return "[source.crates-io]\nreplace-with = \"a\"\n[source.a]\nreplace-with = \"b\"\n[source.b]\nregistry = \"sparse+" + url + "/index/\"\n"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := newRegistry(t)
			if tc.dl != "" {
				reg.dl = reg.URL + tc.dl
			}
			reg.publish("serde_json", "1.0.117", data, false, tc.path)
			home := cargoHome(t, reg)
			if tc.config != nil {
				writeFile(t, filepath.Join(home, "config.toml"), tc.config(reg.URL))
			}
			f := fetcher(t, home)
			c := Crate{Name: "serde_json", Version: "1.0.117", Source: "registry+https://github.com/rust-lang/crates.io-index"}
			if tc.checksum {
				c.Checksum = sum(data)
			}
			dir, err := f.Source(context.Background(), c)
			if err != nil {
				t.Fatalf("Source: %v (requests %v)", err, reg.requests)
			}
			if !strings.Contains(mustRead(t, filepath.Join(dir, "Cargo.toml")), "serde_json") {
				t.Fatal("wrong Cargo.toml")
			}
			if reg.downloads() != 1 {
				t.Fatalf("downloads = %d (%v)", reg.downloads(), reg.requests)
			}
			// Cached now: no second download.
			if _, err := f.Source(context.Background(), c); err != nil || reg.downloads() != 1 {
				t.Fatalf("second Source: %v, downloads %d", err, reg.downloads())
			}
		})
	}
}

func TestLegacyConfigWins(t *testing.T) {
	reg := newRegistry(t)
	data := goodCrate(t, "abc", "0.1.0")
	reg.publish("abc", "0.1.0", data, false, "")
	home := t.TempDir()
	// Cargo reads the extensionless file when both exist.
	writeFile(t, filepath.Join(home, "config"), "[source.crates-io]\nreplace-with = \"m\"\n[source.m]\nregistry = \"sparse+"+reg.URL+"/index/\"\n")
	writeFile(t, filepath.Join(home, "config.toml"), "[source.crates-io]\nreplace-with = \"m\"\n[source.m]\nregistry = \"sparse+http://127.0.0.1:1/index/\"\n")
	f := fetcher(t, home)
	if _, err := f.Source(context.Background(), Crate{Name: "abc", Version: "0.1.0", Checksum: sum(data)}); err != nil {
		t.Fatal(err)
	}
}

func TestDownloadChecksumMismatch(t *testing.T) {
	reg := newRegistry(t)
	data := goodCrate(t, "demo", "1.0.0")
	reg.publish("demo", "1.0.0", data, false, "")
	reg.crates["/dl/demo/1.0.0/download"] = goodCrate(t, "demo", "1.0.0-tampered")
	home := cargoHome(t, reg)
	f := fetcher(t, home)
	for _, checksum := range []string{sum(data), ""} { // the lock's, else the index's
		_, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0", Checksum: checksum})
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "does not match") || !strings.Contains(err.Error(), "crate demo 1.0.0") {
			t.Fatalf("checksum %q: err = %v; want refused", checksum, err)
		}
	}
	if got := listTree(t, f.CacheDir); len(got) != 0 {
		t.Fatalf("refused download left %v", got)
	}
}

// TestHostileArchives: a refused archive (pkg/untar's tests have every
// kind) is a *RefusedError naming the crate and the file, with the fix
// that fits, and leaves nothing.
func TestHostileArchives(t *testing.T) {
	const p = "demo-1.0.0/"
	manifest := entry{Name: p + "Cargo.toml", Body: "[package]\n"}
	big := strings.Repeat("x", 2000)
	const hostile, tooBig = "report it to the registry", "run `cargo fetch`"
	for _, tc := range []struct {
		name    string
		entries []entry
		want    string
		fix     string
	}{
		{"absolute path", []entry{manifest, {Name: "/tmp/evil", Body: "x"}}, `entry "/tmp/evil": absolute path`, hostile},
		{"outside the prefix", []entry{manifest, {Name: "other-1.0.0/x", Body: "x"}}, "outside demo-1.0.0/", hostile},
		{"symlink up", []entry{manifest, {Name: p + "up", Type: tar.TypeSymlink, Link: "../../x"}}, "leaves demo-1.0.0/", hostile},
		{"duplicate entry", []entry{manifest, manifest}, "a second entry for the same path", hostile},
		{"fifo", []entry{manifest, {Name: p + "fifo", Type: tar.TypeFifo}}, "unsupported entry type", hostile},
		{"oversized entry", []entry{manifest, {Name: p + "big", Body: big}}, "over the 1000-byte limit", tooBig},
		{"oversized total", []entry{manifest, {Name: p + "a", Body: big[:900]}, {Name: p + "b", Body: big[:900]}, {Name: p + "c", Body: big[:900]}}, "over 2500 bytes", tooBig},
		{"too many entries", []entry{manifest, {Name: p + "a/", Type: tar.TypeDir}, {Name: p + "b/", Type: tar.TypeDir}, {Name: p + "c/", Type: tar.TypeDir}, {Name: p + "d/", Type: tar.TypeDir}}, "more than 4 entries", tooBig},
		{"no Cargo.toml", []entry{{Name: p + "src/lib.rs", Body: ""}}, "no demo-1.0.0/Cargo.toml", hostile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := tartest.TarGz(t, tc.entries...)
			home := t.TempDir()
			file := filepath.Join(home, "registry", "cache", "idx", "demo-1.0.0.crate")
			writeFile(t, file, string(data))
			f := fetcher(t, home)
			f.Offline = true
			f.MaxEntry, f.MaxTotal, f.MaxFiles = 1000, 2500, 4
			// The sandbox in which an escape would show: everything above the
			// cache dir.
			sandbox := filepath.Dir(f.CacheDir)
			_, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0", Checksum: sum(data)})
			t.Log(err)
			var re *RefusedError
			if !errors.As(err, &re) || !errors.Is(err, ErrRefused) || !strings.Contains(re.Reason, tc.want) || re.From != file {
				t.Fatalf("err = %v; want refused %s with %q", err, file, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "crate demo 1.0.0: refused "+file+": ") || !strings.Contains(re.Fix, tc.fix) {
				t.Fatalf("err = %v; want it to name the crate and the file, and a fix with %q", err, tc.fix)
			}
			if got := listTree(t, sandbox); len(got) > 2 { // cache/ and cache/crates/
				t.Fatalf("refused archive left %v", got)
			}
		})
	}
}

func TestArchiveLinks(t *testing.T) {
	ostest.Symlinks(t)
	const p = "demo-1.0.0/"
	data := tartest.TarGz(t,
		entry{Name: p + "Cargo.toml", Body: "[package]\n"},
		entry{Name: p + "docs/guide.md", Body: "guide"},
		entry{Name: p + "README.md", Type: tar.TypeSymlink, Link: "docs/guide.md"},
		entry{Name: p + "skills/link.md", Type: tar.TypeSymlink, Link: "../docs/guide.md"},
		entry{Name: p + "copy.md", Type: tar.TypeLink, Link: p + "docs/guide.md"},
	)
	home := t.TempDir()
	writeFile(t, filepath.Join(home, "registry", "cache", "idx", "demo-1.0.0.crate"), string(data))
	var warnings []string
	f := fetcher(t, home)
	f.Offline = true
	f.Warn = func(m string) { warnings = append(warnings, m) }
	dir, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0"})
	if err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, filepath.Join(dir, "README.md")); got != "guide" {
		t.Errorf("README.md = %q", got)
	}
	if got := mustRead(t, filepath.Join(dir, "copy.md")); got != "guide" {
		t.Errorf("copy.md = %q", got)
	}
	if _, err := os.Lstat(filepath.Join(dir, "skills", "link.md")); !os.IsNotExist(err) {
		t.Errorf("symlink with .. was made: %v", err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "skills/link.md") {
		t.Errorf("warnings = %q", warnings)
	}
}

func TestUnavailable(t *testing.T) {
	// A port nothing listens on: bind one, note it, close it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()

	reg := newRegistry(t)
	for _, tc := range []struct {
		name    string
		offline bool
		config  string
		source  string
		want    string
	}{
		{name: "offline", offline: true, want: "offline"},
		{name: "unreachable", config: "[source.crates-io]\nreplace-with = \"m\"\n[source.m]\nregistry = \"sparse+http://" + closed + "/index/\"\n", want: closed},
		{name: "not published", config: "[source.crates-io]\nreplace-with = \"m\"\n[source.m]\nregistry = \"sparse+" + reg.URL + "/index/\"\n", want: "has no"},
		{name: "vendored directory", config: "[source.crates-io]\nreplace-with = \"v\"\n[source.v]\ndirectory = \"vendor\"\n", want: "vendored directory"},
		{name: "undefined replacement", config: "[source.crates-io]\nreplace-with = \"nope\"\n", want: "not defined"},
		{name: "replacement loop", config: "[source.crates-io]\nreplace-with = \"a\"\n[source.a]\nreplace-with = \"crates-io\"\n", want: "loops"},
		{name: "git index", source: "registry+https://example.com/index.git", want: "git index"},
		{name: "git dependency", source: "git+https://example.com/repo?branch=main#" + strings.Repeat("ab", 20), want: "no finished checkout of https://example.com/repo at commit ababab"},
		{name: "other source", source: "sparse2+https://example.com/x", want: "not a registry"},
		{name: "broken config", config: "[source.crates-io\n", want: "config.toml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			if tc.config != "" {
				writeFile(t, filepath.Join(home, "config.toml"), tc.config)
			}
			f := fetcher(t, home)
			f.Offline = tc.offline
			_, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0", Checksum: strings.Repeat("a", 64), Source: tc.source})
			t.Log(err)
			var ue *UnavailableError
			if !errors.As(err, &ue) || !errors.Is(err, ErrUnavailable) {
				t.Fatalf("err = %v; want *UnavailableError", err)
			}
			for _, s := range []string{"crate demo 1.0.0", "run `cargo fetch`", tc.want} {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("err = %v; want it to mention %q", err, s)
				}
			}
		})
	}
}

func TestInvalidInput(t *testing.T) {
	reg := newRegistry(t)
	f := fetcher(t, cargoHome(t, reg))
	for _, c := range []Crate{
		{Name: "../etc", Version: "1.0.0"},
		{Name: "a/b", Version: "1.0.0"},
		{Name: "", Version: "1.0.0"},
		{Name: strings.Repeat("a", 65), Version: "1.0.0"},
		{Name: "ok", Version: "../../1.0.0"},
		{Name: "ok", Version: "1.0"},
		{Name: "ok", Version: "v1.0.0"},
		{Name: "ok", Version: "1.0.0", Checksum: "../../zz"},
	} {
		_, err := f.Source(context.Background(), c)
		if !errors.Is(err, ErrRefused) {
			t.Errorf("%+v: err = %v; want refused", c, err)
		}
	}
	if _, err := f.Newest(context.Background(), "../x", nil); !errors.Is(err, ErrRefused) {
		t.Errorf("Newest(../x) = %v", err)
	}
	if len(reg.requests) != 0 {
		t.Errorf("requests = %v; want none", reg.requests)
	}
}

func TestNewest(t *testing.T) {
	reg := newRegistry(t)
	pub := func(name, v string, yanked bool) {
		reg.publish(name, v, []byte(name+v), yanked, "")
	}
	pub("tokio", "1.9.0", false)
	pub("tokio", "1.10.0", false)
	pub("tokio", "1.38.0", false)
	pub("tokio", "1.39.0", true)
	pub("tokio", "2.0.0-alpha.1", false)
	pub("pre", "0.1.0-beta.1", false)
	pub("pre", "0.1.0-beta.2", false)
	pub("gone", "1.0.0", true)
	pub("serde_json", "1.0.117", false)
	f := fetcher(t, cargoHome(t, reg))
	for _, tc := range []struct {
		name   string
		accept func(string) bool
		want   string // name version, or "" for unavailable
	}{
		{name: "tokio", want: "tokio 1.38.0"},
		{name: "tokio", accept: func(v string) bool { return strings.HasPrefix(v, "1.1") }, want: "tokio 1.10.0"},
		{name: "pre", want: "pre 0.1.0-beta.2"},
		{name: "gone"},
		{name: "nothere"},
		{name: "serde-json", want: "serde_json 1.0.117"},
	} {
		c, err := f.Newest(context.Background(), tc.name, tc.accept)
		if tc.want == "" {
			if !errors.Is(err, ErrUnavailable) {
				t.Errorf("Newest(%s) = %v, %v; want unavailable", tc.name, c, err)
			}
			continue
		}
		if err != nil || c.Name+" "+c.Version != tc.want || c.Checksum != sum([]byte(c.Name+c.Version)) {
			t.Errorf("Newest(%s) = %+v, %v; want %s", tc.name, c, err, tc.want)
		}
	}
	f.Offline = true
	n := len(reg.requests)
	if _, err := f.Newest(context.Background(), "tokio", nil); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "offline") || len(reg.requests) != n {
		t.Errorf("offline Newest = %v (requests %d -> %d)", err, n, len(reg.requests))
	}
}

var timeLongAgo = time.Now().Add(-24 * time.Hour)

func TestReplacesStaleCache(t *testing.T) {
	reg := newRegistry(t)
	data := goodCrate(t, "demo", "1.0.0")
	reg.publish("demo", "1.0.0", data, false, "")
	f := fetcher(t, cargoHome(t, reg))
	// An unfinished unpack (no ok file) and one from another archive.
	stale := filepath.Join(f.CacheDir, "crates", "demo-1.0.0")
	writeFile(t, filepath.Join(stale, "Cargo.toml"), "stale")
	leftover := filepath.Join(f.CacheDir, "crates", ".demo-1.0.0.tmp-123")
	writeFile(t, filepath.Join(leftover, "x"), "")
	os.Chtimes(leftover, timeLongAgo, timeLongAgo)
	dir, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0", Checksum: sum(data)})
	if err != nil {
		t.Fatal(err)
	}
	checkUnpacked(t, dir)
	if got := listTree(t, filepath.Join(f.CacheDir, "crates")); strings.Contains(strings.Join(got, " "), ".tmp-") {
		t.Errorf("leftovers: %v", got)
	}
	// Another lock's checksum for the same name and version replaces it.
	writeFile(t, filepath.Join(dir, okFile), strings.Repeat("b", 64))
	if _, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0", Checksum: sum(data)}); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(mustRead(t, filepath.Join(dir, okFile))); got != sum(data) {
		t.Errorf("ok file = %q", got)
	}
}

func TestDLURL(t *testing.T) {
	ck := strings.Repeat("c", 64)
	for _, tc := range []struct{ tmpl, name, want string }{
		{"https://static.crates.io/crates", "Serde", "https://static.crates.io/crates/Serde/1.0.0/download"},
		{"https://x/dl/", "a", "https://x/dl/a/1.0.0/download"},
		{"https://x/{prefix}/{crate}", "a", "https://x/1/a"},
		{"https://x/{prefix}/{crate}", "ab", "https://x/2/ab"},
		{"https://x/{prefix}/{lowerprefix}/{crate}", "Abc", "https://x/3/A/3/a/Abc"},
		{"https://x/{lowerprefix}/{crate}-{version}.crate", "SerDe", "https://x/se/rd/SerDe-1.0.0.crate"},
		{"https://x/{sha256-checksum}", "a", "https://x/" + ck},
	} {
		if got := dlURL(tc.tmpl, Crate{Name: tc.name, Version: "1.0.0"}, ck); got != tc.want {
			t.Errorf("dlURL(%q, %s) = %q; want %q", tc.tmpl, tc.name, got, tc.want)
		}
	}
}

func TestCratesIOOverride(t *testing.T) {
	reg := newRegistry(t)
	data := goodCrate(t, "abc", "0.1.0")
	reg.publish("abc", "0.1.0", data, false, "")
	f := fetcher(t, t.TempDir()) // no config.toml: crates.io itself
	f.CratesIO = reg.URL + "/index"
	c, err := f.Newest(context.Background(), "abc", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Source(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	f.CratesIO = "file:///etc"
	if _, err := f.Newest(context.Background(), "abc", nil); !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "not an http(s) index URL") {
		t.Fatalf("file index: %v", err)
	}
}

func TestLocalReplacements(t *testing.T) {
	ws := t.TempDir()
	// The workspace's config wins over $CARGO_HOME's, which points at a
	// closed port; the member directory finds it by walking up.
	home := t.TempDir()
	writeFile(t, filepath.Join(home, "config.toml"), "[source.crates-io]\nreplace-with = \"m\"\n[source.m]\nregistry = \"sparse+http://127.0.0.1:1/\"\n")
	writeFile(t, filepath.Join(ws, ".cargo", "config.toml"), `
[source.crates-io]
replace-with = "vendored-sources"

[source.vendored-sources]
directory = "vendor"

[source.lr]
local-registry = "registry"
`)
	member := filepath.Join(ws, "crates", "app")
	os.MkdirAll(member, 0o755)
	manifest := func(name, version string) string {
		return "[package]\nname = \"" + name + "\"\nversion = \"" + version + "\"\n"
	}
	ck := strings.Repeat("a", 64)
	writeFile(t, filepath.Join(ws, "vendor", "demo", "Cargo.toml"), manifest("demo", "1.0.0"))
	writeFile(t, filepath.Join(ws, "vendor", "demo", ".cargo-checksum.json"), `{"files":{},"package":"`+ck+`"}`)
	writeFile(t, filepath.Join(ws, "vendor", "demo-2.0.0", "Cargo.toml"), manifest("demo", "2.0.0"))

	f := fetcher(t, home)
	f.WorkDir = member
	f.Offline = true
	for _, tc := range []struct {
		c    Crate
		want string // directory, or the error's text
		err  error
	}{
		{Crate{Name: "demo", Version: "1.0.0", Checksum: ck}, filepath.Join(ws, "vendor", "demo"), nil},
		{Crate{Name: "demo", Version: "1.0.0"}, filepath.Join(ws, "vendor", "demo"), nil},
		{Crate{Name: "demo", Version: "2.0.0"}, filepath.Join(ws, "vendor", "demo-2.0.0"), nil},
		{Crate{Name: "demo", Version: "1.0.0", Checksum: strings.Repeat("b", 64)}, "run `cargo vendor` again", ErrRefused},
		{Crate{Name: "demo", Version: "3.0.0"}, "`cargo vendor` adds it", ErrUnavailable},
	} {
		dir, err := f.Source(context.Background(), tc.c)
		if tc.err == nil {
			if err != nil || dir != tc.want {
				t.Errorf("%s: %q, %v; want %s", tc.c, dir, err, tc.want)
			}
			continue
		}
		if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want %v with %q", tc.c, err, tc.err, tc.want)
		}
	}

	// A local registry of .crate files, relative to the workspace.
	// Cargo reads .cargo/config rather than config.toml beside it.
	writeFile(t, filepath.Join(ws, ".cargo", "config"), "[source.crates-io]\nreplace-with = \"lr\"\n")
	if _, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0"}); err == nil || !strings.Contains(err.Error(), `"lr", which is not defined`) {
		t.Fatalf("config beside config.toml: %v", err)
	}
	writeFile(t, filepath.Join(ws, ".cargo", "config"), "[source.crates-io]\nreplace-with = \"lr\"\n[source.lr]\nlocal-registry = \"registry\"\n")
	data := goodCrate(t, "demo", "1.0.0")
	writeFile(t, filepath.Join(ws, "registry", "demo-1.0.0.crate"), string(data))
	dir, err := f.Source(context.Background(), Crate{Name: "demo", Version: "1.0.0", Checksum: sum(data)})
	if err != nil || dir != filepath.Join(f.CacheDir, "crates", "demo-1.0.0") {
		t.Fatalf("local registry: %q, %v", dir, err)
	}
	checkUnpacked(t, dir)
}

// TestOversizedIndexBodies: an index file or config.json over its limit is
// refused under its own name, not as an "archive" with `cargo fetch` as
// the fix (cargo fetch unpacks archives; it does nothing for these).
func TestOversizedIndexBodies(t *testing.T) {
	for _, tc := range []struct {
		name string
		big  string // the request path that gets an oversized body
		call func(f *Fetcher) error
		want string
	}{
		{"index file", "/index/ga/dg/gadget", func(f *Fetcher) error {
			_, err := f.Newest(context.Background(), "gadget", nil)
			return err
		}, "index file is over 33554432 bytes"},
		{"config.json", "/index/config.json", func(f *Fetcher) error {
			_, err := f.Source(context.Background(), Crate{Name: "gadget", Version: "1.0.0", Source: "registry+https://github.com/rust-lang/crates.io-index"})
			return err
		}, "config.json is over 1048576 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := newRegistry(t)
			reg.publish("gadget", "1.0.0", []byte("gadget"), false, "")
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
				if req.URL.Path != tc.big {
					reg.serve(w, req)
					return
				}
				chunk := bytes.Repeat([]byte("A"), 1<<20)
				for range 33 { // over both limits, without a Content-Length
					if _, err := w.Write(chunk); err != nil {
						return
					}
				}
			}))
			t.Cleanup(srv.Close)
			reg.URL = srv.URL // config.json's "dl" points here too
			home := t.TempDir()
			writeFile(t, filepath.Join(home, "config.toml"), "[source.crates-io]\nreplace-with = \"mirror\"\n[source.mirror]\nregistry = \"sparse+"+srv.URL+"/index/\"\n")
			err := tc.call(fetcher(t, home))
			if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v; want refused: %s", err, tc.want)
			}
			for _, wrong := range []string{"archive", "cargo fetch"} {
				if strings.Contains(err.Error(), wrong) {
					t.Errorf("message says %q: %v", wrong, err)
				}
			}
		})
	}
}

// TestNewestUnpacked: offline, or with the index unreachable, Newest
// picks the newest qualifying version already unpacked (our cache, cargo's
// registry/src), so a crate enabled by name does not vanish with the
// network (round 3, D1); Source then finds that copy without the network.
// A registry that answers "no such crate" is Absent, not unavailable for
// a while.
func TestNewestUnpacked(t *testing.T) {
	reg := newRegistry(t)
	for _, v := range []string{"1.0.0", "2.0.0", "3.0.0-rc.1"} {
		reg.publish("gadget", v, goodCrate(t, "gadget", v), false, "")
	}
	home := cargoHome(t, reg)
	f := fetcher(t, home)
	for _, v := range []string{"1.0.0", "2.0.0", "3.0.0-rc.1"} {
		if _, err := f.Source(context.Background(), Crate{Name: "gadget", Version: v, Checksum: sum(goodCrate(t, "gadget", v))}); err != nil {
			t.Fatal(err)
		}
	}
	src := filepath.Join(home, "registry", "src", "index.example-0123456789abcdef")
	writeFile(t, filepath.Join(src, "cargo_only-0.5.0", "Cargo.toml"), "[package]\nname = \"cargo_only\"\nversion = \"0.5.0\"\n")
	writeFile(t, filepath.Join(src, "cargo_only-0.5.0", ".cargo-ok"), "{\"v\":1}")
	writeFile(t, filepath.Join(src, "cargo_only-0.9.0", "Cargo.toml"), "") // killed unpack: no .cargo-ok
	f.Offline = true
	n := len(reg.requests)
	for _, tc := range []struct {
		name   string
		accept func(string) bool
		want   string
	}{
		{name: "gadget", want: "gadget 2.0.0"},
		{name: "gadget", accept: func(v string) bool { return strings.HasPrefix(v, "1.") }, want: "gadget 1.0.0"},
		{name: "gadget", accept: func(v string) bool { return strings.HasPrefix(v, "3.") }, want: "gadget 3.0.0-rc.1"},
		{name: "cargo-only", want: "cargo_only 0.5.0"},
		{name: "gadge"},
		{name: "nothere"},
	} {
		c, err := f.Newest(context.Background(), tc.name, tc.accept)
		if tc.want == "" {
			if !errors.Is(err, ErrUnavailable) {
				t.Errorf("offline Newest(%s) = %v, %v; want unavailable", tc.name, c, err)
			}
			continue
		}
		if err != nil || c.Name+" "+c.Version != tc.want {
			t.Errorf("offline Newest(%s) = %+v, %v; want %s", tc.name, c, err, tc.want)
			continue
		}
		if _, err := f.Source(context.Background(), c); err != nil {
			t.Errorf("offline Source(%s) = %v", c, err)
		}
	}
	if len(reg.requests) != n {
		t.Errorf("offline: %d requests", len(reg.requests)-n)
	}

	// Online with the registry gone: the same fallback, with a warning.
	f.Offline = false
	var warned []string
	f.Warn = func(m string) { warned = append(warned, m) }
	reg.Close()
	if c, err := f.Newest(context.Background(), "gadget", nil); err != nil || c.Version != "2.0.0" || len(warned) != 1 {
		t.Errorf("unreachable Newest = %+v, %v (warnings %q)", c, err, warned)
	}
}

// TestNewestAbsent: only the registry's own "no such crate" is Absent.
func TestNewestAbsent(t *testing.T) {
	reg := newRegistry(t)
	reg.publish("gone", "1.0.0", []byte("x"), true, "")
	f := fetcher(t, cargoHome(t, reg))
	for _, name := range []string{"nothere", "gone"} {
		_, err := f.Newest(context.Background(), name, nil)
		var ue *UnavailableError
		if !errors.As(err, &ue) || !ue.Absent {
			t.Errorf("Newest(%s) = %v; want Absent", name, err)
		}
	}
	f.Offline = true
	_, err := f.Newest(context.Background(), "nothere", nil)
	var ue *UnavailableError
	if !errors.As(err, &ue) || ue.Absent {
		t.Errorf("offline Newest(nothere) = %v; want unavailable, not Absent", err)
	}
}

// TestLocalUnpacked: Local finds our own unpacked copies from one listing
// of CacheDir/crates, with the semantics of a stat per crate: real
// directories only, finished ones only, and what the same Fetcher unpacks
// after the listing is found too.
func TestLocalUnpacked(t *testing.T) {
	home := cargoHome(t, nil)
	f := fetcher(t, home)
	f.Offline = true
	crates := filepath.Join(f.CacheDir, "crates")
	writeFile(t, filepath.Join(crates, "good-1.0.0", okFile), "x\n")
	writeFile(t, filepath.Join(crates, "unfinished-1.0.0", "Cargo.toml"), "")
	elsewhere := filepath.Join(t.TempDir(), "link-1.0.0")
	writeFile(t, filepath.Join(elsewhere, okFile), "x\n")
	if err := os.Symlink(elsewhere, filepath.Join(crates, "link-1.0.0")); err != nil {
		t.Skip("no symlinks:", err)
	}
	writeFile(t, filepath.Join(crates, "file-1.0.0"), "")
	data := goodCrate(t, "demo", "1.2.3")
	writeFile(t, filepath.Join(home, "registry", "cache", "index.crates.io-1949cf8c6b5b557f", "demo-1.2.3.crate"), string(data))
	for _, tc := range []struct {
		name, version, want string
		unpack              bool // Source unpacks it first (cargo's archive)
	}{
		{name: "good", version: "1.0.0", want: filepath.Join(crates, "good-1.0.0")},
		{name: "unfinished", version: "1.0.0"},
		{name: "link", version: "1.0.0"},
		{name: "file", version: "1.0.0"},
		{name: "absent", version: "1.0.0"},
		{name: "demo", version: "1.2.3"}, // not unpacked yet
		{name: "demo", version: "1.2.3", unpack: true, want: filepath.Join(crates, "demo-1.2.3")},
	} {
		c := Crate{Name: tc.name, Version: tc.version}
		if tc.unpack {
			if _, err := f.Source(context.Background(), c); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.Local(c); got != tc.want {
			t.Errorf("%s %s (unpacked by Source first: %v): Local = %q; want %q", tc.name, tc.version, tc.unpack, got, tc.want)
		}
	}
}
