// Package selfupdate installs symposium releases over the installed ones:
// it asks the release feed for the newest version, downloads that
// release's archive for this machine, checks it against the release's
// checksums file and replaces the six binaries side by side
// (docs/release.md). It links an HTTP client, so only sym-install runs it
// (`cargo agents self-update` is delegated there); the hook path reads
// what it found through pkg/updatestate.
package selfupdate

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/updatestate"
)

// DefaultBase is the project's release page. GitHub serves a release's
// assets at <base>/download/v<version>/<asset> and the newest release's
// at <base>/latest/download/<asset>.
const DefaultBase = "https://github.com/symposium-dev/symposium-go/releases"

// BaseEnv names another release base URL (install.sh and install.ps1
// read it too).
const BaseEnv = "SYMPOSIUM_RELEASES"

// VersionAsset is the fixed-name asset of every release holding its
// version: <base>/latest/download/VERSION is the newest version.
const VersionAsset = "VERSION"

// ChecksumsAsset lists the SHA-256 of each archive of a release, as
// sha256sum writes it.
const ChecksumsAsset = "checksums.txt"

// Binaries are the six binaries of a release, all installed in one
// directory (cargo-agents finds the stages beside itself).
var Binaries = []string{"cargo-agents", "sym-deps", "sym-match", "sym-install", "sym-hook", "sym-translate"}

// maxAsset bounds a download: a release archive is a few tens of MB.
const maxAsset = 512 << 20

// Feed is a release feed: a base URL laid out as GitHub Releases are, or
// any static directory with the same layout (docs/release.md).
type Feed struct {
	Base   string
	Client *http.Client // nil: a client with Timeout
	// Timeout bounds each request (0: 5 minutes).
	Timeout time.Duration
}

// Base returns the release base URL: env's BaseEnv when set, else
// DefaultBase.
func Base(getenv func(string) string) string {
	if b := getenv(BaseEnv); b != "" {
		return strings.TrimRight(b, "/")
	}
	return DefaultBase
}

// ArchiveName is the archive of version for goos/goarch, as
// .goreleaser.yaml names it.
func ArchiveName(version, goos, goarch string) string {
	ext := ".tar.gz"
	if goos == "windows" {
		ext = ".zip"
	}
	return fmt.Sprintf("symposium_%s_%s_%s%s", strings.TrimPrefix(version, "v"), goos, goarch, ext)
}

// Latest asks the feed for the newest release's version.
func (f Feed) Latest(ctx context.Context) (string, error) {
	u := f.base() + "/latest/download/" + VersionAsset
	var b strings.Builder
	if err := f.get(ctx, u, &limitedWriter{w: &b, n: 256}); err != nil {
		return "", err
	}
	v := strings.TrimPrefix(strings.TrimSpace(b.String()), "v")
	if !updatestate.Valid(v) {
		return "", fmt.Errorf("%s: %q is not a release version (want MAJOR.MINOR.PATCH)", u, b.String())
	}
	return v, nil
}

// Download fetches version's archive for goos/goarch into dir and checks
// it against the release's checksums file. It returns the archive's path;
// on any error nothing is left in dir.
func (f Feed) Download(ctx context.Context, version, goos, goarch, dir string) (string, error) {
	name := ArchiveName(version, goos, goarch)
	release := f.base() + "/download/v" + strings.TrimPrefix(version, "v") + "/"
	var sums strings.Builder
	if err := f.get(ctx, release+ChecksumsAsset, &limitedWriter{w: &sums, n: 1 << 20}); err != nil {
		return "", err
	}
	want, err := checksumFor(sums.String(), name)
	if err != nil {
		return "", fmt.Errorf("%s%s: %w", release, ChecksumsAsset, err)
	}
	path := filepath.Join(dir, name)
	file, err := os.Create(path)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	err = f.get(ctx, release+name, &limitedWriter{w: io.MultiWriter(file, h), n: maxAsset})
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if got := hex.EncodeToString(h.Sum(nil)); got != want {
			err = fmt.Errorf("%s%s: checksum mismatch: got sha256 %s, the release's %s says %s; refusing it (a corrupted or tampered download: try again, or report it)", release, name, got, ChecksumsAsset, want)
		}
	}
	if err != nil {
		os.Remove(path)
		return "", err
	}
	return path, nil
}

func (f Feed) base() string {
	if f.Base == "" {
		return DefaultBase
	}
	return strings.TrimRight(f.Base, "/")
}

// get writes the body of u to w; a status other than 200, a connection
// that breaks off, or a body shorter than announced is an error.
func (f Feed) get(ctx context.Context, u string, w io.Writer) error {
	client := f.Client
	if client == nil {
		timeout := f.Timeout
		if timeout == 0 {
			timeout = 5 * time.Minute
		}
		client = &http.Client{Timeout: timeout}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("User-Agent", "symposium-self-update")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("cannot reach the release feed: %w (set %s to another release base URL)", err, BaseEnv)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	n, err := io.Copy(w, resp.Body)
	if err != nil {
		return fmt.Errorf("downloading %s: interrupted: %w", u, err)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return fmt.Errorf("downloading %s: got %d of %d bytes (interrupted)", u, n, resp.ContentLength)
	}
	return nil
}

// checksumFor finds name's SHA-256 in a checksums file.
func checksumFor(sums, name string) (string, error) {
	sc := bufio.NewScanner(strings.NewReader(sums))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 2 && strings.TrimPrefix(fields[1], "*") == name {
			if len(fields[0]) != sha256.Size*2 {
				return "", fmt.Errorf("%s: %q is not a SHA-256", name, fields[0])
			}
			return strings.ToLower(fields[0]), nil
		}
	}
	return "", fmt.Errorf("no checksum for %s (no release for this system?)", name)
}

// limitedWriter fails once more than n bytes were written: a feed cannot
// fill the disk or memory.
type limitedWriter struct {
	w io.Writer
	n int64
}

var errTooBig = errors.New("larger than any release asset; refusing it")

func (l *limitedWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > l.n {
		return 0, errTooBig
	}
	l.n -= int64(len(p))
	return l.w.Write(p)
}
