package symmatch

import (
	"bytes"
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
