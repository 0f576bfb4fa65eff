// Package acquire acquires what plugin hooks run ([[installations]]):
// `cargo install --root` into symposium's cache, or a GitHub download
// verified by its sha256. sym-install calls it at sync; the hook path never
// imports it (pkg/dispatch only checks that an installation's directory
// exists), so a hook call never builds, downloads or waits.
//
// Each installation is made in a temp directory beside its final one and
// renamed into place only when complete, so the directory existing means
// "installed", a killed install leaves nothing a hook could run half made,
// and nothing is written outside the cache.
package acquire

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/proc"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Limits: a download or build that goes beyond them fails, and the sync
// goes on with a warning.
var (
	CargoTimeout    = 20 * time.Minute
	DownloadTimeout = 5 * time.Minute
	MaxDownload     = int64(512 << 20)
	// An archive unpacking to more (all files together), or with more
	// entries, is refused: a 512 MiB download could otherwise fill the
	// disk.
	MaxUnpacked        = int64(4 << 30)
	MaxUnpackedEntries = 1 << 20
)

// Options are what the installs of one sync share.
type Options struct {
	// Progress gets a line when an install starts, and one per install
	// command run.
	Progress io.Writer
	// Digests is the file (under the symposium home) that records the
	// sha256 of each download whose installation names none: trust on
	// first use. "" refuses such a download instead.
	Digests string
	// Accept names downloads (by URL or installation name) whose recorded
	// digest may be replaced by the next download's (`cargo agents sync
	// --accept-digest`).
	Accept []string
	// Log records what must be findable later (each install command
	// run, each digest trusted on first use); nil records nothing.
	Log func(format string, args ...any)
	// GitHubURL replaces https://github.com, where github installations
	// are downloaded from, and BinaryURL the scheme and host of a binary
	// installation's url ("": the real ones). Tests serve 127.0.0.1; the
	// caller reads them from the environment (pkg/cli).
	GitHubURL, BinaryURL string
}

func (o Options) log(format string, args ...any) {
	if o.Log != nil {
		o.Log(format, args...)
	}
}

// Installed reports whether in is complete.
func Installed(in stream.Installation) bool {
	fi, err := os.Stat(in.Dir)
	return err == nil && fi.IsDir()
}

// InstallWith acquires in into in.Dir unless it is there already (then
// it returns false). opts.Progress gets a line when it starts. A download
// with no sha256 is refused unless opts trusts it on first use.
func InstallWith(ctx context.Context, in stream.Installation, cache string, opts Options) (bool, error) {
	if opts.Progress == nil {
		opts.Progress = io.Discard
	}
	if Installed(in) {
		return false, nil
	}
	// in.Dir comes from the match stream: it must be one of ours.
	root := InstallCache(cache)
	if filepath.Dir(in.Dir) != root || !strings.HasPrefix(filepath.Base(in.Dir), InstallKind(in.Source)+"-") {
		return false, fmt.Errorf("installation directory %s is not in %s", in.Dir, root)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return false, err
	}
	// Two syncs at once (two agent sessions) build it once.
	unlock, err := lockedfile.MutexAt(in.Dir + ".lock").Lock()
	if err != nil {
		return false, err
	}
	defer unlock()
	if Installed(in) {
		return false, nil
	}
	atomicfile.SweepDirs(in.Dir, 0) // under the lock, every temp dir is a dead one's
	tmp, err := atomicfile.TempDir(in.Dir)
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	pin, err := acquire(ctx, in, tmp, opts)
	if err != nil {
		return false, err
	}
	if err := runCommands(ctx, in, tmp, opts); err != nil {
		return false, err
	}
	for _, f := range in.Files {
		if _, err := os.Stat(filepath.Join(tmp, filepath.FromSlash(f))); err != nil {
			return false, fmt.Errorf("installed, but it has no %s", f)
		}
	}
	if err := atomicfile.ReplaceDir(tmp, in.Dir); err != nil {
		return false, err
	}
	if pin != nil {
		// Recorded only once installed: a download that failed to
		// unpack is not one the user has come to trust.
		return true, pin()
	}
	return true, nil
}

