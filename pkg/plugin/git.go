package plugin

// Every git command symposium runs lives in this file. git is the system
// git, so private repositories work with the user's own credentials; tests
// point https://github.com/ at local bare repositories with
// url.<base>.insteadOf in a test GIT_CONFIG_GLOBAL.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/proc"
)

// Update levels (`--update`).
const (
	// UpdateOffline never touches the network: a source not cloned yet is
	// unavailable (the central one falls back to the built-in snapshot).
	// Auto-sync from a hook uses it: the hook path never waits on a remote.
	UpdateOffline = "offline"
	UpdateNone    = "none"  // use the cache; clone only when it is missing
	UpdateCheck   = "check" // also ask the remote whether the cache is behind
	UpdateFetch   = "fetch" // fetch and reset the cache to the remote
	// UpdateAuto is an explicit sync's default: a source with auto-update
	// is fetched when its last check is older than the debounce or a hook
	// marked it due (pkg/syncstate), else used as cached (none).
	UpdateAuto = "auto"
)

// UpdateLevels lists the valid --update values.
var UpdateLevels = []string{UpdateOffline, UpdateNone, UpdateCheck, UpdateFetch} // UpdateAuto is sync's default, not an option

// allowedProtocols are the only git transports a URL from a manifest or the
// config may use, whatever the user's git config allows (protocol.allow =
// always would let ext:: run any command).
const allowedProtocols = "https:http:ssh:git:file"

// checkGitURL refuses what git would take for an option or a transport
// helper: a URL must be https, http, ssh, git or file, scp-like
// (host:path, user@host:path) or an absolute local path.
func checkGitURL(s string) error {
	shown := RedactURL(s)
	switch {
	case strings.HasPrefix(s, "-"):
		return fmt.Errorf("%q: a git URL cannot start with '-'", shown)
	case strings.ContainsAny(s, "\x00\n\r"):
		return fmt.Errorf("%q: control characters in a git URL", shown)
	case strings.Contains(s, "::"):
		return fmt.Errorf("%q: git transport helpers (ext::, fd::, ...) are not allowed; use https, ssh, git or file", shown)
	}
	if scheme, _, ok := strings.Cut(s, "://"); ok {
		switch strings.ToLower(scheme) {
		case "https", "http", "ssh", "git", "file":
			return nil
		}
		return fmt.Errorf("%q: protocol %q is not allowed; use https, http, ssh, git or file", shown, scheme)
	}
	return nil // scp-like or a local path: git's ssh and file transports
}

// GitRef is a repository, an optional ref and an optional subdirectory.
type GitRef struct {
	Repo   string
	Ref    string // "" = the remote's default branch
	Subdir string // "/"-separated, "" = the root
}

// ParseGitURL understands GitHub tree URLs
// (https://github.com/o/r/tree/<ref>/<path>: clone o/r at ref, use path)
// and plain repository URLs. A file:// URL is normalised for this
// system's git (fileURL), or refused when it names no local path here.
func ParseGitURL(s string) (GitRef, error) {
	if strings.TrimSpace(s) == "" {
		return GitRef{}, fmt.Errorf("empty git URL")
	}
	if scheme, _, ok := strings.Cut(s, "://"); ok && strings.EqualFold(scheme, "file") {
		_, repo, err := fileURL(runtime.GOOS, s)
		return GitRef{Repo: repo}, err
	}
	u, err := url.Parse(s)
	if err == nil && (u.Host == "github.com" || u.Host == "www.github.com") {
		parts := strings.Split(strings.Trim(u.Path, "/"), "/")
		if len(parts) >= 2 {
			repo := "https://github.com/" + parts[0] + "/" + strings.TrimSuffix(parts[1], ".git")
			if len(parts) == 2 {
				return GitRef{Repo: repo}, nil
			}
			if parts[2] == "tree" && len(parts) >= 4 {
				return GitRef{Repo: repo, Ref: parts[3], Subdir: strings.Join(parts[4:], "/")}, nil
			}
			return GitRef{}, fmt.Errorf("%q: a GitHub URL must name a repository or a tree (https://github.com/OWNER/REPO/tree/REF/PATH)", RedactURL(s))
		}
		return GitRef{}, fmt.Errorf("%q does not name a GitHub repository", RedactURL(s))
	}
	return GitRef{Repo: s}, nil
}

