package cratefetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A registry that does not answer must not cost a wait per crate, nor one
// per sync (issue #21 W2). A Fetcher is one run (one sync): all its
// requests to one registry share one deadline, RegistryTime from the
// first; once a request fails without an HTTP answer (refused, timed out,
// cut off), the registry is given up on for the rest of the run, and a
// stamp in CacheDir/registries/ keeps later runs from asking it again
// for RetryAfter, as a git source's .checked stamp does.

// DefaultRegistryTime bounds all of one run's requests to one registry.
const DefaultRegistryTime = 30 * time.Second

// reach is what this run knows of one registry.
type reach struct {
	deadline time.Time
	failed   string // why it was given up on; "" while it is not
}

// unreachableError is a request that got no HTTP answer.
type unreachableError struct{ err error }

func (e *unreachableError) Error() string { return e.err.Error() }
func (e *unreachableError) Unwrap() error { return e.err }

// regGet is get for a request to reg: within reg's deadline, refused at
// once when reg was given up on, which it is after a request without an
// answer.
func (f *Fetcher) regGet(ctx context.Context, c Crate, reg registry, url string, lim bodyLimit) ([]byte, error) {
	st := f.reach(reg)
	if st.failed != "" {
		return nil, &UnavailableError{Crate: c, Reason: st.failed}
	}
	ctx, cancel := context.WithDeadline(ctx, st.deadline)
	defer cancel()
	data, err := f.get(ctx, c, url, lim)
	var ue *unreachableError
	if errors.As(err, &ue) {
		f.giveUp(reg, ue.err)
	} else if err == nil || errors.Is(err, errNotFound) {
		f.answered(reg)
	}
	return data, err
}

// reach returns reg's state, starting its deadline on first use and
// reading a stamp an earlier run left.
func (f *Fetcher) reach(reg registry) reach {
	f.mu.Lock()
	defer f.mu.Unlock()
	if st, ok := f.reached[reg.index]; ok {
		return *st
	}
	if f.reached == nil {
		f.reached = map[string]*reach{}
	}
	d := f.RegistryTime
	if d <= 0 {
		d = DefaultRegistryTime
	}
	st := &reach{deadline: time.Now().Add(d), failed: f.remembered(reg)}
	f.reached[reg.index] = st
	return *st
}

// remembered is why an earlier run gave up on reg, when that was less than
// RetryAfter ago; "" otherwise.
func (f *Fetcher) remembered(reg registry) string {
	stamp := f.stampFile(reg)
	if stamp == "" || f.RetryAfter <= 0 {
		return ""
	}
	fi, err := os.Stat(stamp)
	if err != nil {
		return ""
	}
	age := time.Since(fi.ModTime())
	if age < 0 || age >= f.RetryAfter {
		return ""
	}
	why, _ := os.ReadFile(stamp)
	return fmt.Sprintf("registry %s did not answer %s ago (%s); it is asked again %s after that, or now by `cargo agents sync --update fetch`",
		reg.index, age.Round(time.Second), strings.TrimSpace(string(why)), f.RetryAfter)
}

// giveUp records that reg did not answer: for the rest of this run, and in
// its stamp for later ones.
func (f *Fetcher) giveUp(reg registry, err error) {
	f.mu.Lock()
	if st := f.reached[reg.index]; st != nil && st.failed == "" {
		st.failed = fmt.Sprintf("registry %s did not answer earlier in this run (%v)", reg.index, err)
	}
	f.mu.Unlock()
	if stamp := f.stampFile(reg); stamp != "" {
		if os.MkdirAll(filepath.Dir(stamp), 0o755) == nil {
			os.WriteFile(stamp, []byte(err.Error()+"\n"), 0o644)
		}
	}
}

// answered clears reg's stamp: it answers again.
func (f *Fetcher) answered(reg registry) {
	if stamp := f.stampFile(reg); stamp != "" {
		os.Remove(stamp)
	}
}

// stampFile is where a failure of reg is remembered between runs: a name
// readable from the index URL plus a hash of it; "" without a CacheDir.
func (f *Fetcher) stampFile(reg registry) string {
	if f.CacheDir == "" {
		return ""
	}
	var b strings.Builder
	for _, r := range strings.TrimPrefix(strings.TrimPrefix(reg.index, "https://"), "http://") {
		if b.Len() >= 48 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	sum := sha256.Sum256([]byte(reg.index))
	return filepath.Join(f.CacheDir, "registries", b.String()+"-"+hex.EncodeToString(sum[:4])+".unreachable")
}
