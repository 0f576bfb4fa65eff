package cratesindex

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestPath(t *testing.T) {
	tests := []struct{ name, want string }{
		{"a", "1/a"},
		{"ab", "2/ab"},
		{"abc", "3/a/abc"},
		{"log", "3/l/log"},
		{"Serde", "se/rd/serde"},
		{"tokio", "to/ki/tokio"},
		{"serde_json", "se/rd/serde_json"},
		{"cargo", "ca/rg/cargo"},
		{"FooBar", "fo/ob/foobar"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Path(tc.name); got != tc.want {
				t.Errorf("Path(%q) = %q, want %q", tc.name, got, tc.want)
			}
		})
	}
}

// index is a fake sparse index on 127.0.0.1 that records the paths asked.
type index struct {
	mu    sync.Mutex
	paths []string
}

func (ix *index) asked() []string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return append([]string(nil), ix.paths...)
}

func newIndex(t *testing.T) (*httptest.Server, *index) {
	t.Helper()
	ix := &index{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ix.mu.Lock()
		ix.paths = append(ix.paths, r.URL.Path)
		ix.mu.Unlock()
		switch r.URL.Path {
		case "/se/rd/serde", "/3/l/log", "/se/rd/serde_json", "/as/se/assert-struct", "/1/a":
			_, _ = w.Write([]byte(`{"name":"x","vers":"1.0.0","deps":[],"cksum":"","features":{},"yanked":false}` + "\n"))
		case "/go/ne/gone-crate":
			w.WriteHeader(http.StatusGone)
		case "/br/ok/broken":
			w.WriteHeader(http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	}))
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("test server at %s, want 127.0.0.1", srv.URL)
	}
	t.Cleanup(srv.Close)
	return srv, ix
}

func TestExists(t *testing.T) {
	srv, ix := newIndex(t)
	tests := []struct {
		name      string
		want      bool
		wantErr   bool
		wantPaths []string
	}{
		{name: "serde", want: true, wantPaths: []string{"/se/rd/serde"}},
		{name: "Serde", want: true, wantPaths: []string{"/se/rd/serde"}},
		{name: "log", want: true, wantPaths: []string{"/3/l/log"}},
		{name: "a", want: true, wantPaths: []string{"/1/a"}},
		{name: "no-such-crate", want: false, wantPaths: []string{"/no/-s/no-such-crate", "/no/_s/no_such_crate"}},
		{name: "serde-json", want: true, wantPaths: []string{"/se/rd/serde-json", "/se/rd/serde_json"}},
		{name: "assert_struct", want: true, wantPaths: []string{"/as/se/assert_struct", "/as/se/assert-struct"}},
		{name: "gone-crate", want: false, wantPaths: []string{"/go/ne/gone-crate", "/go/ne/gone_crate"}},
		{name: "broken", wantErr: true, wantPaths: []string{"/br/ok/broken"}},
		{name: "bad name!", want: false},
		{name: "1abc", want: false},
		{name: "", want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &Client{BaseURL: srv.URL + "/", HTTP: srv.Client()} // no cache
			before := len(ix.asked())
			got, err := c.Exists(context.Background(), tc.name)
			if tc.wantErr {
				if !errors.Is(err, ErrUnreachable) {
					t.Fatalf("Exists(%q) error = %v, want ErrUnreachable", tc.name, err)
				}
				if !strings.Contains(err.Error(), "500 Internal Server Error") {
					t.Errorf("Exists(%q) error %q does not give the status", tc.name, err)
				}
			} else if err != nil || got != tc.want {
				t.Errorf("Exists(%q) = %v, %v; want %v, nil", tc.name, got, err, tc.want)
			}
			if d := cmp.Diff(tc.wantPaths, ix.asked()[before:], cmpopts.EquateEmpty()); d != "" {
				t.Errorf("Exists(%q) requests (-want +got):\n%s", tc.name, d)
			}
		})
	}
}

func TestCache(t *testing.T) {
	srv, ix := newIndex(t)
	dir := t.TempDir()
	c := &Client{BaseURL: srv.URL, HTTP: srv.Client(), CacheDir: dir, TTL: time.Hour}
	ctx := context.Background()
	for _, n := range []string{"serde", "no-such-crate"} {
		if _, err := c.Exists(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	asked := len(ix.asked())

	// Positive and negative answers are both cached, in cratesindex/.
	for _, f := range []struct{ path, want string }{
		{"cratesindex/se/rd/serde", "exists\n"},
		{"cratesindex/no/-s/no-such-crate", "missing\n"},
	} {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.path)))
		if err != nil || string(b) != f.want {
			t.Errorf("cache file %s = %q, %v; want %q", f.path, b, err, f.want)
		}
	}
	for _, tc := range []struct {
		name string
		want bool
	}{{"serde", true}, {"Serde", true}, {"no-such-crate", false}} {
		got, err := c.Exists(ctx, tc.name)
		if err != nil || got != tc.want {
			t.Errorf("cached Exists(%q) = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	if n := len(ix.asked()) - asked; n != 0 {
		t.Errorf("cached lookups made %d requests, want 0", n)
	}

	// A stale answer is asked again.
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "cratesindex/se/rd/serde"), old, old); err != nil {
		t.Fatal(err)
	}
	if got, err := c.Exists(ctx, "serde"); err != nil || !got {
		t.Fatalf("Exists(serde) after expiry = %v, %v", got, err)
	}
	if n := len(ix.asked()) - asked; n != 1 {
		t.Errorf("expired entry made %d requests, want 1", n)
	}

	// Unreachable answers are not cached.
	if _, err := c.Exists(ctx, "broken"); !errors.Is(err, ErrUnreachable) {
		t.Fatalf("Exists(broken) = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cratesindex/br/ok/broken")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an unreachable answer was cached: %v", err)
	}
}

// TestUnreachable points the client at the discard port, where nothing
// listens, as the e2e tests do through SYMPOSIUM_CRATES_INDEX_URL.
func TestUnreachable(t *testing.T) {
	c := New("http://127.0.0.1:9/", t.TempDir())
	if c.BaseURL != "http://127.0.0.1:9/" || c.TTL != DefaultTTL {
		t.Fatalf("New: BaseURL %q TTL %v", c.BaseURL, c.TTL)
	}
	c.HTTP.Timeout = 5 * time.Second
	got, err := c.Exists(context.Background(), "serde")
	if !errors.Is(err, ErrUnreachable) || got {
		t.Fatalf("Exists = %v, %v; want false, ErrUnreachable", got, err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "crate index unreachable: ") || !strings.Contains(msg, "127.0.0.1:9") {
		t.Errorf("error %q should say the index is unreachable and where it was looked for", msg)
	}
}

func TestCanceled(t *testing.T) {
	srv, _ := newIndex(t)
	c := &Client{BaseURL: srv.URL, HTTP: srv.Client()}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := c.Exists(ctx, "serde")
	if !errors.Is(err, ErrUnreachable) || !errors.Is(err, context.Canceled) {
		t.Errorf("Exists(canceled) = %v, want ErrUnreachable and context.Canceled", err)
	}
}

func TestNewDefaultURL(t *testing.T) {
	if c := New("", ""); c.BaseURL != DefaultURL {
		t.Errorf("New: BaseURL %q, want %q", c.BaseURL, DefaultURL)
	}
}
