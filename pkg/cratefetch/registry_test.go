package cratefetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// hangingRegistry is a sparse index on 127.0.0.1 whose hang path answers
// only when the request is given up on (or after 5 s), and which counts
// requests per path.
type hangingRegistry struct {
	*httptest.Server
	mu    sync.Mutex
	hang  string
	count map[string]int
}

func newHangingRegistry(t *testing.T, hang string) *hangingRegistry {
	r := &hangingRegistry{hang: hang, count: map[string]int{}}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.count[req.URL.Path]++
		hang := r.hang
		r.mu.Unlock()
		if strings.HasPrefix(req.URL.Path, hang) && hang != "" {
			select {
			case <-req.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		if req.URL.Path == "/index/config.json" {
			fmt.Fprintf(w, `{"dl":%q}`, r.URL+"/dl")
			return
		}
		http.NotFound(w, req)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *hangingRegistry) requests(prefix string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for p, c := range r.count {
		if strings.HasPrefix(p, prefix) {
			n += c
		}
	}
	return n
}

// sixCrates asks f for six crates that only the registry could have, and
// checks each is unavailable.
func sixCrates(t *testing.T, f *Fetcher) []error {
	t.Helper()
	var errs []error
	for i := 1; i <= 6; i++ {
		c := Crate{Name: fmt.Sprintf("w%d", i), Version: "1.0.0", Checksum: strings.Repeat("a", 64)}
		_, err := f.Source(context.Background(), c)
		if !errors.Is(err, ErrUnavailable) {
			t.Fatalf("%s: err = %v; want unavailable", c, err)
		}
		errs = append(errs, err)
	}
	return errs
}

// TestHangingRegistry: a registry that does not answer costs one wait per
// sync, not one per crate, and a later sync within RetryAfter does not
// ask it again (issue #21 W2).
func TestHangingRegistry(t *testing.T) {
	for _, tc := range []struct {
		name string
		hang string // the path prefix that hangs
	}{
		{name: "config.json", hang: "/index/config.json"},
		{name: "downloads", hang: "/dl/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := newHangingRegistry(t, tc.hang)
			home := t.TempDir()
			writeFile(t, filepath.Join(home, "config.toml"), "[source.crates-io]\nreplace-with = \"m\"\n[source.m]\nregistry = \"sparse+"+reg.URL+"/index/\"\n")
			cache := filepath.Join(t.TempDir(), "cache")
			run := func(retry time.Duration) []error {
				f := &Fetcher{CargoHome: home, CacheDir: cache, HTTP: &http.Client{}, RegistryTime: 200 * time.Millisecond, RetryAfter: retry}
				return sixCrates(t, f)
			}
			run(time.Minute)
			if n := reg.requests(tc.hang); n != 1 {
				t.Fatalf("one sync of six crates sent %d requests to %s; want 1", n, tc.hang)
			}
			errs := run(time.Minute)
			if n := reg.requests(tc.hang); n != 1 {
				t.Fatalf("the next sync asked again (%d requests); want it to remember the failure", n)
			}
			if !strings.Contains(errs[0].Error(), "did not answer") {
				t.Errorf("err = %v; want it to say the registry did not answer", errs[0])
			}
			// RetryAfter 0 (--update fetch) asks again, once.
			run(0)
			if n := reg.requests(tc.hang); n != 2 {
				t.Fatalf("with RetryAfter 0: %d requests in all; want 2", n)
			}
			// Answering again clears the stamp.
			reg.mu.Lock()
			reg.hang = ""
			reg.mu.Unlock()
			run(0)
			errs = run(time.Minute)
			if strings.Contains(errs[0].Error(), "did not answer") {
				t.Errorf("after the registry answered: %v", errs[0])
			}
		})
	}
}
