// Package cratesindex answers "is this crate published?" from a Cargo
// sparse registry index (crates.io's by default), for `cargo agents plugin
// validate` (book: "cargo agents plugin validate", --no-check-crates).
//
// Each answer, yes or no, is cached on disk for a day (TTL), so validating
// a plugin source again is fast and works offline. When the index cannot
// answer, Exists returns an error wrapping ErrUnreachable: the crate's
// existence is then unknown, which is not the same as "no such crate".
package cratesindex

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
)

// DefaultURL is the crates.io sparse index.
const DefaultURL = "https://index.crates.io/"

// DefaultTTL is how long a cached answer is trusted.
const DefaultTTL = 24 * time.Hour

// ErrUnreachable means the index gave no answer: a network error, a
// timeout, or an unexpected HTTP status.
var ErrUnreachable = errors.New("crate index unreachable")

// Client looks crates up in a sparse index.
type Client struct {
	BaseURL  string        // index root, e.g. https://index.crates.io/
	CacheDir string        // answers go in CacheDir/cratesindex/; "" disables the cache
	HTTP     *http.Client  // nil means a client with a 10 s timeout
	TTL      time.Duration // 0 means DefaultTTL
}

// New returns a client for the index at base ("" is crates.io's; the
// caller reads $SYMPOSIUM_CRATES_INDEX_URL), caching answers under
// cacheDir/cratesindex/.
func New(base, cacheDir string) *Client {
	if base == "" {
		base = DefaultURL
	}
	return &Client{BaseURL: base, CacheDir: cacheDir, HTTP: &http.Client{Timeout: 10 * time.Second}, TTL: DefaultTTL}
}

// Path returns the sparse-index path of a crate name, lower-cased, as
// Cargo computes it: 1/{n}, 2/{n}, 3/{first char}/{n}, or
// {first two}/{next two}/{n}.
func Path(name string) string {
	n := strings.ToLower(name)
	switch len(n) {
	case 0:
		return ""
	case 1:
		return "1/" + n
	case 2:
		return "2/" + n
	case 3:
		return "3/" + n[:1] + "/" + n
	}
	return n[:2] + "/" + n[2:4] + "/" + n
}

// ValidName reports whether name can be a crates.io crate name: ASCII
// letters, digits, '-' and '_', starting with a letter, at most 64 bytes.
func ValidName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if i == 0 && !letter {
			return false
		}
		if !letter && !(c >= '0' && c <= '9') && c != '-' && c != '_' {
			return false
		}
	}
	return true
}

// Exists reports whether a crate named name is published. crates.io
// treats '-' and '_' as the same character in names (so do predicates),
// so "serde-json" exists because serde_json does. A name that cannot be a
// crate name is absent, without a request. When the index cannot answer,
// the error wraps ErrUnreachable.
func (c *Client) Exists(ctx context.Context, name string) (bool, error) {
	if !ValidName(name) {
		return false, nil
	}
	key := Path(name)
	if v, ok := c.cached(key); ok {
		return v, nil
	}
	exists := false
	for _, n := range Spellings(name) {
		ok, err := c.fetch(ctx, n)
		if err != nil {
			return false, err
		}
		if ok {
			exists = true
			break
		}
	}
	c.store(key, exists)
	return exists, nil
}

// Spellings returns name, then its all-'_' and all-'-' forms when they
// differ: the index files a crate under its own spelling only.
func Spellings(name string) []string {
	out := []string{name}
	for _, alt := range []string{strings.ReplaceAll(name, "-", "_"), strings.ReplaceAll(name, "_", "-")} {
		if alt != out[len(out)-1] && alt != name {
			out = append(out, alt)
		}
	}
	return out
}

// fetch asks the index for one spelling: 200 is yes, 404 and 410 are no.
func (c *Client) fetch(ctx context.Context, name string) (bool, error) {
	url := strings.TrimSuffix(c.BaseURL, "/") + "/" + Path(name)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false, fmt.Errorf("%w: %w", ErrUnreachable, err)
	}
	// crates.io asks automated clients to say who they are.
	req.Header.Set("User-Agent", "symposium-go (cargo agents plugin validate)")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return false, fmt.Errorf("%w: %w", ErrUnreachable, err)
	}
	defer resp.Body.Close()
	// Drain a little so the connection can be reused; the content (the
	// crate's versions) is not needed.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch resp.StatusCode {
	case http.StatusOK:
		return true, nil
	case http.StatusNotFound, http.StatusGone:
		return false, nil
	}
	return false, fmt.Errorf("%w: GET %s: unexpected status %s", ErrUnreachable, url, resp.Status)
}

func (c *Client) ttl() time.Duration {
	if c.TTL <= 0 {
		return DefaultTTL
	}
	return c.TTL
}

func (c *Client) cacheFile(key string) string {
	return filepath.Join(c.CacheDir, "cratesindex", filepath.FromSlash(key))
}

// cached returns a fresh cached answer for key, if there is one.
func (c *Client) cached(key string) (exists, ok bool) {
	if c.CacheDir == "" {
		return false, false
	}
	f := c.cacheFile(key)
	st, err := os.Stat(f)
	if err != nil || time.Since(st.ModTime()) > c.ttl() {
		return false, false
	}
	data, err := os.ReadFile(f)
	if err != nil {
		return false, false
	}
	switch strings.TrimSpace(string(data)) {
	case "exists":
		return true, true
	case "missing":
		return false, true
	}
	return false, false // torn or foreign content: ask again
}

// store records an answer. A cache that cannot be written costs only a
// request next time, so its errors are dropped. The temp file + rename
// keeps a concurrent reader from seeing a half-written answer.
func (c *Client) store(key string, exists bool) {
	if c.CacheDir == "" {
		return
	}
	v := "missing\n"
	if exists {
		v = "exists\n"
	}
	_ = atomicfile.Write(c.cacheFile(key), []byte(v), 0o644)
}
