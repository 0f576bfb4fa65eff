package sourcecmd

import (
	"errors"
	"slices"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

func TestParseGlobals(t *testing.T) {
	tests := []struct {
		args     []string
		want     Globals
		rest     []string
		usageErr bool
	}{
		{nil, Globals{Update: "none"}, nil, false},
		{[]string{"--update=fetch", "-q", "list"}, Globals{Update: "fetch", Quiet: true}, []string{"list"}, false},
		{[]string{"--update", "check", "show", "-q"}, Globals{Update: "check"}, []string{"show", "-q"}, false},
		{[]string{"--update=offline", "serde", "--version", "^1"}, Globals{Update: "offline"}, []string{"serde", "--version", "^1"}, false},
		{[]string{"--update=sometimes", "list"}, Globals{}, nil, true},
		{[]string{"--update="}, Globals{}, nil, true},
	}
	for _, tc := range tests {
		g, rest, err := ParseGlobals(tc.args)
		var ue *cli.UsageError
		if tc.usageErr {
			if !errors.As(err, &ue) {
				t.Errorf("ParseGlobals(%q) err = %v, want a usage error", tc.args, err)
			}
			continue
		}
		if err != nil || g != tc.want || !slices.Equal(rest, tc.rest) {
			t.Errorf("ParseGlobals(%q) = %+v, %q, %v; want %+v, %q", tc.args, g, rest, err, tc.want, tc.rest)
		}
	}
}
