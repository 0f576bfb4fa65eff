package setupcmd

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// haveGemini makes Gemini CLI found in home, so init's menu lists it.
func haveGemini(t *testing.T, home string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(home, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".gemini", "settings.json"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestInitInteractive(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home) // what os.UserHomeDir reads on Windows
	t.Setenv("SYMPOSIUM_HOME", filepath.Join(home, ".symposium"))
	t.Chdir(t.TempDir())
	os.MkdirAll(filepath.Join(home, ".symposium"), 0o755)
	haveGemini(t, home)
	cfgPath := filepath.Join(home, ".symposium", "config.toml")
	os.WriteFile(cfgPath, []byte("# keep me\nauto-sync = false\n"), 0o644)

	old := isTerminal
	isTerminal = func(io.Reader) bool { return true }
	defer func() { isTerminal = old }()

	// Toggle Claude Code (1) and Kiro (6), un-toggle Kiro, pick Gemini (4),
	// confirm, then choose project scope.
	var out, errOut bytes.Buffer
	in := strings.NewReader("1 6\n6 4\n\n2\n")
	if code, _ := Main(cli.Stdio{In: in, Out: &out, Err: &errOut}, []string{"init"}); code != 0 {
		t.Fatalf("init exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
	}
	data, _ := os.ReadFile(cfgPath)
	got := string(data)
	for _, want := range []string{"# keep me\n", "auto-sync = false\n", `hook-scope = "project"`, `name = "claude"`, `name = "gemini"`} {
		if !strings.Contains(got, want) {
			t.Errorf("config.toml lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"kiro"`) {
		t.Errorf("kiro was toggled off but is in config.toml:\n%s", got)
	}
	if !strings.Contains(out.String(), "[ ] Claude Code") || !strings.Contains(out.String(), "[x] Claude Code") {
		t.Errorf("prompt did not show the selection:\n%s", out.String())
	}
}

// TestInitAsksBeforeOpeningGates: on a terminal, init offers to trust the
// folder for an agent that would ignore our hooks, and only a yes makes
// the change.
func TestInitAsksBeforeOpeningGates(t *testing.T) {
	for _, answer := range []string{"y", "n"} {
		t.Run(answer, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("HOME", home)
			t.Setenv("USERPROFILE", home) // what os.UserHomeDir reads on Windows
			t.Setenv("SYMPOSIUM_HOME", filepath.Join(home, ".symposium"))
			haveGemini(t, home)
			ws := t.TempDir()
			os.WriteFile(filepath.Join(ws, "Cargo.toml"), []byte("[workspace]\nmembers = []\n"), 0o644)
			t.Chdir(ws)
			old := isTerminal
			isTerminal = func(io.Reader) bool { return true }
			defer func() { isTerminal = old }()

			// Gemini (4), confirm, project scope, then the answer.
			var out, errOut bytes.Buffer
			in := strings.NewReader("4\n\n2\n" + answer + "\n")
			if code, _ := Main(cli.Stdio{In: in, Out: &out, Err: &errOut}, []string{"init"}); code != 0 {
				t.Fatalf("init exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errOut.String())
			}
			if !strings.Contains(out.String(), "is not a trusted folder.\nLet symposium add "+strconv.Quote(ws)+": \"TRUST_FOLDER\" to ") {
				t.Errorf("no consent question:\n%s", out.String())
			}
			data, err := os.ReadFile(filepath.Join(home, ".gemini", "trustedFolders.json"))
			switch {
			case answer == "y" && !strings.Contains(string(data), strings.Trim(strconv.Quote(ws), `"`)): // as JSON holds it
				t.Errorf("yes, but the folder is not trusted (%v):\n%s", err, data)
			case answer == "n" && err == nil:
				t.Errorf("no, but trustedFolders.json was written:\n%s", data)
			case answer == "n" && !strings.Contains(out.String(), "note: gemini:"):
				t.Errorf("no, and the gate is not shown:\n%s", out.String())
			}
		})
	}
}

// TestConsentRecorded: sync's consent answers land in [plugins] as
// crate:NAME (a bare crate name gets the prefix, so it never names a plugin
// source's plugin), with the user's comments kept, each name once.
func TestConsentRecorded(t *testing.T) {
	home := t.TempDir()
	t.Setenv("SYMPOSIUM_HOME", home)
	cfgPath := filepath.Join(home, "config.toml")
	os.WriteFile(cfgPath, []byte("# keep me\n[plugins]\nuse = [\"x\"] # mine\n"), 0o644)
	var out bytes.Buffer
	for range 2 {
		if code, ok := Main(cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out}, []string{"consent", "-q", "--auto-enable", "b", "--disable", "crate:c", "--disable", "c"}); code != 0 || !ok {
			t.Fatalf("consent: exit %d (ok %v)\n%s", code, ok, out.String())
		}
	}
	data, _ := os.ReadFile(cfgPath)
	want := "# keep me\n[plugins]\nuse = [\"x\"] # mine\nauto-enable = [\"crate:b\"]\ndisable = [\"crate:c\"]\n"
	if string(data) != want {
		t.Errorf("config.toml:\n%s\nwant:\n%s", data, want)
	}
}

// TestInitMenuOffersFoundAgents: the menu lists Gemini CLI (shut down for
// consumers) and Antigravity CLI only where each is found; Antigravity's
// own directory under ~/.gemini is not Gemini CLI found.
func TestInitMenuOffersFoundAgents(t *testing.T) {
	tests := []struct {
		name        string
		marks       []string // directories or files (with a dot in the base) under home
		gemini, agy bool
	}{
		{"nothing", nil, false, false},
		{"antigravity only", []string{".gemini/antigravity-cli"}, false, true},
		{"gemini cli", []string{".gemini/settings.json"}, true, false},
		{"both", []string{".gemini/antigravity-cli", ".gemini/oauth_creds.json"}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("HOME", home)
			t.Setenv("USERPROFILE", home) // what os.UserHomeDir reads on Windows
			t.Setenv("SYMPOSIUM_HOME", filepath.Join(home, ".symposium"))
			t.Setenv("PATH", t.TempDir()) // no gemini or agy binary
			t.Chdir(t.TempDir())
			for _, m := range tt.marks {
				p := filepath.Join(home, filepath.FromSlash(m))
				if strings.Contains(filepath.Base(m), ".") {
					os.MkdirAll(filepath.Dir(p), 0o755)
					os.WriteFile(p, []byte("{}\n"), 0o644)
				} else {
					os.MkdirAll(p, 0o755)
				}
			}
			old := isTerminal
			isTerminal = func(io.Reader) bool { return true }
			defer func() { isTerminal = old }()
			var out, errOut bytes.Buffer
			Main(cli.Stdio{In: strings.NewReader("1\n\n1\n"), Out: &out, Err: &errOut}, []string{"init"})
			menu, _, _ := strings.Cut(out.String(), "> ")
			if got := strings.Contains(menu, "Gemini CLI"); got != tt.gemini {
				t.Errorf("Gemini CLI offered %v, want %v:\n%s", got, tt.gemini, menu)
			}
			if got := strings.Contains(menu, "Antigravity"); got != tt.agy {
				t.Errorf("Antigravity offered %v, want %v:\n%s", got, tt.agy, menu)
			}
		})
	}
}