// cacheName is a safe directory name for a clone.
func cacheName(repo, ref string) string {
	s := strings.TrimPrefix(strings.TrimPrefix(repo, "https://"), "http://")
	s = strings.TrimPrefix(s, "file://")
	if ref != "" {
		s += "@" + ref
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == '@':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return strings.Trim(b.String(), "._")
}

// gitTimeout bounds one git command so an unreachable host cannot hang a
// sync (a variable for tests).
var gitTimeout = 2 * time.Minute

func git(ctx context.Context, dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_ASKPASS=", "SSH_ASKPASS=", "GCM_INTERACTIVE=never",
		"GIT_ALLOW_PROTOCOL="+allowedProtocols)
	// git's helpers (ssh, credential helpers, remote-https) may outlive a
	// killed git and hold its stderr open: kill the whole group, and stop
	// waiting for the pipes soon after.
	proc.OwnGroup(cmd)
	cmd.WaitDelay = time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := proc.Run(cmd); err != nil {
		// git hides a URL's password in most of its messages, not all.
		msg := redactIn(gitMessage(errb.String()), args...)
		return "", fmt.Errorf("git %s: %v: %s", args[0], err, msg)
	}
	return strings.TrimSpace(out.String()), nil
}

// Checkout is the state of a cached clone.
type Checkout struct {
	Dir      string   // the clone
	Inputs   []string // files whose stat changes when the clone moves (.git/HEAD, the ref file)
	Warnings []string
	Fetched  bool // the network was used successfully
	// Level is the update level applied: UpdateAuto resolves to fetch
	// (the source was due) or none.
	Level string
}

// syncClone makes sure dir holds a clone of ref.Repo at ref.Ref, applying
// the update level. An existing clone is used when the network fails
// (with a warning); without one, the error is returned.
func syncClone(ctx context.Context, ref GitRef, dir, level string) (*Checkout, error) {
	return syncSource(ctx, ref, dir, level, debounce{})
}

// debounce is an auto-update source's check stamp ("<clone>.checked") and
// the interval after which it is due; the zero value is a source without
// auto-update.
type debounce struct {
	stamp    string
	interval time.Duration
}

// lockGrace is how long an auto-update sync waits for a clone another
// process holds before it uses the clone as it is (a variable for tests).
var lockGrace = 3 * time.Second

// syncSource is syncClone for a configured source: with UpdateAuto, whether
// it is due is decided under the clone's lock from the stamp the last
// fetch wrote (several syncs after the interval fetch once between them),
// and a sync that finds the clone locked beyond lockGrace (another process
// fetching, perhaps from a remote that hangs for the whole git timeout)
// uses the clone it has, with a note. Without a clone it waits.
func syncSource(ctx context.Context, ref GitRef, dir, level string, db debounce) (*Checkout, error) {
	if level == UpdateAuto && db.stamp == "" {
		level = UpdateNone // a group clone, or a source without auto-update
	}
	co := &Checkout{Dir: dir, Level: level}
	if level == UpdateOffline {
		if !isCloned(dir) {
			return nil, errNotCloned
		}
		co.Inputs = gitInputs(dir)
		return co, nil
	}
	if err := checkGitURL(ref.Repo); err != nil {
		return nil, err
	}
	// One process at a time per clone: several agent sessions starting at
	// once would otherwise replace each other's clone while it is read.
	// The one that waited uses the clone the first one made.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, err
	}
	grace := time.Duration(-1) // wait as long as it takes
	if level == UpdateAuto && isCloned(dir) {
		grace = lockGrace
	}
	unlock, err := lockWithin(dir+".lock", grace)
	if err != nil {
		return nil, err
	}
	if unlock == nil {
		co.Level = UpdateNone
		co.Warnings = append(co.Warnings, fmt.Sprintf("%s: being updated by another process; using the cached copy", RedactURL(ref.Repo)))
		co.Inputs = gitInputs(dir)
		return co, nil
	}
	defer unlock()
	if level == UpdateAuto {
		level = UpdateNone
		if hookrecord.Due(db.stamp, db.interval, time.Now()) {
			level = UpdateFetch
		}
	}
	co.Level = level
	err = updateLocked(ctx, ref, dir, level, co)
	if db.stamp != "" && (level == UpdateCheck || level == UpdateFetch) {
		// Asked, answered or not: an unreachable remote is asked again
		// after the interval, not on every sync. Stamped under the lock,
		// so a sync that waited for it sees this check.
		hookrecord.Checked(db.stamp, time.Now())
	}
	if err != nil {
		return nil, err
	}
	co.Inputs = gitInputs(dir)
	return co, nil
}

func isCloned(dir string) bool { _, err := os.Stat(filepath.Join(dir, ".git")); return err == nil }

