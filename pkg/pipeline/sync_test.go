package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeStages puts shell scripts named like the stages first on PATH (the
// test binary has no stage beside it), each running body[name].
func fakeStages(t *testing.T, body map[string]string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell-script stages")
	}
	dir := t.TempDir()
	for _, name := range []string{"sym-deps", "sym-match", "sym-install"} {
		script := "#!/bin/sh\n" + body[name] + "\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("SYMPOSIUM_HOME", home)
	return dir
}

const (
	depsOK    = `echo '{"kind":"workspace","root":"/ws","members":[]}'`
	matchOK   = `cat >/dev/null; echo '{"kind":"workspace","root":"/ws","members":[]}'; echo '{"kind":"skill","name":"a","dir":"/p/a"}'; echo 'match says hi' >&2`
	installOK = `cat > "$(dirname "$0")/install-stdin"; echo '{"kind":"action","op":"skill","agent":"claude","path":"/ws/.claude/skills/a","status":"created","name":"a"}'; echo 'install says hi' >&2`
)

// TestSyncStages: the stages run piped, sym-install reads sym-match's
// whole stream, and only the first failure's diagnostics reach the user.
func TestSyncStages(t *testing.T) {
	tests := []struct {
		name                  string
		deps, match, install  string
		quiet                 bool
		wantErr               string // "" for none; "not-workspace" for ErrNotWorkspace
		wantStderr, notStderr []string
		wantActions           int
	}{
		{name: "ok", deps: depsOK, match: matchOK, install: installOK,
			wantStderr: []string{"match says hi", "install says hi"}, wantActions: 1},
		{name: "quiet", deps: depsOK, match: matchOK, install: installOK, quiet: true,
			notStderr: []string{"match says hi", "install says hi"}, wantActions: 1},
		{name: "no workspace", deps: `echo 'no Cargo.toml' >&2; exit 4`, match: matchOK, install: installOK,
			wantErr: "not-workspace", wantStderr: []string{"no Cargo.toml"}, notStderr: []string{"install says hi"}},
		{name: "match fails", deps: depsOK, match: `cat >/dev/null; echo 'config.toml:3: bad' >&2; exit 2`, install: installOK,
			wantErr: "config.toml:3: bad", notStderr: []string{"install says hi"}},
		{name: "match garbage", deps: depsOK, match: `cat >/dev/null; echo 'garbage'`, install: `cat >/dev/null`,
			wantErr: "sym-match output:1: not a JSON record"},
		{name: "install fails", deps: depsOK, match: matchOK, install: installOK + "; echo 'disk full' >&2; exit 1", quiet: true,
			wantErr: "disk full", wantStderr: []string{"disk full"}, wantActions: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := fakeStages(t, map[string]string{"sym-deps": tc.deps, "sym-match": tc.match, "sym-install": tc.install})
			var stderr bytes.Buffer
			sum, err := Sync(context.Background(), Options{Dir: t.TempDir(), DryRun: true, Quiet: tc.quiet, Stderr: &stderr})
			switch {
			case tc.wantErr == "not-workspace":
				if !errors.Is(err, ErrNotWorkspace) {
					t.Fatalf("error %v, want ErrNotWorkspace", err)
				}
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
			case err != nil:
				t.Fatal(err)
			}
			for _, w := range tc.wantStderr {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
				}
			}
			for _, w := range tc.notStderr {
				if strings.Contains(stderr.String(), w) {
					t.Errorf("stderr has %q:\n%s", w, stderr.String())
				}
			}
			if tc.wantActions > 0 {
				if sum == nil || len(sum.Actions) != tc.wantActions || sum.Matched.Skills != 1 || sum.WorkspaceRoot != "/ws" {
					t.Fatalf("summary %+v", sum)
				}
				got, err := os.ReadFile(filepath.Join(dir, "install-stdin"))
				if err != nil || !strings.Contains(string(got), `"dir":"/p/a"`) {
					t.Errorf("sym-install's stdin: %q, %v", got, err)
				}
			}
		})
	}
}
