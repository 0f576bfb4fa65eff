package acquire

import (
	"archive/tar"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/symposium-dev/symposium-go/internal/tartest"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/untar"
)

// cargoLogEnv names the file the fake cargo (TestGlobalCargo) appends its
// arguments to.
const cargoLogEnv = "SYMPOSIUM_TEST_CARGO_LOG"

func TestMain(m *testing.M) {
	ostest.Main(map[string]func([]string) int{"cargo": fakeCargo})
	os.Exit(m.Run())
}

// fakeCargo logs its arguments, one run a line, and succeeds.
func fakeCargo(args []string) int {
	f, err := os.OpenFile(os.Getenv(cargoLogEnv), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Fprintln(f, strings.Join(args, " "))
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestGitHubArchives: a github installation's archive is unpacked with
// pkg/untar (whose tests have every hostile kind): a repository archive's
// top directory and the URL's subdirectory are taken off, links are
// skipped, and a hostile archive installs nothing, with an error naming
// the download and the entry.
func TestGitHubArchives(t *testing.T) {
	repo := tartest.TarGz(t,
		tartest.Entry{Name: "r-v1/", Type: tar.TypeDir},
		tartest.Entry{Name: "r-v1/README", Body: "readme"},
		tartest.Entry{Name: "r-v1/hooks/check.sh", Body: "echo hi"},
		tartest.Entry{Name: "r-v1/hooks/passwd", Type: tar.TypeSymlink, Link: "/etc/passwd"},
		tartest.Entry{Name: "r-v1/hooks/copy.sh", Type: tar.TypeLink, Link: "r-v1/hooks/check.sh"},
	)
	asset := tartest.TarGz(t, tartest.Entry{Name: "./", Type: tar.TypeDir}, tartest.Entry{Name: "./bin/tool", Body: "tool"})
	hostile := tartest.TarGz(t, tartest.Entry{Name: "r-v1/hooks/check.sh", Body: "echo hi"}, tartest.Entry{Name: "r-v1/../../evil", Body: "x"})
	device := tartest.TarGz(t, tartest.Entry{Name: "r-v1/hooks/check.sh", Body: "echo hi"}, tartest.Entry{Name: "r-v1/hooks/dev", Type: tar.TypeChar})
	served := map[string][]byte{
		"/o/r/archive/v1.tar.gz":                   repo,
		"/o/r/archive/bad.tar.gz":                  hostile,
		"/o/r/archive/dev.tar.gz":                  device,
		"/o/r/releases/download/v1/tool.tar.gz":    asset,
		"/o/r/releases/download/v1/archive.tar.gz": repo,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if body, ok := served[r.URL.Path]; ok {
			w.Write(body)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	base := srv.URL

	for _, tc := range []struct {
		name, url, served string
		files             map[string]string // path: body; "" must be absent
		want              string            // in the error; "" for success
	}{
		{name: "repository", url: "https://github.com/o/r/tree/v1", served: "/o/r/archive/v1.tar.gz",
			files: map[string]string{"README": "readme", "hooks/check.sh": "echo hi", "hooks/passwd": "", "hooks/copy.sh": ""}},
		{name: "subdirectory", url: "https://github.com/o/r/tree/v1/hooks", served: "/o/r/archive/v1.tar.gz",
			files: map[string]string{"check.sh": "echo hi", "README": "", "hooks": ""}},
		{name: "release asset", url: "https://github.com/o/r/releases/download/v1/tool.tar.gz", served: "/o/r/releases/download/v1/tool.tar.gz",
			files: map[string]string{"bin/tool": "tool"}},
		{name: "release asset keeps its top directory", url: "https://github.com/o/r/releases/download/v1/archive.tar.gz", served: "/o/r/releases/download/v1/archive.tar.gz",
			files: map[string]string{"r-v1/hooks/check.sh": "echo hi", "r-v1/hooks/passwd": ""}},
		{name: "dot-dot", url: "https://github.com/o/r/tree/bad", served: "/o/r/archive/bad.tar.gz",
			want: `unpacking ` + srv.URL + `/o/r/archive/bad.tar.gz: entry "r-v1/../../evil": '..' in the path`},
		{name: "device", url: "https://github.com/o/r/tree/dev", served: "/o/r/archive/dev.tar.gz",
			want: `entry "r-v1/hooks/dev": unsupported entry type`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cache := t.TempDir()
			sum := sha256.Sum256(served[tc.served])
			in := stream.Installation{Name: "x", Source: "github", URL: tc.url, SHA256: hex.EncodeToString(sum[:]),
				Dir: filepath.Join(InstallCache(cache), "github-x-0123")}
			ok, err := InstallWith(context.Background(), in, cache, Options{Progress: io.Discard, GitHubURL: base})
			if tc.want != "" {
				var ue *untar.Error
				if ok || !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("Install = %v, %v; want refused with %q", ok, err, tc.want)
				}
				// Nothing installed, nothing left but the lock file.
				ents, _ := os.ReadDir(InstallCache(cache))
				for _, e := range ents {
					if e.Name() != "github-x-0123.lock" {
						t.Errorf("left %s", e.Name())
					}
				}
				if _, err := os.Lstat(filepath.Join(cache, "..", "evil")); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("written outside: %v", err)
				}
				return
			}
			if err != nil || !ok {
				t.Fatalf("Install = %v, %v", ok, err)
			}
			for name, want := range tc.files {
				got, err := os.ReadFile(filepath.Join(in.Dir, filepath.FromSlash(name)))
				if want == "" {
					if _, err := os.Lstat(filepath.Join(in.Dir, filepath.FromSlash(name))); !errors.Is(err, fs.ErrNotExist) {
						t.Errorf("%s: want it left out, got %v", name, err)
					}
					continue
				}
				if err != nil || string(got) != want {
					t.Errorf("%s = %q, %v; want %q", name, got, err, want)
				}
			}
		})
	}
}

// serve serves files by path on 127.0.0.1 and returns its URL; files may
// be changed between requests.
func serve(t *testing.T, files map[string][]byte) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if body, ok := files[r.URL.Path]; ok {
			w.Write(body)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func sumOf(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// TestTrustOnFirstUse: a download whose installation names no sha256 is
// installed the first time and its digest recorded (with the line to pin
// it printed); a later download of that url with another digest is
// refused, naming the command that accepts it, until it is accepted.
func TestTrustOnFirstUse(t *testing.T) {
	files := map[string][]byte{"/o/r/releases/download/v1/tool": []byte("v1")}
	base := serve(t, files)
	home := t.TempDir()
	digests := DigestsFile(home)
	in := func(cache string) stream.Installation {
		return stream.Installation{Name: "tool", Source: "github", URL: "https://github.com/o/r/releases/download/v1/tool", Files: []string{"tool"},
			Dir: filepath.Join(InstallCache(cache), "github-tool-0123"), File: "p/SYMPOSIUM.toml:4"}
	}
	steps := []struct {
		name, body string
		accept     []string
		digests    string // the Digests option; "-" for none
		want       string // in the error; "" for success
		progress   string // in the progress output
		recorded   string // the recorded digest's content
	}{
		{name: "no record kept: refused", body: "v1", digests: "-", want: `add sha256 = "` + sumOf([]byte("v1")) + `"`},
		{name: "first use", body: "v1", progress: "sha256 = \"" + sumOf([]byte("v1")) + "\"", recorded: "v1"},
		{name: "same again", body: "v1", recorded: "v1"},
		{name: "changed", body: "v2", want: "run `cargo agents sync --accept-digest https://github.com/o/r/releases/download/v1/tool`", recorded: "v1"},
		{name: "other accepted", body: "v2", accept: []string{"other"}, want: "--accept-digest", recorded: "v1"},
		{name: "accepted by name", body: "v2", accept: []string{"tool"}, progress: sumOf([]byte("v2")), recorded: "v2"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			files["/o/r/releases/download/v1/tool"] = []byte(st.body)
			cache := t.TempDir() // a fresh cache: each step downloads
			var progress strings.Builder
			opts := Options{Progress: &progress, Digests: digests, Accept: st.accept, GitHubURL: base}
			if st.digests == "-" {
				opts.Digests = ""
			}
			ok, err := InstallWith(context.Background(), in(cache), cache, opts)
			if st.want != "" {
				if ok || err == nil || !strings.Contains(err.Error(), st.want) {
					t.Fatalf("InstallWith = %v, %v; want refused with %q", ok, err, st.want)
				}
				if Installed(in(cache)) {
					t.Error("installed anyway")
				}
			} else if err != nil || !ok {
				t.Fatalf("InstallWith = %v, %v", ok, err)
			}
			if !strings.Contains(progress.String(), st.progress) {
				t.Errorf("progress %q lacks %q", progress.String(), st.progress)
			}
			known, err := readDigests(digests)
			if err != nil {
				t.Fatal(err)
			}
			if want := sumOf([]byte(st.recorded)); st.recorded != "" && known[in(cache).URL] != want {
				t.Errorf("recorded %v, want the digest of %q", known, st.recorded)
			}
		})
	}
}

// TestBinarySource: a binary installation downloads its url (tests
// rewrite the host to 127.0.0.1): a .tar.gz is unpacked with pkg/untar's
// rules, any other file is saved under its name, executable; the sha256
// is checked before anything is written.
func TestBinarySource(t *testing.T) {
	tgz := tartest.TarGz(t, tartest.Entry{Name: "bin/tool", Body: "tool"}, tartest.Entry{Name: "bin/link", Type: tar.TypeSymlink, Link: "/etc/passwd"})
	hostile := tartest.TarGz(t, tartest.Entry{Name: "../evil", Body: "x"})
	files := map[string][]byte{"/d/tool.tar.gz": tgz, "/d/bad.tgz": hostile, "/d/tool": []byte("#!/bin/sh\n")}
	base := serve(t, files)
	for _, tc := range []struct {
		name, path, sha string
		files           map[string]string // path: body; "" must be absent
		want            string
	}{
		{name: "archive", path: "/d/tool.tar.gz", files: map[string]string{"bin/tool": "tool", "bin/link": ""}},
		{name: "plain file", path: "/d/tool", files: map[string]string{"tool": "#!/bin/sh\n"}},
		{name: "hostile archive", path: "/d/bad.tgz", want: `'..' in the path`},
		{name: "wrong sha", path: "/d/tool", sha: strings.Repeat("0", 64), want: "checksum mismatch"},
		{name: "missing", path: "/d/none", want: "404"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cache := t.TempDir()
			sha := tc.sha
			if sha == "" && files[tc.path] != nil {
				sha = sumOf(files[tc.path])
			}
			in := stream.Installation{Name: "x", Source: "binary", URL: "https://example.com" + tc.path, SHA256: sha,
				Dir: filepath.Join(InstallCache(cache), "binary-x-0123")}
			ok, err := InstallWith(context.Background(), in, cache, Options{BinaryURL: base})
			if tc.want != "" {
				if ok || err == nil || !strings.Contains(err.Error(), tc.want) || Installed(in) {
					t.Fatalf("InstallWith = %v, %v; want refused with %q, nothing installed", ok, err, tc.want)
				}
				return
			}
			if err != nil || !ok {
				t.Fatalf("InstallWith = %v, %v", ok, err)
			}
			for name, want := range tc.files {
				p := filepath.Join(in.Dir, filepath.FromSlash(name))
				got, err := os.ReadFile(p)
				if want == "" {
					if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
						t.Errorf("%s: want it left out, got %v", name, err)
					}
					continue
				}
				if err != nil || string(got) != want {
					t.Errorf("%s = %q, %v; want %q", name, got, err, want)
				}
			}
			if tc.name == "plain file" && runtime.GOOS != "windows" { // Windows has no execute bit
				if fi, err := os.Stat(filepath.Join(in.Dir, "tool")); err != nil || fi.Mode()&0o111 == 0 {
					t.Errorf("tool is not executable: %v %v", fi, err)
				}
			}
		})
	}
}

