package cli_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// upperKind is a stand-in jq: it prints each record's kind in capitals,
// and refuses the expression "bad" as a jq compiler would.
type upperKind struct{}

func (upperKind) Print(w io.Writer, v any) error {
	_, err := fmt.Fprintln(w, strings.ToUpper(v.(map[string]string)["kind"]))
	return err
}

func compileUpper(expr string) (cli.Filter, error) {
	if expr == "bad" {
		return nil, cli.Usagef("--jq %q: no", expr)
	}
	return upperKind{}, nil
}

// TestGlobalsRecords: --jq (before or after the command, either
// spelling) implies --json, travels to a hosted command with Flags, and
// makes Records write through the binary's compiler; a bad expression
// or a binary without one is a usage error before anything is written.
func TestGlobalsRecords(t *testing.T) {
	recs := []map[string]string{{"kind": "action"}, {"kind": "sync"}}
	for _, tc := range []struct {
		name    string
		args    []string
		jq      cli.JQCompiler
		out     string
		wantErr string
	}{
		{"json lines", []string{"--json"}, compileUpper, "{\"kind\":\"action\"}\n{\"kind\":\"sync\"}\n", ""},
		{"jq", []string{"--jq", ".kind"}, compileUpper, "ACTION\nSYNC\n", ""},
		{"jq=", []string{"-q", "--jq=.kind"}, compileUpper, "ACTION\nSYNC\n", ""},
		{"bad expression", []string{"--jq", "bad"}, compileUpper, "", `--jq "bad": no`},
		{"no compiler", []string{"--jq", ".kind"}, nil, "", "pipe --json into jq"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, rest, err := cli.ParseGlobals(tc.args)
			if err != nil || len(rest) > 0 {
				t.Fatalf("ParseGlobals: %v, rest %q", err, rest)
			}
			if !g.JSON {
				t.Errorf("JSON false: --jq implies --json")
			}
			// What cargo-agents passes to a hosted command reads back the same.
			if back, _, _ := cli.ParseGlobals(g.Flags()); back.JQ != g.JQ || !back.JSON {
				t.Errorf("Flags round trip: %+v, want JQ %q and JSON", back, g.JQ)
			}
			var out bytes.Buffer
			w, err := g.Records(cli.Stdio{Out: &out, JQ: tc.jq})
			if tc.wantErr != "" {
				var usage *cli.UsageError
				if !errors.As(err, &usage) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want a usage error with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				if err := w.Write(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.out {
				t.Errorf("output %q, want %q", out.String(), tc.out)
			}
		})
	}
}

// TestMainInjectsJQ: the compiler a Program declares reaches its
// commands' Records.
func TestMainInjectsJQ(t *testing.T) {
	prog := cli.Program{Name: "sym-x", JQ: compileUpper, Entry: cli.Command{Run: func(stdio cli.Stdio, args []string) int {
		g, _, _ := cli.ParseGlobals(args)
		w, err := g.Records(stdio)
		if err == nil {
			err = w.Write(map[string]string{"kind": "x"})
		}
		return cli.Report(stdio.Err, "sym-x", err)
	}}}
	var out, errb bytes.Buffer
	code := cli.Main(cli.Stdio{Out: &out, Err: &errb}, prog, []string{"--jq", ".kind"})
	if code != 0 || out.String() != "X\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0, %q", code, out.String(), errb.String(), "X\n")
	}
}
