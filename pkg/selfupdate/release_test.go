package selfupdate_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/selfupdate"
	"github.com/symposium-dev/symposium-go/pkg/updatestate"
)

// TestReleaseFeed builds real releases with `make dist` (goreleaser),
// serves them as GitHub Releases lays them out, and installs and updates
// from them as a user without Go would: install.sh into ~/.cargo/bin, then
// cargo agents self-update and auto-update. Slow (two release builds):
// `make test` runs it, -short (make check) skips it.
func TestReleaseFeed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds releases with goreleaser")
	}
	if runtime.GOOS == "windows" {
		t.Skip("install.sh is for Unix; install.ps1 is not run here")
	}
	for _, tool := range []string{"make", "sh", "curl", "tar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	tmp := t.TempDir()
	cur, again := filepath.Join(tmp, "dist-0.9.1"), filepath.Join(tmp, "dist-0.9.1-again")
	makeDist(t, "0.9.1", cur)
	t.Run("reproducible", func(t *testing.T) {
		makeDist(t, "0.9.1", again)
		for _, name := range []string{"checksums.txt", selfupdate.ArchiveName("0.9.1", runtime.GOOS, runtime.GOARCH), "VERSION"} {
			a, errA := os.ReadFile(filepath.Join(cur, name))
			b, errB := os.ReadFile(filepath.Join(again, name))
			if errA != nil || errB != nil || !bytes.Equal(a, b) {
				t.Errorf("%s differs between two builds of one commit (%v, %v)", name, errA, errB)
			}
		}
	})
	// The release before: the same build as make dist's (go build with
	// its flags) without a third goreleaser run, which costs a minute.
	old := filepath.Join(tmp, "bin-0.9.0")
	goBuildRelease(t, "0.9.0", old)
	feed := newFeed(t, map[string]string{"0.9.1": cur})
	feed.set("0.9.1", "")
	u := newUser(t, tmp, feed.srv.URL)

	t.Run("fresh install", func(t *testing.T) {
		u.ok(t, "sh", u.installSh)
		u.wantVersions(t, "0.9.1")
		if out := u.ok(t, "cargo-agents", "agents", "--version"); !strings.Contains(out, "cargo-agents 0.9.1 (commit ") {
			t.Errorf("cargo-agents agents --version: %q", out)
		}
		if cargo, err := exec.LookPath("cargo"); err == nil {
			// cargo finds cargo-agents on PATH: `cargo agents` works at once.
			out := u.ok(t, cargo, "agents", "--version")
			if !strings.Contains(out, "0.9.1") {
				t.Errorf("cargo agents --version: %q", out)
			}
		}
	})
	t.Run("same version", func(t *testing.T) {
		before := u.snapshot(t)
		if out := u.ok(t, "cargo-agents", "self-update"); !strings.Contains(out, "up to date") {
			t.Errorf("self-update at the newest release: %q", out)
		}
		u.unchanged(t, before)
		u.ok(t, "sh", u.installSh)
		u.unchanged(t, before)
	})
	t.Run("upgrade with install.sh", func(t *testing.T) {
		u.installOld(t, old)
		u.ok(t, "sh", u.installSh)
		u.wantVersions(t, "0.9.1")
		u.installOld(t, old)
	})
	for _, tc := range []struct{ name, mode, want string }{
		{"checksum mismatch", "corrupt", "checksum mismatch"},
		{"interrupted download", "cut", "interrupted"},
		{"server down", "down", "cannot reach the release feed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed.set("0.9.1", tc.mode)
			defer feed.set("0.9.1", "")
			before := u.snapshot(t)
			if out := u.fail(t, "cargo-agents", "self-update"); !strings.Contains(out, tc.want) {
				t.Errorf("self-update: %q, want %q", out, tc.want)
			}
			u.unchanged(t, before)
			fresh := filepath.Join(tmp, "fresh-"+tc.mode)
			u.fail(t, "sh", u.installSh, "--dir", fresh)
			if entries, _ := os.ReadDir(fresh); len(entries) != 0 {
				t.Errorf("a failed install left %d entries in %s", len(entries), fresh)
			}
		})
	}
	t.Run("upgrade", func(t *testing.T) {
		out := u.ok(t, "cargo-agents", "self-update")
		if !strings.Contains(out, "updated symposium 0.9.0 → 0.9.1") || !strings.Contains(out, "cargo-agents 0.9.1 (commit ") {
			t.Errorf("self-update: %q", out)
		}
		u.wantVersions(t, "0.9.1")
	})
	t.Run("auto-update", func(t *testing.T) {
		u.installOld(t, old)
		u.config(t, `auto-update = "warn"`)
		u.backdateCheck(t) // self-update checked just now
		if out := u.ok(t, "cargo-agents", "plugin", "list"); !strings.Contains(out, "symposium 0.9.1 is available (this is 0.9.0)") {
			t.Errorf("auto-update = warn: %q", out)
		}
		u.wantVersions(t, "0.9.0")
		payload := fmt.Sprintf(`{"session_id":"s","cwd":%q,"hook_event_name":"SessionStart","source":"startup"}`, u.home)
		if out := u.run(t, payload, "cargo-agents", "hook", "claude", "session-start"); !strings.Contains(out, "symposium 0.9.1 is available") {
			t.Errorf("session-start after a check found 0.9.1: %q", out)
		}
		u.config(t, `auto-update = "on"`)
		u.ok(t, "cargo-agents", "plugin", "list") // checked less than a day ago
		u.wantVersions(t, "0.9.0")
		u.backdateCheck(t)
		out := u.ok(t, "cargo-agents", "plugin", "list")
		if !strings.Contains(out, "updated symposium 0.9.0 → 0.9.1 (auto-update)") {
			t.Errorf("auto-update = on: %q", out)
		}
		u.wantVersions(t, "0.9.1")
	})
}

