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

// installActs is a sym-install that reads its stream to the end, then
// acts on it (here: leaves a file saying so), as the real one does.
const installActs = `cat >/dev/null && touch "$(dirname "$0")/install-acted"; echo 'install says hi' >&2`

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
		installNotRun         bool // sym-install never saw the end of its stream
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
		// A stage that fails after writing part of its stream (the real
		// sym-match flushes a large workspace record at once, then may
		// fail or crash): sym-install must never act on the part, which
		// says "nothing matched" and would remove every installed skill.
		{name: "match fails after its workspace record", deps: depsOK,
			match:   `cat >/dev/null; echo '{"kind":"workspace","root":"/ws","members":[]}'; echo 'match crashed' >&2; exit 2`,
			install: installActs, wantErr: "match crashed", notStderr: []string{"install says hi"}, installNotRun: true},
		{name: "deps fails after its workspace record", deps: depsOK + "; echo 'deps crashed' >&2; exit 1",
			match: matchOK, install: installActs, wantErr: "deps crashed", notStderr: []string{"install says hi"}, installNotRun: true},
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
			if _, err := os.Stat(filepath.Join(dir, "install-acted")); tc.installNotRun && err == nil {
				t.Error("sym-install read the whole stream of a failed stage and acted on it")
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

// TestSyncStagesJSON: with Options.JSON each stage runs with --json and
// the sync's stderr is their records, each once, in the order text mode
// shows the lines; a failure is one error record.
func TestSyncStagesJSON(t *testing.T) {
	// rec writes a record to stderr when the stage got --json, a text
	// line otherwise (which the relay would show as a warning record).
	rec := func(line string) string {
		return `case " $* " in *" --json "*) echo '` + line + `' >&2;; *) echo 'text: no --json' >&2;; esac`
	}
	lock := `{"kind":"warning","file":"/ws/Cargo.lock","message":"no Cargo.lock"}`
	cfg := `{"kind":"warning","file":"/c.toml","line":6,"column":1,"message":"unknown key"}`
	bad := `{"kind":"error","file":"/c.toml","line":7,"column":8,"message":"toml: bad"}`
	tests := []struct {
		name                 string
		deps, match, install string
		quiet                bool
		wantErr              string // "" for none; "not-workspace" for ErrNotWorkspace
		want                 []string
	}{
		{name: "warnings once each", deps: depsOK + "; " + rec(lock), match: matchOK + "; " + rec(cfg), install: installOK + "; " + rec(cfg),
			// sym-install's first: it is passed on live (a hook's tool may
			// take minutes to install), the others' when they are done
			want: []string{`{"kind":"warning","message":"sym-install: install says hi"}`, cfg, lock, `{"kind":"warning","message":"sym-match: match says hi"}`}},
		{name: "quiet: no warnings", deps: depsOK + "; " + rec(lock), match: matchOK + "; " + rec(cfg), install: installOK + "; " + rec(cfg), quiet: true},
		{name: "no workspace: the sync's own error only", deps: rec(`{"kind":"error","message":"no Cargo.toml"}`) + "; exit 4", match: matchOK, install: installOK,
			wantErr: "not-workspace"},
		{name: "match fails", deps: depsOK + "; " + rec(lock), match: "cat >/dev/null; " + rec(bad) + "; exit 1", install: installOK + "; " + rec(cfg),
			wantErr: "sym-match", want: []string{lock, bad}},
		{name: "install fails saying nothing", deps: depsOK, match: "cat >/dev/null; " + depsOK, install: "cat >/dev/null; exit 1",
			wantErr: "sym-install", want: []string{`{"kind":"error","message":"sym-install failed (exit status 1)"}`}},
		{name: "install fails saying nothing, quiet", deps: depsOK, match: "cat >/dev/null; " + depsOK, install: "cat >/dev/null; exit 1", quiet: true,
			wantErr: "sym-install", want: []string{`{"kind":"error","message":"sym-install failed (exit status 1)"}`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fakeStages(t, map[string]string{"sym-deps": tc.deps, "sym-match": tc.match, "sym-install": tc.install})
			var stderr bytes.Buffer
			_, err := Sync(context.Background(), Options{Dir: t.TempDir(), DryRun: true, Quiet: tc.quiet, JSON: true, Stderr: &stderr})
			var stageErr *StageError
			switch {
			case tc.wantErr == "not-workspace":
				if !errors.Is(err, ErrNotWorkspace) {
					t.Fatalf("error %v, want ErrNotWorkspace", err)
				}
			case tc.wantErr != "":
				if !errors.As(err, &stageErr) || stageErr.Stage != tc.wantErr {
					t.Fatalf("error %v, want %s's StageError", err, tc.wantErr)
				}
			case err != nil:
				t.Fatal(err)
			}
			want := strings.Join(tc.want, "\n")
			if want != "" {
				want += "\n"
			}
			if stderr.String() != want {
				t.Errorf("stderr\n%s\nwant\n%s", stderr.String(), want)
			}
		})
	}
}
