package selfupdate

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestManaged(t *testing.T) {
	tests := []struct {
		exe  string
		want string // a word of the command, "" for none
	}{
		{"/opt/homebrew/Cellar/symposium/0.4.0/bin/cargo-agents", "brew"},
		{"/home/linuxbrew/.linuxbrew/Cellar/symposium/0.4.0/bin/cargo-agents", "brew"},
		{"/usr/local/Cellar/symposium/0.4.0/bin/cargo-agents", "brew"},
		{`C:\Users\me\scoop\apps\symposium\current\cargo-agents.exe`, "scoop"},
		{"/usr/bin/cargo-agents", "distribution"},
		{"/nix/store/abc-symposium/bin/cargo-agents", "Nix"},
		{"/home/me/.cargo/bin/cargo-agents", ""},
		{"/usr/local/bin/cargo-agents", ""},
		{`C:\Users\me\.cargo\bin\cargo-agents.exe`, ""},
	}
	for _, tc := range tests {
		got := Managed(tc.exe)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("Managed(%q) = %q, want mention of %q", tc.exe, got, tc.want)
		}
	}
}

func TestChecksumFor(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	sums := sum + "  symposium_1.0.0_linux_amd64.tar.gz\n" + strings.Repeat("cd", 32) + " *symposium_1.0.0_windows_amd64.zip\n"
	tests := []struct {
		sums, name, want, err string
	}{
		{sums, "symposium_1.0.0_linux_amd64.tar.gz", sum, ""},
		{sums, "symposium_1.0.0_windows_amd64.zip", strings.Repeat("cd", 32), ""},
		{sums, "symposium_1.0.0_plan9_amd64.tar.gz", "", "no checksum"},
		{"abc  x.tar.gz\n", "x.tar.gz", "", "not a SHA-256"},
	}
	for _, tc := range tests {
		got, err := checksumFor(tc.sums, tc.name)
		if got != tc.want || (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("checksumFor(%q) = %q, %v; want %q, error with %q", tc.name, got, err, tc.want, tc.err)
		}
	}
}

// fakeRelease is a release of fake binaries (shell scripts printing the
// version) laid out as a feed: what the served tests fetch.
func fakeRelease(t *testing.T, version string) (archive []byte, sums string) {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, b := range Binaries {
		body := fmt.Sprintf("#!/bin/sh\necho %s %s\n", b, version)
		tw.WriteHeader(&tar.Header{Name: b, Mode: 0o755, Size: int64(len(body)), Typeflag: tar.TypeReg})
		tw.Write([]byte(body))
	}
	tw.Close()
	gz.Close()
	h := sha256.Sum256(buf.Bytes())
	return buf.Bytes(), hex.EncodeToString(h[:]) + "  " + ArchiveName(version, "linux", "amd64") + "\n"
}

// serve serves one release as the newest; corrupt flips the archive's
// checksum, cut cuts the archive's body short.
func serve(t *testing.T, version string, corrupt, cut bool) *httptest.Server {
	archive, sums := fakeRelease(t, version)
	if corrupt {
		sums = strings.Repeat("0", 64) + sums[64:]
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/latest/download/VERSION", func(w http.ResponseWriter, r *http.Request) { fmt.Fprintln(w, version) })
	mux.HandleFunc("/download/v"+version+"/checksums.txt", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, sums) })
	mux.HandleFunc("/download/v"+version+"/"+ArchiveName(version, "linux", "amd64"), func(w http.ResponseWriter, r *http.Request) {
		if cut {
			w.Header().Set("Content-Length", fmt.Sprint(len(archive)))
			w.Write(archive[:len(archive)/2])
			return // the server closes the connection short of the length
		}
		w.Write(archive)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestUpdateServed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("fake binaries are shell scripts")
	}
	tests := []struct {
		name         string
		current      string
		corrupt, cut bool
		down         bool
		wantUpdated  bool
		wantErr      string
	}{
		{name: "upgrade", current: "1.0.0", wantUpdated: true},
		{name: "same version", current: "1.1.0"},
		{name: "newer than the feed", current: "1.2.0"},
		{name: "checksum mismatch", current: "1.0.0", corrupt: true, wantErr: "checksum mismatch"},
		{name: "interrupted download", current: "1.0.0", cut: true, wantErr: "downloading"},
		{name: "server down", current: "1.0.0", down: true, wantErr: "cannot reach the release feed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := serve(t, "1.1.0", tc.corrupt, tc.cut)
			if tc.down {
				srv.Close()
			}
			dir, home := t.TempDir(), t.TempDir()
			for _, b := range Binaries {
				os.WriteFile(filepath.Join(dir, b), []byte("old "+b), 0o755)
			}
			o := Options{Feed: Feed{Base: srv.URL}, Current: tc.current, Release: true,
				Exe: filepath.Join(dir, "sym-install"), Home: home, GOOS: "linux", GOARCH: "amd64"}
			res, err := Update(context.Background(), o)
			if (err == nil) != (tc.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("Update: %v, want error with %q", err, tc.wantErr)
			}
			if res.Updated != tc.wantUpdated {
				t.Errorf("Updated = %v, want %v", res.Updated, tc.wantUpdated)
			}
			for _, b := range Binaries {
				got, _ := os.ReadFile(filepath.Join(dir, b))
				if old := strings.HasPrefix(string(got), "old "); old == tc.wantUpdated {
					t.Errorf("%s after update: %q (updated: %v)", b, got, tc.wantUpdated)
				}
			}
			left, _ := os.ReadDir(dir)
			if len(left) != len(Binaries) {
				t.Errorf("%s holds %d entries, want only the %d binaries", dir, len(left), len(Binaries))
			}
		})
	}
}

func TestReplaceRollsBack(t *testing.T) {
	dir, stage := t.TempDir(), t.TempDir()
	for _, b := range Binaries {
		os.WriteFile(filepath.Join(dir, b), []byte("old"), 0o755)
		os.WriteFile(filepath.Join(stage, b), []byte("new"), 0o755)
	}
	os.Remove(filepath.Join(stage, Binaries[3])) // its rename fails
	if err := Replace(dir, stage, runtime.GOOS); err == nil {
		t.Fatal("Replace with a binary missing from the stage succeeded")
	}
	for _, b := range Binaries {
		if got, _ := os.ReadFile(filepath.Join(dir, b)); string(got) != "old" {
			t.Errorf("%s = %q after a failed Replace, want the old one", b, got)
		}
	}
}
