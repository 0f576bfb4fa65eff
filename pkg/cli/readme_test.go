package cli_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
)

// readmeLine is one shell command shown in a fenced sh block of README.md.
type readmeLine struct {
	line int    // 1-based line in README.md
	text string // the command, its trailing comment removed
}

// readmeExempt lists the README commands this test does not run, each with
// why. Every other command in an sh block must be covered by a rule in
// TestReadmeCommands, so a new command in the README fails the test until
// someone decides how to check it.
var readmeExempt = map[string]string{
	"make test":         "runs this very test (and the whole suite); its target is checked with make -n",
	"make check":        "the whole suite again (less the slow tests); its target is checked with make -n",
	"make lint":         "the linters, which make test runs first; its target is checked with make -n",
	"make deadcode":     "a minute of whole-program analysis, fetched through the module proxy; its target is checked with make -n",
	"make bench":        "minutes of timing loops; its target is checked with make -n",
	"make e2e-agents":   "installs the agents' CLIs from npm (network); its target is checked with make -n",
	"make test-windows": "needs Wine and mingw, and .ci/run runs it; its target is checked with make -n",
	"make install":      "writes into $(go env GOPATH)/bin; its target is checked with make -n, and make build runs the same go build of the same binaries",
	"make dist":         "builds release archives with goreleaser (minutes); pkg/selfupdate's TestReleaseFeed runs it and installs from what it built",
	"curl -fsSL https://github.com/symposium-dev/symposium-go/releases/latest/download/install.sh | sh": "downloads a published release (network); pkg/selfupdate's TestReleaseFeed runs install.sh against releases make dist built, served locally",
}

// TestReadmeCommands checks that every shell command README.md shows works
// as written on a fresh machine, offline: the cargo agents and sym-* lines
// run in order, as a testscript, in a temp HOME against a copy of
// testdata/demo; make targets must exist (and build, install and demo run,
// except under -short); go test lines must name a test that exists.
//
// `cargo agents ARGS` runs as `cargo-agents agents ARGS`, which is exactly
// what cargo does with an external subcommand. Placeholders are filled in:
// the workspace paths with the demo copy, DIR with a plugin source, NAME
// in `use NAME` with a plugin the demo has.
func TestReadmeCommands(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	lines, err := readmeCommands(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 10 {
		t.Fatalf("found only %d commands in README.md's sh blocks; is the parser right?", len(lines))
	}
	_, jqErr := exec.LookPath("jq")
	placeholders := strings.NewReplacer(
		"path/to/your/rust/workspace", "$WORK/ws",
		"some/rust/workspace", "$WORK/ws",
		" DIR", " $CORPUS/recommendations",
		// a plugin the demo has: the central snapshot's, already enabled
		// by its source (use says so and records nothing)
		" use NAME", " use symposium",
	)
	var script strings.Builder
	var files []string // txtar sections: shell lines with pipes
	for _, l := range lines {
		where := fmt.Sprintf("README.md:%d: %s", l.line, l.text)
		fields := strings.Fields(l.text)
		if reason, ok := readmeExempt[l.text]; ok && fields[0] != "make" {
			t.Logf("%s: not run: %s", where, reason)
			continue
		}
		switch {
		case fields[0] == "make":
			checkMakeTarget(t, repo, where, fields)
		case fields[0] == "go" && len(fields) > 1 && fields[1] == "test":
			checkGoTest(t, repo, where, fields)
		case fields[0] == "cd":
			fmt.Fprintf(&script, "# %s\ncd %s\n", where, placeholders.Replace(strings.Join(fields[1:], " ")))
		case strings.Contains(l.text, "|"):
			if jqErr != nil && strings.Contains(l.text, "jq ") {
				t.Logf("%s: skipped, jq is not installed", where)
				continue
			}
			name := fmt.Sprintf("readme-%d.sh", l.line)
			files = append(files, fmt.Sprintf("-- %s --\nset -e -o pipefail\n%s\n", name, placeholders.Replace(l.text)))
			fmt.Fprintf(&script, "# %s\nexec bash $WORK/%s\n", where, name)
		case fields[0] == "cargo" && len(fields) > 1 && fields[1] == "agents":
			fmt.Fprintf(&script, "# %s\nexec cargo-agents %s\n", where, placeholders.Replace(strings.Join(fields[1:], " ")))
		case strings.HasPrefix(fields[0], "sym-"):
			fmt.Fprintf(&script, "# %s\nexec %s\n", where, placeholders.Replace(l.text))
		default:
			t.Errorf("%s: no rule checks this command: add one to TestReadmeCommands, or an exemption with its reason", where)
		}
	}
	shared := sharedtest.Dir(t)
	dir := t.TempDir()
	txtar := script.String() + strings.Join(files, "")
	if err := os.WriteFile(filepath.Join(dir, "readme.txtar"), []byte(txtar), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			if err := scriptEnv(env, repo, shared); err != nil {
				return err
			}
			// A fresh machine where the user has run Claude Code: the plain
			// `cargo agents init` (no terminal here) finds it.
			if err := os.MkdirAll(filepath.Join(env.WorkDir, "home", ".claude"), 0o755); err != nil {
				return err
			}
			return os.CopyFS(filepath.Join(env.WorkDir, "ws"), os.DirFS(filepath.Join(repo, "testdata", "demo")))
		},
		Cmds: customCommands(),
	})
}

