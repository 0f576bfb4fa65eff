// Package cratefetch gets a crate's source directory, for reading what a
// crate embeds for agents (its SYMPOSIUM.toml, [package.metadata.symposium],
// a skills/ directory) and for `cargo agents crate-info` (issue #14).
//
// Fetcher.Source looks, in order, at:
//
//  1. a path dependency's own directory;
//  2. for a git dependency (Cargo.lock source "git+URL[?…]#<commit>"),
//     only cargo's checkout of the locked commit,
//     $CARGO_HOME/git/checkouts/<repo>-<hash>/<short-commit>/, when cargo
//     finished it (.cargo-ok) and its .git names that commit; the package
//     is the Cargo.toml of that name and version at the root or a few
//     directories down (a workspace member). Git is never run: without
//     that checkout the source is unavailable until `cargo fetch`;
//  3. cargo's unpacked sources, $CARGO_HOME/registry/src/*/<name>-<version>;
//  4. crates this package unpacked before, CacheDir/crates/<name>-<version>;
//  5. cargo's downloaded archives, $CARGO_HOME/registry/cache/*/<name>-<version>.crate,
//     unpacked into CacheDir after checking the Cargo.lock checksum;
//  6. where cargo would get it: crates.io, or what replaces it in cargo's
//     config (the workspace's .cargo/config.toml and its parents', then
//     $CARGO_HOME's): a sparse registry, whose .crate is downloaded through
//     its config.json "dl" template, or a `cargo vendor` directory or a
//     local registry. An archive is checked against the Cargo.lock checksum
//     (or the index's, when the lock has none) and unpacked into CacheDir.
//
// Only a download touches the network, so a workspace that `cargo fetch`
// (or `cargo vendor`) has seen works offline. When a source cannot be had
// (offline, the registry unreachable, nothing cached), the error is an
// *UnavailableError: a warning for the caller, naming the crate and
// `cargo fetch` as the fix.
// When what was found must not be used (a checksum mismatch, an archive
// that would write outside its directory or is oversized), the error is a
// *RefusedError and nothing is left behind.
//
// Names and versions come from manifests the user did not necessarily
// write (a freshly cloned repository), so both are validated before they
// become part of a path or a URL (a git source's commit must be 40 hex
// digits and its repository name plain), no symlink in cargo's
// directories is followed, and unpacking goes through an os.Root so
// no entry can land outside the crate's directory.
package cratefetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/semver"
	"github.com/symposium-dev/symposium-go/pkg/untar"
)

// Defaults for the Fetcher's limits. crates.io refuses uploads over 10 MiB
// compressed; the caps leave room for other registries while still
// stopping a decompression bomb. The unpacking caps are pkg/untar's, which
// applies them when the Fetcher's are 0.
const (
	DefaultMaxArchive = 50 << 20                // bytes of one .crate file
	DefaultMaxEntry   = untar.DefaultMaxEntry   // bytes of one unpacked file
	DefaultMaxTotal   = untar.DefaultMaxTotal   // bytes of all unpacked files of a crate
	DefaultMaxFiles   = untar.DefaultMaxEntries // entries of one archive
	DefaultTimeout    = 10 * time.Second
)

// CratesIOIndex is the sparse index cargo uses for crates.io.
const CratesIOIndex = "sparse+https://index.crates.io/"

// Crate names one package version as Cargo.lock records it.
type Crate struct {
	Name    string
	Version string
	// Checksum is Cargo.lock's sha256 of the .crate file, in hex. When it
	// is empty a download is checked against the index's checksum instead.
	Checksum string
	// Source is Cargo.lock's source, e.g.
	// "registry+https://github.com/rust-lang/crates.io-index"; "" means
	// crates.io.
	Source string
	// PathDir is a path dependency's directory; when set it is the answer.
	PathDir string
}

func (c Crate) String() string {
	if c.Version == "" {
		return "crate " + c.Name
	}
	return "crate " + c.Name + " " + c.Version
}

// Fetcher gets crate sources. The zero value works: it reads no cargo
// cache (no CargoHome) and cannot unpack anything, having no CacheDir.
type Fetcher struct {
	CargoHome string // $CARGO_HOME, else ~/.cargo, as the caller found it
	CacheDir  string // unpacked crates go in CacheDir/crates/
	Offline   bool   // never use the network
	// WorkDir is the workspace's directory: its .cargo/config.toml and its
	// parents' count, as for cargo run there. "" reads only $CARGO_HOME's.
	WorkDir string
	// CratesIO is crates.io's sparse index URL, "sparse+" optional; ""
	// means CratesIOIndex. Source replacement in cargo's config applies
	// first, as in cargo.
	CratesIO string

	HTTP *http.Client // nil means a client with DefaultTimeout

	// RegistryTime bounds all of this Fetcher's requests to one registry,
	// from the first; 0 means DefaultRegistryTime. A registry that gives
	// no answer is not asked again by this Fetcher.
	RegistryTime time.Duration
	// RetryAfter is how long a registry that gave no answer is left alone
	// by later Fetchers with the same CacheDir; 0 asks it every time.
	RetryAfter time.Duration

	// Limits; 0 means the Default* constant.
	MaxArchive, MaxEntry, MaxTotal int64
	MaxFiles                       int

	// Warn receives notes that do not stop the crate from being used (a
	// symlink that was left out). nil drops them.
	Warn func(msg string)

	mu      sync.Mutex
	configs map[string]indexConfig // config.json per index URL
	gitPkgs map[string][]gitPkg    // packages per git checkout directory
	reached map[string]*reach      // per index URL: its deadline, and whether it was given up on

	srcIdx    []string // cargo's registry/src index directories (srcIndexes), under mu
	listedSrc bool
	unpacked  map[string]bool // names of the real directories in CacheDir/crates (unpackedNames), under mu; nil until listed
}

