package acquire

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/untar"
)

// DigestsFile is where trust-on-first-use digests are recorded, below
// the symposium home: never in a workspace, where a clone could pre-seed it.
func DigestsFile(home string) string { return filepath.Join(home, "download-digests.json") }

// AcceptFlag is the option of `cargo agents sync` that accepts a changed
// download (named in the refusal).
const AcceptFlag = "--accept-digest"

// assetNameOK: a release asset name is a plain file name.
func assetNameOK(s string) bool { return nameOf(s, 128, "._+-") }

// binaryDownloadURL is where a binary installation's file comes from:
// raw, on base's scheme and host when base is set (Options.BinaryURL).
func binaryDownloadURL(raw, base string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return "", fmt.Errorf("binary url %q must be an https:// URL", raw)
	}
	if base = strings.TrimRight(base, "/"); base != "" {
		b, err := url.Parse(base)
		if err != nil {
			return "", fmt.Errorf("SYMPOSIUM_BINARY_URL %q: %v", base, err)
		}
		u.Scheme, u.Host = b.Scheme, b.Host
	}
	return u.String(), nil
}

// download fetches in's file, checks its digest (or trusts it on first
// use) before anything is unpacked, and unpacks it into dir.
func download(ctx context.Context, in stream.Installation, dir string, opts Options) (func() error, error) {
	var u, asset, sub string
	repoArchive := false
	switch in.Source {
	case "github":
		du, g, err := DownloadURL(in.URL, opts.GitHubURL)
		if err != nil {
			return nil, err
		}
		u, asset, sub, repoArchive = du, g.Asset, g.Subdir, g.Asset == ""
	default:
		du, err := binaryDownloadURL(in.URL, opts.BinaryURL)
		if err != nil {
			return nil, err
		}
		pu, _ := url.Parse(in.URL)
		u, asset = du, path.Base(pu.Path)
		if !assetNameOK(asset) || asset == "." || asset == ".." {
			return nil, fmt.Errorf("binary url %q: its last path segment %q is not a file name", in.URL, asset)
		}
	}
	f, got, err := fetch(ctx, u, filepath.Dir(dir))
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	pin, err := checkDigest(in, u, got, opts)
	if err != nil {
		return nil, err
	}
	// Regular files and directories only: a link is skipped, so nothing
	// a hook runs points out of its directory.
	uo := untar.Options{Name: u, Links: untar.SkipLinks, MaxEntry: MaxUnpacked, MaxTotal: MaxUnpacked, MaxEntries: MaxUnpackedEntries}
	switch {
	case repoArchive:
		uo.Top, uo.Sub = untar.AnyTop, sub // a GitHub archive's files sit in one top directory
		return pin, untar.Unpack(f, dir, uo)
	case strings.HasSuffix(asset, ".tar.gz") || strings.HasSuffix(asset, ".tgz"):
		return pin, untar.Unpack(f, dir, uo)
	}
	out, err := os.OpenFile(filepath.Join(dir, asset), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o755)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(out, f); err != nil {
		out.Close()
		return nil, err
	}
	return pin, out.Close()
}

// fetch downloads u (at most MaxDownload bytes) into a temp file in tmpDir,
// rewound, and returns its sha256.
func fetch(ctx context.Context, u, tmpDir string) (*os.File, string, error) {
	ctx, cancel := context.WithTimeout(ctx, DownloadTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, "", fmt.Errorf("downloading %s: %w", u, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("downloading %s: %s", u, resp.Status)
	}
	f, err := os.CreateTemp(tmpDir, ".download-")
	if err != nil {
		return nil, "", err
	}
	fail := func(err error) (*os.File, string, error) {
		f.Close()
		os.Remove(f.Name())
		return nil, "", err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(resp.Body, MaxDownload+1))
	if err != nil {
		return fail(fmt.Errorf("downloading %s: %w", u, err))
	}
	if n > MaxDownload {
		return fail(fmt.Errorf("downloading %s: larger than %d MiB", u, MaxDownload>>20))
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fail(err)
	}
	return f, hex.EncodeToString(h.Sum(nil)), nil
}

// checkDigest compares a download's sha256 with the manifest's, or, where
// the manifest names none, with the one recorded when it was first
// installed. It returns the recording to make once installed.
func checkDigest(in stream.Installation, u, got string, opts Options) (func() error, error) {
	if in.SHA256 != "" {
		if got != in.SHA256 {
			return nil, fmt.Errorf("checksum mismatch for %s: got sha256 %s, the manifest says %s; nothing was installed", u, got, in.SHA256)
		}
		return nil, nil
	}
	if opts.Digests == "" {
		return nil, fmt.Errorf("no sha256 to check the download against, so it was not installed; the file downloaded now from %s has sha256 %s: once you trust it, add sha256 = %q to the installation", u, got, got)
	}
	known, err := readDigests(opts.Digests)
	if err != nil {
		return nil, err
	}
	prev, seen := known[in.URL]
	accepted := slices.Contains(opts.Accept, in.URL) || slices.Contains(opts.Accept, in.Name)
	if seen && prev != got && !accepted {
		return nil, fmt.Errorf("the file downloaded from %s has sha256 %s, but the one first installed from there had %s (recorded in %s); nothing was installed. If the change is expected, run `cargo agents sync %s %s`, or pin sha256 = %q in the installation",
			u, got, prev, opts.Digests, AcceptFlag, in.URL, got)
	}
	if seen && prev == got {
		return nil, nil
	}
	how := "trusted on first use"
	if seen {
		how = "its new digest accepted (" + AcceptFlag + ")"
	}
	return func() error {
		known, err := readDigests(opts.Digests)
		if err != nil {
			return err
		}
		known[in.URL] = got
		data, _ := json.MarshalIndent(known, "", "  ")
		if err := atomicfile.Write(opts.Digests, append(data, '\n'), 0o644); err != nil {
			return fmt.Errorf("recording the digest of %s: %w", in.URL, err)
		}
		opts.log("installation %s (%s): %s %s, sha256 %s, recorded in %s", in.Name, in.File, in.URL, how, got, opts.Digests)
		fmt.Fprintf(opts.Progress, "%s: %s names no sha256; %s and recorded in %s. To pin it, add to the installation:\n    sha256 = %q\n", in.File, in.URL, how, opts.Digests, got)
		return nil
	}, nil
}

// readDigests reads the recorded digests, by installation url.
func readDigests(file string) (map[string]string, error) {
	known := map[string]string{}
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return known, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &known); err != nil {
		return nil, fmt.Errorf("%s: %v: fix or remove the file (it only records the digests of downloads trusted on first use)", file, err)
	}
	return known, nil
}
