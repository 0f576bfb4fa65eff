package jqout_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/jqout"
)

// TestStage: `sym-match jq [--check] EXPR`, cargo-agents' --jq, filters
// each record on stdin; --check only compiles, a bad expression's
// message alone on stderr (cargo-agents reports it as its own).
func TestStage(t *testing.T) {
	in := "{\"kind\":\"action\",\"n\":1}\n{\"kind\":\"sync\",\"n\":2}\n"
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		out, err string
	}{
		{"filter", []string{".kind"}, 0, "action\nsync\n", ""},
		{"json out", []string{"{n}"}, 0, "{\"n\":1}\n{\"n\":2}\n", ""},
		{"check good", []string{"--check", ".kind"}, 0, "", ""},
		{"check bad", []string{"--check", ".["}, 2, "", "--jq \".[\": unexpected EOF\n"},
		{"bad", []string{".["}, 2, "", "sym-match jq: --jq \".[\": unexpected EOF\nRun 'sym-match jq --help' for usage.\n"},
		{"no expression", nil, 2, "", "sym-match jq: want one jq expression, got 0 argument(s)\nRun 'sym-match jq --help' for usage.\n"},
		{"fails at run time", []string{".kind | keys"}, 1, "",
			"{\"kind\":\"error\",\"message\":\"--jq \\\".kind | keys\\\": keys cannot be applied to: string (\\\"action\\\")\"}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := jqout.Command.Run(cli.Stdio{In: strings.NewReader(in), Out: &out, Err: &errb}, tc.args)
			if code != tc.code || out.String() != tc.out || errb.String() != tc.err {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant %d, %q, %q", code, out.String(), errb.String(), tc.code, tc.out, tc.err)
			}
		})
	}
}