// New returns the Fetcher the commands use: unpacking into
// cacheDir/crates/ ("" unpacks nothing), reading cargo's config as cargo
// run in workDir would, never using the network when offline, with cargo's
// home cargoHome and crates.io's index at cratesIO ("" is the real one).
// The caller reads both from the environment (pkg/cli).
func New(cacheDir, workDir string, offline bool, cargoHome, cratesIO string) *Fetcher {
	return &Fetcher{CacheDir: cacheDir, WorkDir: workDir, Offline: offline, CargoHome: cargoHome, CratesIO: cratesIO}
}

// ErrUnavailable and ErrRefused let callers use errors.Is on the two kinds
// of failure.
var (
	ErrUnavailable = errors.New("crate source not available")
	ErrRefused     = errors.New("crate source refused")
)

// UnavailableError says a crate's source could not be had: offline, the
// registry unreachable or without it, or nothing cached. Callers warn and
// carry on without it.
type UnavailableError struct {
	Crate  Crate
	Reason string
	Err    error // the cause, if any
	// Absent says the registry answered: it has no such crate, or no
	// version that qualifies. Not a passing failure, unlike the others
	// (offline, unreachable, nothing cached).
	Absent bool
}

func (e *UnavailableError) Error() string {
	why := e.Reason
	if e.Err != nil {
		if why != "" {
			why += ": "
		}
		why += e.Err.Error()
	}
	return fmt.Sprintf("%s: source not available (%s); run `cargo fetch` to download it", e.Crate, why)
}

func (e *UnavailableError) Unwrap() error        { return e.Err }
func (e *UnavailableError) Is(target error) bool { return target == ErrUnavailable }

// RefusedError says what was found for a crate must not be used: a
// checksum mismatch, a hostile or oversized archive, a name that cannot be
// a crate's.
type RefusedError struct {
	Crate  Crate
	From   string // the file or URL the bad data came from; "" for bad input
	Reason string
	Fix    string // what the user can do
}

func (e *RefusedError) Error() string {
	msg := e.Crate.String() + ": refused"
	if e.From != "" {
		msg += " " + e.From
	}
	msg += ": " + e.Reason
	if e.Fix != "" {
		msg += "; " + e.Fix
	}
	return msg
}

func (e *RefusedError) Is(target error) bool { return target == ErrRefused }

// Source returns a directory holding the crate's unpacked source (its
// Cargo.toml at the top), trying the places listed in the package comment
// in order. Directories from cargo's registry and git checkouts and path
// dependencies are returned as they are: callers must not write into them.
func (f *Fetcher) Source(ctx context.Context, c Crate) (string, error) {
	if c.PathDir != "" {
		return pathSource(c)
	}
	if err := validate(c); err != nil {
		return "", err
	}
	if IsGit(c.Source) {
		return f.gitSource(c)
	}
	home := f.cargoHome()
	if dir := cargoSrc(home, c); dir != "" {
		return dir, nil
	}
	if dir := f.cached(c); dir != "" {
		return dir, nil
	}
	// A cached archive that fails its checksum may come from another
	// registry's cache under the same name; the configured registry may
	// still have the right one. Its refusal is reported only if nothing
	// better turns up.
	var cacheErr error
	for _, file := range cargoCache(home, c) {
		data, err := f.readArchive(c, file)
		if err != nil {
			cacheErr = err
			continue
		}
		if err := checkSum(c, file, data, c.Checksum); err != nil {
			cacheErr = err
			continue
		}
		return f.unpack(c, file, data)
	}
	dir, err := f.download(ctx, c)
	if err != nil && cacheErr != nil && errors.Is(err, ErrUnavailable) {
		return "", cacheErr
	}
	return dir, err
}

// IsGit reports whether source, a Cargo.lock source, is a git
// dependency's: only cargo's checkout of its locked commit is its source,
// never a registry's crate of the same name and version.
func IsGit(source string) bool { return strings.HasPrefix(source, "git+") }

func pathSource(c Crate) (string, error) {
	dir, err := filepath.Abs(c.PathDir)
	if err == nil {
		var fi os.FileInfo
		if fi, err = os.Stat(filepath.Join(dir, "Cargo.toml")); err == nil && !fi.Mode().IsRegular() {
			//lint:ignore ST1005 it starts with a file's name
			err = errors.New("Cargo.toml is not a regular file")
		}
	}
	if err != nil {
		return "", &UnavailableError{Crate: c, Reason: "path dependency " + c.PathDir, Err: err}
	}
	return dir, nil
}