// makeDist runs `make dist` for this machine's target only.
func makeDist(t *testing.T, version, dist string) {
	t.Helper()
	target := runtime.GOOS + "_" + runtime.GOARCH
	switch runtime.GOARCH {
	case "amd64":
		target += "_v1"
	case "arm64":
		target += "_v8.0"
	}
	cmd := exec.Command("make", "dist", "VERSION="+version, "DIST="+dist, "DIST_TARGETS="+target)
	cmd.Dir = filepath.Join("..", "..")
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make dist VERSION=%s: %v\n%s", version, err, out)
	}
	t.Logf("make dist VERSION=%s took %s", version, time.Since(start).Round(time.Second))
}

// goBuildRelease builds the six binaries as make dist does (the same
// flags) for version into dir.
func goBuildRelease(t *testing.T, version, dir string) {
	t.Helper()
	const cli = "github.com/symposium-dev/symposium-go/pkg/buildinfo"
	ldflags := fmt.Sprintf("-s -w -buildid= -X %[1]s.Version=%[2]s -X %[1]s.Commit=%[3]s -X %[1]s.Date=2026-01-01T00:00:00Z", cli, version, strings.Repeat("0", 40))
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", ldflags, "-o", dir+string(filepath.Separator), "./cmd/...")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", version, err, out)
	}
}

// feed serves release directories as GitHub Releases does: the newest
// release's assets under /latest/download/ (a redirect), each release's
// under /download/v<version>/. mode breaks the archive downloads:
// "corrupt" (checksums.txt disagrees), "cut" (the connection drops half
// way), "down" (the server answers nothing).
type feed struct {
	srv      *httptest.Server
	releases map[string]string
	mu       sync.Mutex
	latest   string
	mode     string
}

func newFeed(t *testing.T, releases map[string]string) *feed {
	f := &feed{releases: releases}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *feed) set(latest, mode string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.latest, f.mode = latest, mode
}

