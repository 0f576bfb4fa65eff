package installer

import (
	"archive/tar"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/tartest"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/untar"
)

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
	t.Setenv(EnvGitHubURL, srv.URL)

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
				Dir: filepath.Join(plugin.InstallCache(cache), "github-x-0123")}
			ok, err := Install(context.Background(), in, cache, io.Discard)
			if tc.want != "" {
				var ue *untar.Error
				if ok || !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("Install = %v, %v; want refused with %q", ok, err, tc.want)
				}
				// Nothing installed, nothing left but the lock file.
				ents, _ := os.ReadDir(plugin.InstallCache(cache))
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