// updateLocked clones or updates dir at level; the caller holds its lock.
func updateLocked(ctx context.Context, ref GitRef, dir, level string, co *Checkout) error {
	atomicfile.SweepDirs(dir, 0) // under the lock, every temp clone is a dead one's
	sweepLegacyClones(filepath.Dir(dir))
	if !isCloned(dir) {
		if err := clone(ctx, ref, dir); err != nil {
			return err
		}
		co.Fetched = true
		return nil
	}
	switch level {
	case UpdateCheck:
		behind, err := isBehind(ctx, ref, dir)
		switch {
		case err != nil:
			co.Warnings = append(co.Warnings, fmt.Sprintf("%s: cannot check for updates (%v); using the cached copy", RedactURL(ref.Repo), err))
		case behind:
			co.Warnings = append(co.Warnings, fmt.Sprintf("%s: the cached copy is behind the remote; run `cargo agents plugin sync` or pass --update fetch", RedactURL(ref.Repo)))
		}
	case UpdateFetch:
		if err := fetch(ctx, ref, dir); err != nil {
			co.Warnings = append(co.Warnings, fmt.Sprintf("%s: fetch failed (%v); using the cached copy", RedactURL(ref.Repo), err))
		} else {
			co.Fetched = true
		}
	}
	return nil
}

// lockWithin takes the lock file at path. With grace >= 0 it gives up
// after grace and returns a nil unlock; the lock, if it comes later, is
// then released at once. lockedfile has no try-lock, so the wait runs in
// a goroutine.
func lockWithin(path string, grace time.Duration) (unlock func(), err error) {
	mu := lockedfile.MutexAt(path)
	if grace < 0 {
		return mu.Lock()
	}
	type result struct {
		unlock func()
		err    error
	}
	got := make(chan result, 1)
	go func() {
		u, err := mu.Lock()
		got <- result{u, err}
	}()
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case r := <-got:
		return r.unlock, r.err
	case <-timer.C:
		go func() {
			if r := <-got; r.unlock != nil {
				r.unlock()
			}
		}()
		return nil, nil
	}
}

// sweepLegacyClones removes the temp clones (".clone-*") that versions
// before the per-source lock left when killed, once no clone can still be
// running in them.
func sweepLegacyClones(cache string) {
	entries, _ := os.ReadDir(cache)
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), ".clone-") {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > cloneTimeout {
			os.RemoveAll(filepath.Join(cache, e.Name()))
		}
	}
}

// cloneTimeout bounds one clone.
const cloneTimeout = 2 * time.Minute

// errNotCloned is an offline sync's answer for a git source it has no clone
// of yet.
var errNotCloned = errors.New("not cloned yet, and this sync may not use the network (a hook's auto-sync): run `cargo agents sync` to clone it")

func clone(ctx context.Context, ref GitRef, dir string) error {
	ctx, cancel := context.WithTimeout(ctx, cloneTimeout)
	defer cancel()
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	tmp, err := atomicfile.TempDir(dir)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	args := []string{"clone", "--quiet", "--depth", "1"}
	if ref.Ref != "" {
		args = append(args, "--branch", ref.Ref)
	}
	args = append(args, "--", ref.Repo, tmp)
	if _, err := git(ctx, "", args...); err != nil {
		return err
	}
	os.RemoveAll(dir) // a half-made directory without .git
	return atomicfile.ReplaceDir(tmp, dir)
}

func remoteRef(ref GitRef) string {
	if ref.Ref == "" {
		return "HEAD"
	}
	return ref.Ref
}

func isBehind(ctx context.Context, ref GitRef, dir string) (bool, error) {
	out, err := git(ctx, dir, "ls-remote", "--", ref.Repo, remoteRef(ref))
	if err != nil {
		return false, err
	}
	if out == "" {
		return false, fmt.Errorf("the remote has no ref %s", remoteRef(ref))
	}
	remote := strings.Fields(out)[0]
	local, err := git(ctx, dir, "rev-parse", "HEAD")
	if err != nil {
		return false, err
	}
	return remote != local, nil
}

func fetch(ctx context.Context, ref GitRef, dir string) error {
	if _, err := git(ctx, dir, "fetch", "--quiet", "--depth", "1", "--", ref.Repo, remoteRef(ref)); err != nil {
		return err
	}
	_, err := git(ctx, dir, "reset", "--quiet", "--hard", "FETCH_HEAD")
	return err
}

// gitInputs are the files whose size or mtime change when the checkout
// moves: .git/HEAD and, when HEAD is symbolic, the ref file it names.
func gitInputs(dir string) []string {
	head := filepath.Join(dir, ".git", "HEAD")
	in := []string{head}
	data, err := os.ReadFile(head)
	if err == nil {
		if r, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "ref: "); ok {
			in = append(in, filepath.Join(dir, ".git", filepath.FromSlash(r)))
		}
	}
	return in
}

// gitMessage picks git's "fatal:" line (its last line is often advice).
func gitMessage(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "fatal: ") {
			return strings.TrimPrefix(l, "fatal: ")
		}
	}
	return lines[len(lines)-1]
}
