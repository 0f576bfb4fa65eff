package selfupdate

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/updatestate"
)

// Options is one update: what runs now, where, and where to look.
type Options struct {
	Feed    Feed
	Current string // the running version (buildinfo.Version)
	// Release: the running binaries are a release build (cli.IsRelease);
	// a build from source is not replaced.
	Release bool
	// Exe is the running executable; the binaries beside it (after
	// resolving links) are the ones replaced.
	Exe          string
	Home         string // the symposium home, for state.toml
	GOOS, GOARCH string
	Now          func() time.Time
}

// Result says what Update did.
type Result struct {
	From, To string // To: the newest release ("" when the check failed)
	Updated  bool
	Dir      string // where the binaries are
	// NewVersion is what the new cargo-agents says to --version.
	NewVersion string
}

// ManagedError refuses to replace binaries a package manager or a build
// from source put there: Command updates them instead.
type ManagedError struct {
	Dir, By, Command string
}

func (e *ManagedError) Error() string {
	return fmt.Sprintf("symposium in %s was installed %s; update it with %s", e.Dir, e.By, e.Command)
}

// Installed returns the directory of the running binaries, or a
// ManagedError when they are not self-update's to replace.
func (o Options) Installed() (string, error) {
	exe, err := filepath.EvalSymlinks(o.Exe)
	if err != nil {
		return "", fmt.Errorf("finding the running executable: %w", err)
	}
	dir := filepath.Dir(exe)
	if !o.Release {
		return dir, &ManagedError{Dir: dir, By: "from source (go build or go install)", Command: "`go install github.com/symposium-dev/symposium-go/cmd/...@latest`, or `git pull && make install`"}
	}
	if cmd := Managed(exe); cmd != "" {
		return dir, &ManagedError{Dir: dir, By: "by a package manager", Command: cmd}
	}
	return dir, nil
}

// Check asks the feed for the newest release and records the answer (and
// when it was asked) in state.toml.
func Check(ctx context.Context, o Options) (string, error) {
	latest, err := o.Feed.Latest(ctx)
	if err != nil {
		return "", err
	}
	return latest, Record(o, latest)
}

// Record writes state.toml: checked now, latest found ("" keeps the last
// one known, as after a failed check).
func Record(o Options, latest string) error {
	st := updatestate.Read(o.Home)
	st.Version, st.LastCheck = o.Current, o.now().UTC().Truncate(time.Second)
	if latest != "" {
		st.Latest = latest
	}
	if err := os.MkdirAll(o.Home, 0o755); err != nil {
		return err
	}
	return atomicfile.Write(updatestate.Path(o.Home), updatestate.Encode(st), 0o644)
}

// Update installs the newest release over the running one when it is
// newer. Any failure leaves the installed binaries as they were.
func Update(ctx context.Context, o Options) (Result, error) {
	res := Result{From: o.Current}
	dir, err := o.Installed()
	res.Dir = dir
	if err != nil {
		return res, err
	}
	SweepStages(dir, o.now())
	if res.To, err = Check(ctx, o); err != nil {
		return res, err
	}
	if !updatestate.Newer(res.To, o.Current) {
		return res, nil
	}
	stage, err := os.MkdirTemp(dir, stagePrefix)
	if err != nil {
		return res, fmt.Errorf("cannot write to %s: %w (run the install script again with --dir, or as the owner of %[1]s)", dir, err)
	}
	defer func() {
		if err := os.RemoveAll(stage); err != nil {
			// Windows: the old binaries moved there may still run.
			SweepStages(dir, o.now().Add(time.Hour))
		}
	}()
	if res.NewVersion, err = o.stage(ctx, res.To, stage); err != nil {
		return res, err
	}
	if err := Replace(dir, stage, o.GOOS); err != nil {
		return res, err
	}
	res.Updated = true
	return res, nil
}

// stage downloads, checks and unpacks version into stage, and runs the new
// cargo-agents once: a binary that does not start for this machine, or
// says another version, is refused before anything is replaced.
func (o Options) stage(ctx context.Context, version, stage string) (string, error) {
	archive, err := o.Feed.Download(ctx, version, o.GOOS, o.GOARCH, stage)
	if err != nil {
		return "", err
	}
	if err := Unpack(archive, stage, o.GOOS); err != nil {
		return "", err
	}
	os.Remove(archive)
	out, err := exec.CommandContext(ctx, filepath.Join(stage, exeName("cargo-agents", o.GOOS)), "--version").Output()
	line := strings.TrimSpace(string(out))
	if err != nil {
		return "", fmt.Errorf("the downloaded cargo-agents %s does not run here: %w", version, err)
	}
	if f := strings.Fields(line); len(f) < 2 || f[1] != version {
		return "", fmt.Errorf("the downloaded cargo-agents says %q, not version %s; refusing it", line, version)
	}
	return line, nil
}

func (o Options) now() time.Time {
	if o.Now == nil {
		return time.Now()
	}
	return o.Now()
}