// acquire runs in's source step into dir. pin, when not nil, records a
// trusted-on-first-use digest.
func acquire(ctx context.Context, in stream.Installation, dir string, opts Options) (pin func() error, err error) {
	switch in.Source {
	case "cargo":
		fmt.Fprintf(opts.Progress, "installing %s: %s\n", in.Name, describeCargo(in))
		if in.Global {
			// Into cargo's own bin directory (upstream global = true);
			// dir only marks it done.
			return nil, cargoInstall(ctx, in, "", dir)
		}
		return nil, cargoInstall(ctx, in, dir, dir)
	case "github", "binary":
		fmt.Fprintf(opts.Progress, "installing %s: downloading %s\n", in.Name, in.URL)
		return download(ctx, in, dir, opts)
	case "":
		return nil, nil // install_commands only
	}
	return nil, fmt.Errorf("unknown installation source %q", in.Source)
}

func describeCargo(in stream.Installation) string {
	if in.Global {
		in.Global = false
		return describeCargo(in) + " (global: into cargo's own bin directory)"
	}
	switch {
	case in.Path != "":
		return "cargo install --path " + in.Path
	case in.Git != "":
		return "cargo install --git " + in.Git + " " + in.Crate
	case in.Version != "":
		return "cargo install " + in.Crate + " --version " + in.Version
	}
	return "cargo install " + in.Crate
}

// cargoInstall runs cargo with an argument list (never a shell line); the
// manifest checked every value, and they are checked again here since the
// stream may be edited by hand.
func cargoInstall(ctx context.Context, in stream.Installation, root, workDir string) error {
	args := []string{"install"}
	if root != "" {
		args = append(args, "--root", root)
	}
	if in.Version != "" {
		if strings.HasPrefix(in.Version, "-") {
			return fmt.Errorf("version %q is not a version", in.Version)
		}
		args = append(args, "--version", in.Version)
	}
	switch {
	case in.Path != "":
		if !filepath.IsAbs(in.Path) {
			return fmt.Errorf("crate path %q is not absolute", in.Path)
		}
		args = append(args, "--path", in.Path)
	case in.Git != "":
		if strings.HasPrefix(in.Git, "-") || strings.Contains(in.Git, "::") {
			return fmt.Errorf("git URL %q is not allowed", in.Git)
		}
		args = append(args, "--git", in.Git)
	}
	if in.Crate != "" && in.Path == "" {
		if strings.HasPrefix(in.Crate, "-") {
			return fmt.Errorf("crate %q is not a crate name", in.Crate)
		}
		args = append(args, in.Crate)
	}
	ctx, cancel := context.WithTimeout(ctx, CargoTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "cargo", args...)
	proc.OwnGroup(cmd) // a timeout takes cargo's rustc and build scripts with it
	cmd.Dir = workDir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = time.Second
	if err := proc.Run(cmd); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("cargo install did not finish within %s", CargoTimeout)
		}
		return fmt.Errorf("cargo install failed (%v): %s", err, cargoError(out.String()))
	}
	return nil
}

// cargoError keeps cargo's error lines (its progress is noise here).
func cargoError(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "error") {
			keep = append(keep, t)
		}
	}
	if len(keep) == 0 {
		lines := strings.Split(strings.TrimSpace(out), "\n")
		keep = lines[max(0, len(lines)-3):]
	}
	if len(keep) > 5 {
		keep = keep[:5]
	}
	return strings.Join(keep, "; ")
}

// DownloadURL is where a github installation's bits come from: the
// repository archive of its ref (HEAD by default), or a release asset, on
// github or at base (Options.GitHubURL).
func DownloadURL(raw, base string) (string, GitHubURL, error) {
	g, err := ParseGitHubURL(raw)
	if err != nil {
		return "", g, err
	}
	base = strings.TrimRight(base, "/")
	if base == "" {
		base = "https://github.com"
	}
	esc := url.PathEscape
	if g.Asset != "" {
		return fmt.Sprintf("%s/%s/%s/releases/download/%s/%s", base, esc(g.Owner), esc(g.Repo), esc(g.Tag), esc(g.Asset)), g, nil
	}
	ref := g.Ref
	if ref == "" {
		ref = "HEAD"
	}
	return fmt.Sprintf("%s/%s/%s/archive/%s.tar.gz", base, esc(g.Owner), esc(g.Repo), esc(ref)), g, nil
}
