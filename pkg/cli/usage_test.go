package cli_test

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cargoagents"
	"github.com/symposium-dev/symposium-go/pkg/cli/symdeps"
	"github.com/symposium-dev/symposium-go/pkg/cli/syminstall"
	"github.com/symposium-dev/symposium-go/pkg/cli/symmatch"
	"github.com/symposium-dev/symposium-go/pkg/cli/symtranslate"
)

// TestUsageErrorsTakeOneShape: every binary (and every cargo agents
// subcommand it hosts) answers a mistake in how it was called with
// "PROG: MSG" and where the usage is, on stderr, nothing on stdout, and
// exit code 2. (sym-hook is the exception its contract makes: exit 0.)
func TestUsageErrorsTakeOneShape(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("SYMPOSIUM_HOME", filepath.Join(home, ".symposium"))
	for _, tc := range []struct {
		name, prog string
		main       func(cli.Stdio, []string) int
		args       []string
		msg        string
	}{
		{"sym-deps bad flag", "sym-deps", symdeps.Main, []string{"--bogus"}, "flag provided but not defined: -bogus"},
		{"sym-deps argument", "sym-deps", symdeps.Main, []string{"extra"}, `unexpected argument "extra"`},
		{"sym-match argument", "sym-match", symmatch.Main, []string{"extra"}, `unexpected argument "extra"`},
		{"sym-match update", "sym-match", symmatch.Main, []string{"--update", "often"}, `--update "often"`},
		{"sym-install argument", "sym-install", syminstall.Main, []string{"extra"}, `unexpected argument "extra"`},
		{"sym-translate nothing", "sym-translate", symtranslate.Main, nil, "missing subcommand (want hooks, payload or output)"},
		{"sym-translate unknown", "sym-translate", symtranslate.Main, []string{"frob"}, `unknown subcommand "frob"`},
		{"sym-translate hooks", "sym-translate", symtranslate.Main, []string{"hooks", "--to", "claude"}, "--from is required"},
		{"sym-translate payload", "sym-translate", symtranslate.Main, []string{"payload", "--from", "claude"}, "payload needs --from, --to and --event"},
		{"cargo agents nothing", "cargo agents", cargoagents.Main, nil, "missing command"},
		{"cargo agents agents", "cargo agents", cargoagents.Main, []string{"agents"}, "missing command"},
		{"cargo agents option", "cargo agents", cargoagents.Main, []string{"--bogus"}, "unknown option --bogus"},
		{"cargo agents update", "cargo agents sync", cargoagents.Main, []string{"--update", "often", "sync"}, `--update "often"`},
		{"plugin nothing", "cargo agents plugin", symmatch.Main, []string{"plugin"}, "missing subcommand (list, show, validate or sync)"},
		{"plugin list argument", "cargo agents plugin", symmatch.Main, []string{"plugin", "list", "x"}, "plugin list takes no arguments"},
		{"init update", "cargo agents init", syminstall.Main, []string{"init", "--update=often"}, `--update "often"`},
		{"jq without expression", "cargo agents sync", cargoagents.Main, []string{"sync", "--jq"}, "--jq needs a jq expression (--jq EXPR)"},
		{"status bad jq", "cargo agents status", symmatch.Main, []string{"status", "--jq=.["}, `--jq ".[": unexpected EOF`},
		{"plugin list bad jq", "cargo agents plugin", symmatch.Main, []string{"plugin", "--jq=.[", "list"}, `--jq ".[": unexpected EOF`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := tc.main(cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}, tc.args)
			if code != cli.ExitUsage {
				t.Errorf("exit %d, want %d", code, cli.ExitUsage)
			}
			if out.Len() > 0 {
				t.Errorf("stdout: %q, want nothing", out.String())
			}
			shape := regexp.MustCompile(`^` + regexp.QuoteMeta(tc.prog) + `: (.+)\nRun '` + regexp.QuoteMeta(tc.prog) + ` --help' for usage\.\n$`)
			m := shape.FindStringSubmatch(errb.String())
			if m == nil {
				t.Fatalf("stderr %q is not %q", errb.String(), shape)
			}
			if !strings.Contains(m[1], tc.msg) {
				t.Errorf("message %q, want it to say %q", m[1], tc.msg)
			}
		})
	}
}
