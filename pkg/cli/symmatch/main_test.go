package symmatch

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/sourcecmd"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestReadDeps(t *testing.T) {
	tests := []struct {
		name, in string
		wantOut  string
		wantErr  string
	}{
		{"forwards workspace and unknown kinds", `{"kind":"workspace","root":"/w","members":[]}` + "\n" + `{"kind":"note","x":1}` + "\n" + `{"kind":"dep","name":"serde","version":"1.0.0"}` + "\n",
			`{"kind":"workspace","root":"/w","members":[]}` + "\n" + `{"kind":"note","x":1}` + "\n", ""},
		{"no workspace", `{"kind":"dep","name":"serde","version":"1.0.0"}` + "\n", "", "no workspace record"},
		{"not json", "{oops\n", "", "<stdin>:1: not a JSON record"},
		{"match output fed back", `{"kind":"workspace","root":"/w"}` + "\n" + `{"kind":"skill","name":"x"}` + "\n", "", "<stdin>:2: a skill record is sym-match output"},
		{"dep without name", `{"kind":"workspace","root":"/w"}` + "\n" + `{"kind":"dep","version":"1"}` + "\n", "", "<stdin>:2: dep record has no name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := stream.NewWriter(&out)
			set, _, _, err := readDeps(strings.NewReader(tt.in), w)
			w.Flush()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if set.Len() != 1 {
				t.Errorf("set has %d crates", set.Len())
			}
			if diff := cmp.Diff(tt.wantOut, out.String()); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	code := Main(cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}, []string{"--update", "sometimes"})
	if code != cli.ExitUsage || !strings.Contains(errb.String(), `--update "sometimes": must be offline, none, check or fetch`) {
		t.Errorf("code %d stderr %q", code, errb.String())
	}
}

// TestHelpListsEntryPoints: sym-match --help names every cargo agents
// subcommand it runs.
func TestHelpListsEntryPoints(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main(cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}, []string{"--help"}); code != cli.ExitOK {
		t.Fatalf("--help: exit %d\n%s", code, errb.String())
	}
	names := []string{sourcecmd.VendedRun, sourcecmd.VendedHelp}
	for _, c := range sourcecmd.Commands {
		names = append(names, c.Name)
	}
	for _, n := range names {
		if !strings.Contains(out.String(), "\n  sym-match "+n+" ") {
			t.Errorf("sym-match --help does not list %q:\n%s", n, out.String())
		}
	}
}

// TestScanWarningsAfterInput: the plugin sources are scanned while the
// input is read, but what the scan warns of is said only once the input
// parsed, as when the scan came after it: a stream that does not parse is
// the one thing reported.
func TestScanWarningsAfterInput(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("SYMPOSIUM_HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	if err := os.WriteFile(filepath.Join(home, "config.toml"), []byte("colour = \"red\"\n[defaults]\nsymposium-recommendations = false\nuser-plugins = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws := t.TempDir()
	tests := []struct {
		name, in       string
		code           int
		want, dontWant string
	}{
		{"input parses", `{"kind":"workspace","root":"` + filepath.ToSlash(ws) + `","members":[]}` + "\n", cli.ExitOK, `unknown key "colour"`, "not a JSON record"},
		{"input does not parse", "{oops\n", cli.ExitFailure, "<stdin>:1: not a JSON record", "colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Main(cli.Stdio{In: strings.NewReader(tt.in), Out: &out, Err: &errb}, []string{"--update", "offline"})
			if code != tt.code || !strings.Contains(errb.String(), tt.want) || strings.Contains(errb.String(), tt.dontWant) {
				t.Errorf("exit %d, want %d; stderr %q: want %q, not %q", code, tt.code, errb.String(), tt.want, tt.dontWant)
			}
		})
	}
}