// validate keeps names, versions and checksums from a manifest from
// steering a path or URL: only the characters they may have get through.
func validate(c Crate) error {
	bad := func(reason string) error {
		return &RefusedError{Crate: c, Reason: reason, Fix: "check the entry in Cargo.toml or Cargo.lock"}
	}
	if !ValidName(c.Name) {
		return bad(fmt.Sprintf("%q is not a crate name (ASCII letters, digits, '-' and '_', at most 64)", c.Name))
	}
	if !validVersion(c.Version) {
		return bad(fmt.Sprintf("%q is not a semver version", c.Version))
	}
	if c.Checksum != "" && !validChecksum(c.Checksum) {
		return bad(fmt.Sprintf("checksum %q is not 64 hex digits", c.Checksum))
	}
	return nil
}

// ValidName reports whether name is safe to use as a crate name in paths
// and URLs: ASCII letters, digits, '-' and '_', 1 to 64 of them.
func ValidName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// validVersion accepts strict semver (what Cargo.lock holds). Its
// characters are then [0-9A-Za-z.+-] with no empty identifier, so ".."
// cannot occur.
func validVersion(v string) bool {
	if v == "" || len(v) > 128 {
		return false
	}
	_, err := semver.Parse(v)
	return err == nil
}

func validChecksum(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// checkSum refuses data whose sha256 is not want ("" accepts anything).
func checkSum(c Crate, from string, data []byte, want string) error {
	if want == "" {
		return nil
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != want {
		return &RefusedError{Crate: c, From: from,
			Reason: fmt.Sprintf("sha256 %s does not match the expected checksum %s", got, want),
			Fix:    "if Cargo.lock is right, remove the file and run `cargo fetch`; otherwise run `cargo update -p " + c.Name + "`"}
	}
	return nil
}

func (f *Fetcher) cargoHome() string { return f.CargoHome }

func (f *Fetcher) warn(format string, args ...any) {
	if f.Warn != nil {
		f.Warn(fmt.Sprintf(format, args...))
	}
}

// maxArchive is MaxArchive, or DefaultMaxArchive when it is 0.
func (f *Fetcher) maxArchive() int64 {
	if f.MaxArchive <= 0 {
		return DefaultMaxArchive
	}
	return f.MaxArchive
}

// Local returns the crate's source directory when it is already unpacked
// on disk (a path dependency, cargo's git checkout or registry/src, our
// cache), without unpacking an archive or touching the network; ""
// otherwise. It is what
// discovery uses: looking at every dependency must stay cheap.
func (f *Fetcher) Local(c Crate) string {
	if c.PathDir != "" {
		dir, err := pathSource(c)
		if err != nil {
			return ""
		}
		return dir
	}
	if validate(c) != nil {
		return ""
	}
	if IsGit(c.Source) {
		dir, _ := f.gitSource(c)
		return dir
	}
	if dir := cargoSrcIn(f.srcIndexes(), c); dir != "" {
		return dir
	}
	if !f.hasUnpacked(c) {
		return ""
	}
	return f.cached(c)
}

// hasUnpacked reports whether CacheDir/crates lists the crate's directory
// (see unpackedNames). Local asks it before cached: it was an lstat per
// dependency (400 a sync in the bench's workspace, most of them of crates
// never unpacked), now one directory read per Fetcher.
func (f *Fetcher) hasUnpacked(c Crate) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.unpackedNames()[dirName(c)]
}

// unpackedNames lists CacheDir/crates once per Fetcher (f.mu held). It
// holds the real directories only (a symlink there is not ours, as in
// cached), and what this Fetcher unpacks itself is added (unpack); another
// process's unpack after the listing is seen by the next Fetcher, as
// cargo's new index directories are (srcIndexes).
func (f *Fetcher) unpackedNames() map[string]bool {
	if f.unpacked == nil {
		f.unpacked = map[string]bool{}
		if f.CacheDir != "" {
			entries, _ := os.ReadDir(filepath.Join(f.CacheDir, "crates"))
			for _, e := range entries {
				if e.Type().IsDir() {
					f.unpacked[e.Name()] = true
				}
			}
		}
	}
	return f.unpacked
}

// addUnpacked notes a crate this Fetcher unpacked, when the listing was
// taken already.
func (f *Fetcher) addUnpacked(c Crate) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.unpacked != nil {
		f.unpacked[dirName(c)] = true
	}
}

// srcIndexes lists cargo's registry/src index directories once per
// Fetcher: Local is asked for every dependency of the workspace (sym-match
// asks for hundreds), and only cargo adds an index directory.
func (f *Fetcher) srcIndexes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.listedSrc {
		if home := f.cargoHome(); home != "" {
			f.srcIdx = realDirs(filepath.Join(home, "registry", "src"))
		}
		f.listedSrc = true
	}
	return f.srcIdx
}
