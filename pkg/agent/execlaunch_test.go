package agent

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"
)

// shellWords splits s as shlex.split (POSIX mode) does: blanks separate
// words, single quotes keep everything, double quotes and backslashes
// escape. It is what a launcher that runs a hook without a shell does
// before exec.
func shellWords(t *testing.T, s string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				words, in = append(words, w.String()), false
				w.Reset()
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				t.Fatalf("%q: unterminated quote", s)
			}
			w.WriteString(s[i+1 : i+1+end])
			i, in = i+1+end, true
		case c == '\\' && i+1 < len(s):
			w.WriteByte(s[i+1])
			i, in = i+1, true
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}

// TestHookCommandWithoutShell: an agent whose launcher may split the
// registered command into words and exec it, without a shell (Antigravity:
// Zed's agy ACP server, agy on Windows), gets a command that runs that way
// (issue #21 R4). Each registered handler is split and exec'd; the fake
// sym-hook records its arguments.
func TestHookCommandWithoutShell(t *testing.T) {
	for _, tc := range []struct {
		name, agent, scope, file string
		byName                   bool // Target.Command is "sym-hook", found on PATH at sync
		onPath                   bool // sym-hook is on PATH when the hook runs
	}{
		// The global file names the executable by absolute path, which
		// runs with any PATH (a GUI editor's).
		{"global", "antigravity", ScopeGlobal, "home/.gemini/config/hooks.json", false, false},
		{"global by name", "antigravity", ScopeGlobal, "home/.gemini/config/hooks.json", true, false},
		// A project file is committed: it names sym-hook, found on
		// PATH.
		{"project", "antigravity", ScopeProject, "ws/.agents/hooks.json", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			bin := ostest.FakeAt(t, filepath.Join(root, "my tools"), HookExecutable)
			log := filepath.Join(root, "args")
			t.Setenv(fakeLogEnv, log)
			command := bin
			if tc.byName {
				command = HookExecutable
				t.Setenv("PATH", filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
			}
			a, _ := Lookup(tc.agent)
			tg := Target{Workspace: filepath.Join(root, "ws"), Home: filepath.Join(root, "home"), Scope: tc.scope, Command: command}
			if _, err := a.RegisterHooks(realFiles(), tg); err != nil {
				t.Fatal(err)
			}
			cmds := registeredCommands(t, filepath.Join(root, tc.file))
			if len(cmds) == 0 {
				t.Fatal("no hook registered")
			}
			if !tc.onPath {
				t.Setenv("PATH", "")
			}
			var want []string
			for _, c := range cmds {
				argv := shellWords(t, c)
				out, err := exec.Command(argv[0], argv[1:]...).Output()
				if err != nil {
					t.Errorf("%q split and exec'd without a shell: %v", c, err)
					continue
				}
				if !strings.Contains(string(out), "decision") {
					t.Errorf("%q printed %q", c, out)
				}
				want = append(want, strings.Join(argv[1:], " "))
			}
			data, _ := os.ReadFile(log)
			if got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("sym-hook got arguments %q; want %q", got, want)
			}
			for _, c := range cmds {
				if argv := shellWords(t, c); len(argv) != 3 || argv[1] != tc.agent {
					t.Errorf("%q does not run `sym-hook %s EVENT`", c, tc.agent)
				}
				if !IsOurCommand(c) {
					t.Errorf("IsOurCommand(%q) = false", c)
				}
			}
		})
	}
}

// fakeLogEnv names the file the fake sym-hook appends its arguments to.
const fakeLogEnv = "SYMPOSIUM_TEST_FAKE_LOG"

func TestMain(m *testing.M) {
	ostest.Main(map[string]func([]string) int{HookExecutable: fakeSymHook})
	os.Exit(m.Run())
}

// fakeSymHook logs its arguments, one run a line, and allows the tool
// call, as a hook of ours would.
func fakeSymHook(args []string) int {
	f, err := os.OpenFile(os.Getenv(fakeLogEnv), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err == nil {
		_, err = fmt.Fprintln(f, strings.Join(args, " "))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(`{"decision":"allow"}`)
	return 0
}

// registeredCommands lists every handler command in an Antigravity-shaped
// hooks file (named hooks, grouped tool events, flat lifecycle events).
func registeredCommands(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]map[string][]struct {
		Command string `json:"command"`
		Hooks   []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, events := range doc {
		for _, list := range events {
			for _, el := range list {
				if el.Command != "" {
					out = append(out, el.Command)
				}
				for _, h := range el.Hooks {
					out = append(out, h.Command)
				}
			}
		}
	}
	return out
}

// TestGuardedCommandStillOurs: the guarded command earlier versions
// registered for Antigravity is still recognised as ours, so a sync
// replaces it rather than refusing the "symposium" hook as foreign.
func TestGuardedCommandStillOurs(t *testing.T) {
	for _, cmd := range []string{
		`command -v /opt/sym/bin/cargo-agents >/dev/null 2>&1 && exec /opt/sym/bin/cargo-agents hook antigravity pre-tool-use || echo '{"decision":"allow"}'`,
		`command -v cargo-agents >/dev/null 2>&1 && exec cargo-agents hook antigravity stop || echo '{}'`,
		`/opt/sym/bin/cargo-agents hook antigravity pre-tool-use`,
	} {
		if !IsOurCommand(cmd) {
			t.Errorf("IsOurCommand(%q) = false", cmd)
		}
	}
}
