package jqout

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

func TestPrint(t *testing.T) {
	v := struct {
		Name   string   `json:"name"`
		Skills []string `json:"skills"`
		Note   string   `json:"note,omitempty"`
	}{Name: "serde", Skills: []string{"a<b", "c"}}
	for _, tc := range []struct{ expr, want string }{
		{".name", "serde\n"},
		{".skills[]", "a<b\nc\n"},
		{".skills", `["a<b","c"]` + "\n"},
		{".note", "null\n"},
		{"{n: .name, k: (.skills | length)}", `{"k":2,"n":"serde"}` + "\n"},
		{"empty", ""},
	} {
		f, err := Compile(tc.expr)
		if err != nil {
			t.Fatalf("Compile(%q): %v", tc.expr, err)
		}
		var out bytes.Buffer
		if err := f.Print(&out, v); err != nil || out.String() != tc.want {
			t.Errorf("Print(%q) = %q, %v; want %q", tc.expr, out.String(), err, tc.want)
		}
	}
}

func TestErrors(t *testing.T) {
	_, err := Compile(".name |")
	var usage *cli.UsageError
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), `--jq ".name |"`) {
		t.Errorf("Compile of a bad expression = %v, want a usage error quoting it", err)
	}
	f, _ := Compile(".name | keys")
	var out bytes.Buffer
	if err := f.Print(&out, map[string]string{"name": "x"}); err == nil || !strings.Contains(err.Error(), `--jq ".name | keys"`) {
		t.Errorf("Print with a runtime error = %v, want it naming the expression", err)
	}
}