// TestInstallCommands: install_commands run in order with sh in the
// directory being made, after the source step; one failing leaves nothing
// installed and names the command and its output. An installation of
// nothing but commands is marked done by its directory.
func TestInstallCommands(t *testing.T) {
	ostest.Shell(t)
	for _, tc := range []struct {
		name     string
		commands []string
		want     string // in the error; "" for success
		files    map[string]string
	}{
		{name: "in order", commands: []string{"echo one > f", "echo two >> f", `printf %s "$SYMPOSIUM_INSTALL_DIR" > final`},
			files: map[string]string{"f": "one\ntwo\n", "final": "DIR"}},
		{name: "failure", commands: []string{"echo made > f", "echo broken >&2; exit 3", "echo never > g"},
			want: `install command "echo broken >&2; exit 3": exit status 3: broken`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cache := t.TempDir()
			in := stream.Installation{Name: "setup", InstallCommands: tc.commands, Dir: filepath.Join(InstallCache(cache), "setup-setup-0123"), File: "p:3"}
			var progress strings.Builder
			ok, err := InstallWith(context.Background(), in, cache, Options{Progress: &progress})
			if n := strings.Count(progress.String(), "running install command"); tc.want == "" && n != len(tc.commands) {
				t.Errorf("progress announced %d commands, want %d:\n%s", n, len(tc.commands), progress.String())
			}
			if tc.want != "" {
				if ok || err == nil || !strings.Contains(err.Error(), tc.want) || Installed(in) {
					t.Fatalf("InstallWith = %v, %v; want %q and nothing installed", ok, err, tc.want)
				}
				if strings.Contains(progress.String(), "echo never") {
					t.Error("ran a command after the failing one")
				}
				return
			}
			if err != nil || !ok {
				t.Fatalf("InstallWith = %v, %v", ok, err)
			}
			for name, want := range tc.files {
				got, _ := os.ReadFile(filepath.Join(in.Dir, name))
				if want = strings.ReplaceAll(want, "DIR", in.Dir); string(got) != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
			if ok, err := InstallWith(context.Background(), in, cache, Options{}); ok || err != nil {
				t.Errorf("second InstallWith = %v, %v; want nothing to do", ok, err)
			}
		})
	}
}

// TestGlobalCargo: global = true runs cargo install without --root (into
// cargo's own bin directory); the cache directory only marks it done.
func TestGlobalCargo(t *testing.T) {
	bin := ostest.Fake(t, "cargo")
	log := filepath.Join(t.TempDir(), "args")
	t.Setenv(cargoLogEnv, log)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, tc := range []struct {
		name   string
		global bool
		want   string
	}{
		{"global", true, "install ripgrep\n"},
		{"managed", false, "install --root "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(log)
			cache := t.TempDir()
			in := stream.Installation{Name: "rg", Source: "cargo", Crate: "ripgrep", Global: tc.global, Dir: filepath.Join(InstallCache(cache), "cargo-rg-0123")}
			if ok, err := InstallWith(context.Background(), in, cache, Options{}); err != nil || !ok {
				t.Fatalf("InstallWith = %v, %v", ok, err)
			}
			got, _ := os.ReadFile(log)
			if !strings.HasPrefix(string(got), tc.want) {
				t.Errorf("cargo %q, want %q…", got, tc.want)
			}
		})
	}
}
