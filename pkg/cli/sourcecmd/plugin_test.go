package sourcecmd

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/cratesindex"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
)

func TestCheckCrates(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener:", err)
	}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/se/rd/serde" {
			w.Write([]byte("{}\n"))
			return
		}
		http.NotFound(w, r)
	})}}
	srv.Start()
	defer srv.Close()
	c := &cratesindex.Client{BaseURL: srv.URL, HTTP: srv.Client(), TTL: time.Hour}
	refs := []plugin.CrateRef{{Name: "serde", File: "p/SYMPOSIUM.toml", Line: 2}, {Name: "serdee", File: "p/SYMPOSIUM.toml", Line: 5}, {Name: "Serde", File: "s/SKILL.md", Line: 4}}
	missing, unreachable := checkCrates(c, refs)
	if unreachable != nil {
		t.Fatal(unreachable)
	}
	want := []string{`p/SYMPOSIUM.toml:5:1: crate "serdee" is not on crates.io: check the spelling (or pass --no-check-crates for private crates)`}
	if diff := cmp.Diff(want, missing); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}

	// An index that cannot answer gives no verdict, never a false failure.
	srv.Close()
	missing, unreachable = checkCrates(c, refs)
	if !errors.Is(unreachable, cratesindex.ErrUnreachable) || missing != nil {
		t.Errorf("closed index: missing %v, err %v", missing, unreachable)
	}
}