func (f *feed) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	latest, mode := f.latest, f.mode
	f.mu.Unlock()
	if mode == "down" {
		// As a refused connection: hang up without an answer.
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, "/latest/download/"); ok {
		http.Redirect(w, r, "/download/v"+latest+"/"+rest, http.StatusFound)
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/download/v")
	version, name, _ := strings.Cut(rest, "/")
	dir, known := f.releases[version]
	if !ok || !known || strings.Contains(name, "/") {
		http.NotFound(w, r)
		return
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	switch {
	case mode == "corrupt" && name == "checksums.txt":
		// Each line's hash starts with zeros: right format, wrong sum.
		lines := bytes.SplitAfter(data, []byte("\n"))
		for i, l := range lines {
			if len(l) > 8 {
				lines[i] = append([]byte("00000000"), l[8:]...)
			}
		}
		data = bytes.Join(lines, nil)
	case mode == "cut" && strings.HasPrefix(name, "symposium_"):
		w.Header().Set("Content-Length", fmt.Sprint(len(data)))
		w.Write(data[:len(data)/2])
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	}
	w.Write(data)
}

// user is a new user without Go: a fresh HOME, ~/.cargo/bin on PATH.
type user struct {
	home, bin, installSh string
	env                  []string
}

func newUser(t *testing.T, tmp, base string) *user {
	home := filepath.Join(tmp, "home")
	u := &user{home: home, bin: filepath.Join(home, ".cargo", "bin")}
	var err error
	if u.installSh, err = filepath.Abs(filepath.Join("..", "..", "install.sh")); err != nil {
		t.Fatal(err)
	}
	path := u.bin + ":/usr/bin:/bin"
	if cargo, err := exec.LookPath("cargo"); err == nil {
		path += ":" + filepath.Dir(cargo)
	}
	u.env = []string{"HOME=" + home, "PATH=" + path, "SYMPOSIUM_RELEASES=" + base, "LANG=C.UTF-8"}
	if rustup := os.Getenv("RUSTUP_HOME"); rustup != "" {
		u.env = append(u.env, "RUSTUP_HOME="+rustup)
	} else if h, err := os.UserHomeDir(); err == nil {
		u.env = append(u.env, "RUSTUP_HOME="+filepath.Join(h, ".rustup"))
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	return u
}

// run runs a command as the user in their home; it returns stdout and
// stderr together.
func (u *user) run(t *testing.T, stdin, name string, args ...string) string {
	t.Helper()
	out, _ := u.exec(t, stdin, name, args...)
	return out
}

func (u *user) exec(t *testing.T, stdin, name string, args ...string) (string, error) {
	t.Helper()
	if !strings.Contains(name, "/") && name != "sh" {
		name = filepath.Join(u.bin, name)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = u.home, u.env, strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (u *user) ok(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := u.exec(t, "", name, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return out
}

func (u *user) fail(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := u.exec(t, "", name, args...)
	if err == nil {
		t.Errorf("%s %s succeeded, want a failure:\n%s", name, strings.Join(args, " "), out)
	}
	return out
}

// installOld puts the binaries in old where install.sh put the newest.
func (u *user) installOld(t *testing.T, old string) {
	t.Helper()
	for _, b := range selfupdate.Binaries {
		data, err := os.ReadFile(filepath.Join(old, b))
		if err == nil {
			err = os.Remove(filepath.Join(u.bin, b))
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(u.bin, b), data, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	u.wantVersions(t, "0.9.0")
}

// wantVersions checks that all six installed binaries are version.
func (u *user) wantVersions(t *testing.T, version string) {
	t.Helper()
	for _, b := range selfupdate.Binaries {
		out := u.ok(t, b, "--version")
		if !strings.HasPrefix(out, b+" "+version+" (commit ") {
			t.Errorf("%s --version: %q, want %s", b, out, version)
		}
	}
	if entries, _ := os.ReadDir(u.bin); len(entries) != len(selfupdate.Binaries) {
		t.Errorf("%s holds %d entries, want the %d binaries alone", u.bin, len(entries), len(selfupdate.Binaries))
	}
}

// snapshot is each installed binary's contents.
func (u *user) snapshot(t *testing.T) map[string][]byte {
	t.Helper()
	s := map[string][]byte{}
	for _, b := range selfupdate.Binaries {
		data, err := os.ReadFile(filepath.Join(u.bin, b))
		if err != nil {
			t.Fatal(err)
		}
		s[b] = data
	}
	return s
}

func (u *user) unchanged(t *testing.T, before map[string][]byte) {
	t.Helper()
	for b, data := range u.snapshot(t) {
		if !bytes.Equal(data, before[b]) {
			t.Errorf("%s changed", b)
		}
	}
	if entries, _ := os.ReadDir(u.bin); len(entries) != len(selfupdate.Binaries) {
		t.Errorf("%s holds %d entries, want the %d binaries alone", u.bin, len(entries), len(selfupdate.Binaries))
	}
}

func (u *user) config(t *testing.T, body string) {
	t.Helper()
	dir := filepath.Join(u.home, ".symposium")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Offline: no git source to clone for plugin list.
	body += "\n[defaults]\nsymposium-recommendations = false\n"
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// backdateCheck makes the last update check two days old.
func (u *user) backdateCheck(t *testing.T) {
	t.Helper()
	dir := filepath.Join(u.home, ".symposium")
	st := updatestate.Read(dir)
	st.LastCheck = time.Now().Add(-48 * time.Hour)
	if err := os.WriteFile(updatestate.Path(dir), updatestate.Encode(st), 0o644); err != nil {
		t.Fatal(err)
	}
}
