package sourcecmd

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cratefetch"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// crateArchive is a minimal .crate of name-version.
func crateArchive(t *testing.T, name, version string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	body := "[package]\nname = \"" + name + "\"\nversion = \"" + version + "\"\n"
	if err := tw.WriteHeader(&tar.Header{Name: name + "-" + version + "/Cargo.toml", Mode: 0o644, Size: int64(len(body))}); err != nil {
		t.Fatal(err)
	}
	tw.Write([]byte(body))
	tw.Close()
	zw.Close()
	return buf.Bytes()
}

// crateRegistry serves a sparse index of widget (1.1.0, 1.2.0, a yanked
// 1.3.0 and 2.0.0-rc.1) with downloads, on 127.0.0.1, and points
// crate-info at it through $SYMPOSIUM_CRATES_INDEX_URL.
func crateRegistry(t *testing.T) *httptest.Server {
	files := map[string][]byte{}
	var index bytes.Buffer
	for _, v := range []struct {
		vers   string
		yanked bool
	}{{"1.1.0", false}, {"1.2.0", false}, {"1.3.0", true}, {"2.0.0-rc.1", false}} {
		data := crateArchive(t, "widget", v.vers)
		sum := sha256.Sum256(data)
		json.NewEncoder(&index).Encode(map[string]any{"name": "widget", "vers": v.vers, "cksum": hex.EncodeToString(sum[:]), "yanked": v.yanked})
		files["/dl/widget/"+v.vers+"/download"] = data
	}
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/config.json":
			w.Write([]byte(`{"dl": "` + srv.URL + `/dl"}`))
		case "/wi/dg/widget":
			w.Write(index.Bytes())
		default:
			if data, ok := files[r.URL.Path]; ok {
				w.Write(data)
				return
			}
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	t.Setenv(cli.EnvCratesIndexURL, srv.URL+"/")
	t.Setenv("CARGO_HOME", t.TempDir())
	t.Setenv("SYMPOSIUM_HOME", t.TempDir())
	return srv
}

func TestFetchSource(t *testing.T) {
	crateRegistry(t)
	dep := &stream.Dep{Name: "widget", Version: "1.1.0", Source: "registry+https://github.com/rust-lang/crates.io-index"}
	for _, tc := range []struct {
		name, req string
		dep       *stream.Dep
		update    string
		want      string // version; "" = unavailable
	}{
		{name: "widget", want: "1.2.0"},
		{name: "widget", req: "^1.0", want: "1.2.0"},
		{name: "widget", req: "==1.1.0", want: "1.1.0"},
		{name: "widget", req: "==1.1.0", dep: dep, want: "1.1.0"},
		{name: "widget", req: ">=2.0.0-rc.1", want: "2.0.0-rc.1"},
		{name: "widget", req: "^3"},
		{name: "gadget"},
		// offline: what an earlier case unpacked stands in for the index
		{name: "widget", req: "==1.2.0", update: plugin.UpdateOffline, want: "1.2.0"},
		{name: "widget", req: "==2.0.0-rc.1", update: plugin.UpdateOffline, want: "2.0.0-rc.1"},
		{name: "widget", req: "^1.3", update: plugin.UpdateOffline},
	} {
		update := tc.update
		if update == "" {
			update = plugin.UpdateNone
		}
		v, dir, err := fetchSource(tc.name, tc.req, tc.dep, update)
		if tc.want == "" {
			if !errors.Is(err, cratefetch.ErrUnavailable) {
				t.Errorf("%s %s: %q, %q, %v; want unavailable", tc.name, tc.req, v, dir, err)
			}
			continue
		}
		if err != nil || v != tc.want {
			t.Errorf("%s %s: %q, %v; want %s", tc.name, tc.req, v, err, tc.want)
			continue
		}
		if data, err := os.ReadFile(filepath.Join(dir, "Cargo.toml")); err != nil || !strings.Contains(string(data), tc.want) {
			t.Errorf("%s %s: %s/Cargo.toml: %q, %v", tc.name, tc.req, dir, data, err)
		}
	}
}

// A crate the workspace does not use is found through the index.
func TestCrateInfoFromIndex(t *testing.T) {
	crateRegistry(t)
	cfg := "[defaults]\nsymposium-recommendations = false\nuser-plugins = false\n"
	if err := os.WriteFile(filepath.Join(os.Getenv("SYMPOSIUM_HOME"), "config.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	var out, errb bytes.Buffer
	if err := runCrateInfo(cli.Stdio{Out: &out, Err: &errb}, Globals{Globals: cli.Globals{Update: plugin.UpdateNone}}, []string{"widget", "--json"}); err != nil {
		t.Fatal(err)
	}
	var info crateInfo
	if err := json.Unmarshal(out.Bytes(), &info); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	want := filepath.Join(os.Getenv("SYMPOSIUM_HOME"), "cache", "crates", "widget-1.2.0")
	if info.Version != "1.2.0" || info.Source != want || info.Workspace || len(info.Notes) != 0 {
		t.Errorf("info = %+v; want widget 1.2.0 at %s", info, want)
	}
}