// readmeCommands returns the commands in README.md's ```sh blocks, one per
// line, without their trailing comments.
func readmeCommands(path string) ([]readmeLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []readmeLine
	in := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		switch {
		case !in && strings.TrimSpace(text) == "```sh":
			in = true
		case in && strings.TrimSpace(text) == "```":
			in = false
		case in:
			if cmd := strings.TrimSpace(stripComment(text)); cmd != "" {
				out = append(out, readmeLine{n, cmd})
			}
		}
	}
	if in {
		return nil, fmt.Errorf("%s: an sh block is never closed", path)
	}
	return out, sc.Err()
}

// stripComment drops a shell comment: a # at the start of a word, outside
// quotes.
func stripComment(s string) string {
	var quote rune
	prev := ' '
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (prev == ' ' || prev == '\t'):
			return s[:i]
		}
		prev = r
	}
	return s
}

// checkMakeTarget checks that `make TARGET [VAR=value]` names a target
// (make -n), then runs the targets that are quick and offline into temp
// directories: build, install and demo.
func checkMakeTarget(t *testing.T, repo, where string, fields []string) {
	t.Helper()
	if len(fields) != 2 {
		t.Errorf("%s: want `make TARGET`", where)
		return
	}
	target := fields[1]
	if _, err := exec.LookPath("make"); err != nil {
		// Windows under Wine (make test-windows) has no make; the Linux
		// run checks the targets.
		t.Logf("%s: not checked: make is not installed", where)
		return
	}
	if out, err := exec.Command("make", "-C", repo, "-n", target).CombinedOutput(); err != nil {
		t.Errorf("%s: make -n %s: %v\n%s", where, target, err, out)
		return
	}
	if reason, ok := readmeExempt[fields[0]+" "+target]; ok {
		t.Logf("%s: target exists; not run: %s", where, reason)
		return
	}
	if testing.Short() {
		t.Logf("%s: target exists; not run under -short", where)
		return
	}
	// make demo runs make build first, so one run (one link of the six
	// binaries, the slow part) checks both.
	if target != "build" && target != "demo" {
		t.Errorf("%s: no rule runs make %s: add one, or an exemption with its reason", where, target)
		return
	}
	if demoRun.out == "" {
		bin := t.TempDir()
		cmd := exec.Command("make", "-C", repo, "demo", "BIN="+bin)
		// "works offline", the README says: with the central source
		// unreachable, the demo runs on the embedded snapshot.
		cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir(),
			"SYMPOSIUM_RECOMMENDATIONS_URL=file://"+filepath.Join(bin, "no-such-recommendations"),
			"SYMPOSIUM_CRATES_INDEX_URL=http://127.0.0.1:9/")
		out, err := cmd.CombinedOutput()
		demoRun.bin, demoRun.out, demoRun.err = bin, string(out), err
	}
	if demoRun.err != nil {
		t.Errorf("%s: make demo: %v\n%s", where, demoRun.err, demoRun.out)
		return
	}
	if target == "build" {
		for _, b := range []string{"sym-deps", "sym-match", "sym-install", "sym-hook", "sym-translate", "cargo-agents"} {
			if _, err := os.Stat(filepath.Join(demoRun.bin, b)); err != nil {
				t.Errorf("%s: %s was not built: %v", where, b, err)
			}
		}
	}
	if target == "demo" && !strings.Contains(demoRun.out, "a second sync changes nothing") {
		t.Errorf("%s: make demo did not get to its end:\n%s", where, demoRun.out)
	}
}

// demoRun is the one `make demo` TestReadmeCommands runs.
var demoRun struct {
	bin, out string
	err      error
}

// checkGoTest checks that `go test PKG -run NAME[/SUB] [-update]` names a
// package, a test in it (for TestScripts/NAME, a script), and, with
// -update, a package whose tests define that flag. It does not run them:
// make test does.
func checkGoTest(t *testing.T, repo, where string, fields []string) {
	t.Helper()
	if len(fields) < 3 || !strings.HasPrefix(fields[2], "./") {
		t.Errorf("%s: want `go test ./PKG ...`", where)
		return
	}
	pkgDir := filepath.Join(repo, filepath.FromSlash(fields[2]))
	tests, _ := filepath.Glob(filepath.Join(pkgDir, "*_test.go"))
	var src strings.Builder
	for _, f := range tests {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(data)
	}
	if src.Len() == 0 {
		t.Errorf("%s: %s has no tests", where, fields[2])
		return
	}
	for i := 3; i < len(fields); i++ {
		switch {
		case fields[i] == "-run" && i+1 < len(fields):
			name, sub, _ := strings.Cut(fields[i+1], "/")
			if !strings.Contains(src.String(), "func "+name+"(") {
				t.Errorf("%s: no test %s in %s", where, name, fields[2])
			}
			if name == "TestScripts" && sub != "" {
				if _, err := os.Stat(filepath.Join(repo, "testdata", "script", sub+".txtar")); err != nil {
					t.Errorf("%s: no script %s: %v", where, sub, err)
				}
			}
			i++
		case fields[i] == "-update":
			if !strings.Contains(src.String(), `flag.Bool("update"`) {
				t.Errorf("%s: %s's tests define no -update flag", where, fields[2])
			}
		default:
			t.Errorf("%s: %q: not an argument this test knows", where, fields[i])
		}
	}
}
