package cli_test

import (
	"bytes"
	"errors"
	"flag"
	"regexp"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// TestMainProgram: cli.Main owns what every binary shares: --version, --help with the
// entry points, dispatch by first argument, and errors as exit codes
// (records with --json).
func TestMainProgram(t *testing.T) {
	prog := cli.Program{
		Name: "sym-x",
		Entry: cli.Command{Help: "Usage: sym-x [--json] [--fail MSG]\n", Flags: func(fs *flag.FlagSet) func(cli.Stdio, []string) error {
			asJSON := fs.Bool("json", false, "records")
			fail := fs.String("fail", "", "fail with `MSG`")
			placed := fs.Bool("placed", false, "fail at f.toml:3:4")
			return func(stdio cli.Stdio, args []string) error {
				_ = asJSON // read by cli.Main
				if *placed {
					return pos.Errorf("f.toml", 3, 4, "%s", *fail)
				}
				if *fail != "" {
					return errors.New(*fail)
				}
				stdio.Out.Write([]byte("ran " + strings.Join(args, ",") + "\n"))
				return nil
			}
		}},
		CommandsHelp: "Also:\n",
		Commands: []cli.Command{{Name: "other", Usage: "ARG", Run: func(stdio cli.Stdio, args []string) int {
			stdio.Out.Write([]byte("other " + strings.Join(args, ",") + "\n"))
			return 7
		}}},
	}
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		out, err string // regular expressions
	}{
		{"version", []string{"--version"}, 0, `^sym-x \S+ \(`, `^$`},
		{"help", []string{"--help"}, 0, `(?s)^Usage: sym-x .*-fail MSG.*Also:\n  sym-x other ARG\n$`, `^$`},
		{"entry", []string{"a", "b"}, 0, `^ran a,b\n$`, `^$`},
		{"command", []string{"other", "--help"}, 7, `^other --help\n$`, `^$`},
		{"failure", []string{"--fail", "broke"}, 1, `^$`, `^sym-x: broke\n$`},
		{"failure as record", []string{"--json", "--placed", "--fail", "broke"}, 1, `^$`,
			`^\{"kind":"error","file":"f.toml","line":3,"column":4,"message":"broke"\}\n$`},
		{"usage", []string{"--nope"}, 2, `^$`, `^sym-x: flag provided but not defined: -nope\nRun 'sym-x --help' for usage.\n$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := cli.Main(cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb}, prog, tc.args)
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			for _, s := range []struct{ name, got, want string }{{"stdout", out.String(), tc.out}, {"stderr", errb.String(), tc.err}} {
				if !regexpMatch(s.want, s.got) {
					t.Errorf("%s %q does not match %q", s.name, s.got, s.want)
				}
			}
		})
	}
}

func regexpMatch(re, s string) bool { return regexp.MustCompile(re).MatchString(s) }
