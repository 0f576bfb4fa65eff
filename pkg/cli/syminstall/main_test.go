package syminstall

import (
	"bytes"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/setupcmd"
)

// TestHelpListsEntryPoints: sym-install --help names every cargo agents
// subcommand it runs.
func TestHelpListsEntryPoints(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main(cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}, []string{"--help"}); code != cli.ExitOK {
		t.Fatalf("--help: exit %d\n%s", code, errb.String())
	}
	for _, c := range setupcmd.Commands {
		if !strings.Contains(out.String(), "\n  sym-install "+c.Name+" ") {
			t.Errorf("sym-install --help does not list %q:\n%s", c.Name, out.String())
		}
	}
}
