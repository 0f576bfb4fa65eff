package plugin

// Every git command symposium runs lives in this file. git is the system
// git, so private repositories work with the user's own credentials; tests
// point https://github.com/ at local bare repositories with
// url.<base>.insteadOf in a test GIT_CONFIG_GLOBAL.

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
)

// Update levels (`--update`).
const (
	UpdateNone  = "none"  // use the cache; clone only when it is missing
	UpdateCheck = "check" // also ask the remote whether the cache is behind
	UpdateFetch = "fetch" // fetch and reset the cache to the remote
)

// GitRef is a repository, an optional ref and an optional subdirectory.
type GitRef struct {
	Repo   string
	Ref    string // "" = the remote's default branch
	Subdir string // "/"-separated, "" = the root
}

// ParseGitURL understands GitHub tree URLs
// (https://github.com/o/r/tree/<ref>/<path>: clone o/r at ref, use path)
// and plain repository URLs.
func ParseGitURL(s string) (GitRef, error) {
	if strings.TrimSpace(s) == "" {
		return GitRef{}, fmt.Errorf("empty git URL")
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
			return GitRef{}, fmt.Errorf("%q: a GitHub URL must name a repository or a tree (https://github.com/OWNER/REPO/tree/REF/PATH)", s)
		}
		return GitRef{}, fmt.Errorf("%q does not name a GitHub repository", s)
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

// gitTimeout bounds one git command so an unreachable host cannot hang a sync.
const gitTimeout = 2 * time.Minute

func git(ctx context.Context, dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_ASKPASS=", "SSH_ASKPASS=", "GCM_INTERACTIVE=never")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := gitMessage(errb.String())
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
}

// syncClone makes sure dir holds a clone of ref.Repo at ref.Ref, applying
// the update level. An existing clone is used when the network fails
// (with a warning); without one, the error is returned.
func syncClone(ctx context.Context, ref GitRef, dir, level string) (*Checkout, error) {
	co := &Checkout{Dir: dir}
	_, statErr := os.Stat(filepath.Join(dir, ".git"))
	cached := statErr == nil
	if !cached {
		// After a failed clone, syncs that did not ask for the network
		// (every auto-sync from a hook) do not retry for a while: on a
		// network that hangs instead of refusing, each try would stall the
		// agent.
		marker := dir + ".unreachable"
		if level == UpdateNone {
			if fi, err := os.Stat(marker); err == nil && time.Since(fi.ModTime()) < cloneRetryAfter {
				return nil, fmt.Errorf("the last clone failed %s ago; not retrying until %s have passed (run `cargo agents plugin sync` to retry now)",
					time.Since(fi.ModTime()).Round(time.Second), cloneRetryAfter)
			}
		}
		if err := clone(ctx, ref, dir); err != nil {
			if werr := os.WriteFile(marker, []byte(err.Error()+"\n"), 0o644); werr == nil {
				now := time.Now()
				os.Chtimes(marker, now, now)
			}
			return nil, err
		}
		os.Remove(marker)
		co.Fetched = true
	} else {
		switch level {
		case UpdateCheck:
			behind, err := isBehind(ctx, ref, dir)
			switch {
			case err != nil:
				co.Warnings = append(co.Warnings, fmt.Sprintf("%s: cannot check for updates (%v); using the cached copy", ref.Repo, err))
			case behind:
				co.Warnings = append(co.Warnings, fmt.Sprintf("%s: the cached copy is behind the remote; run `cargo agents plugin sync` or pass --update fetch", ref.Repo))
			}
		case UpdateFetch:
			if err := fetch(ctx, ref, dir); err != nil {
				co.Warnings = append(co.Warnings, fmt.Sprintf("%s: fetch failed (%v); using the cached copy", ref.Repo, err))
			} else {
				co.Fetched = true
			}
		}
	}
	co.Inputs = gitInputs(dir)
	return co, nil
}

// cloneRetryAfter is how long a failed clone is not retried by syncs that
// did not ask for the network; cloneTimeout bounds one clone.
const (
	cloneRetryAfter = 10 * time.Minute
	cloneTimeout    = 2 * time.Minute
)

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
