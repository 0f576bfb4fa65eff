// Package updatestate reads what the last update check found: the
// `state.toml` file in the symposium home (upstream's name and keys), and
// compares release versions. It is light on purpose: the hook reads it at
// session start to nudge about an update without touching the network,
// so it links no HTTP client and writes nothing (pkg/selfupdate writes).
package updatestate

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// CheckInterval is how long a check's answer stands: auto-update asks the
// release feed at most once per interval (upstream: 24 hours).
const CheckInterval = 24 * time.Hour

// State is state.toml.
type State struct {
	// Version is the version of the binary that wrote the file.
	Version string `toml:"version,omitempty"`
	// LastCheck is when the release feed was last asked.
	LastCheck time.Time `toml:"last-update-check,omitempty"`
	// Latest is the newest release that check found (ours; upstream
	// asks again instead).
	Latest string `toml:"latest-version,omitempty"`
}

// Path is state.toml in the symposium home (config.Dirs.Config).
func Path(home string) string { return filepath.Join(home, "state.toml") }

// Read returns the recorded state; a missing or unreadable file is the
// zero State (never checked), as nothing depends on it but a nudge.
func Read(home string) State {
	var s State
	data, err := os.ReadFile(Path(home))
	if err == nil {
		_ = toml.Unmarshal(data, &s)
	}
	return s
}

// Encode renders s as state.toml.
func Encode(s State) []byte {
	var b bytes.Buffer
	b.WriteString("# Written by cargo agents (update checks); safe to delete.\n")
	enc := toml.NewEncoder(&b)
	_ = enc.Encode(s) // a flat struct of strings and a time: cannot fail
	return b.Bytes()
}

// Due reports whether the last check is older than CheckInterval (or
// lies in the future: a clock set back must not stop checks for good).
func (s State) Due(now time.Time) bool {
	age := now.Sub(s.LastCheck)
	return age >= CheckInterval || age < 0
}

// Nudge is the one line for a session's context when the last check found
// a release newer than current, else "".
func (s State) Nudge(current string) string {
	if s.Latest == "" || !Newer(s.Latest, current) {
		return ""
	}
	return "symposium " + s.Latest + " is available (this is " + current + "): ask the user to run `cargo agents self-update`."
}

// Newer reports whether release version a is newer than b. Versions are
// semver (an optional "v", MAJOR.MINOR.PATCH, an optional -prerelease,
// which sorts before its release); anything else is never newer, so a
// malformed feed cannot trigger an update.
func Newer(a, b string) bool {
	va, oka := parse(a)
	vb, okb := parse(b)
	if !oka || !okb {
		return false
	}
	for i := range 3 {
		if va.num[i] != vb.num[i] {
			return va.num[i] > vb.num[i]
		}
	}
	return comparePre(va.pre, vb.pre) > 0
}

// Valid reports whether v is a version Newer understands.
func Valid(v string) bool {
	_, ok := parse(v)
	return ok
}

type version struct {
	num [3]uint64
	pre string
}

func parse(v string) (version, bool) {
	v = strings.TrimPrefix(v, "v")
	v, _, _ = strings.Cut(v, "+") // build metadata does not order
	core, pre, _ := strings.Cut(v, "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return version{}, false
	}
	var out version
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return version{}, false
		}
		out.num[i] = n
	}
	out.pre = pre
	return out, true
}

// comparePre orders prereleases as semver does: none sorts last; dot
// separated identifiers compare numerically when both are numbers.
func comparePre(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	case b == "":
		return -1
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		na, errA := strconv.ParseUint(as[i], 10, 64)
		nb, errB := strconv.ParseUint(bs[i], 10, 64)
		switch {
		case errA == nil && errB == nil:
			if na > nb {
				return 1
			}
			return -1
		case errA == nil:
			return -1 // numeric identifiers sort before alphanumeric
		case errB == nil:
			return 1
		case as[i] > bs[i]:
			return 1
		default:
			return -1
		}
	}
	return len(as) - len(bs)
}
