package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// exitErr stands for the *exec.ExitError of a stage that exited non-zero.
type exitErr int

func (e exitErr) Error() string { return fmt.Sprintf("exit status %d", int(e)) }
func (e exitErr) ExitCode() int { return int(e) }

// TestRecordRelay: under --json the stages' stderr reaches the sync's as
// records only, each once, whole lines however the pipe cut them; -q
// keeps the errors; a stage's failure is never left without one.
func TestRecordRelay(t *testing.T) {
	type stage struct {
		prog   string
		writes []string
		err    error
	}
	warnA := `{"kind":"warning","file":"/c.toml","line":6,"column":1,"message":"unknown key"}`
	errB := `{"kind":"error","file":"/w/Cargo.toml","line":5,"column":21,"message":"unexpected character"}`
	tests := []struct {
		name   string
		quiet  bool
		stages []stage
		want   []string
	}{
		{"records pass unchanged, cut anywhere",
			false, []stage{{"sym-deps", []string{warnA + "\n" + errB[:10], errB[10:] + "\n"}, exitErr(1)}},
			[]string{warnA, errB}},
		{"-q keeps only errors",
			true, []stage{{"sym-deps", []string{warnA + "\n" + errB + "\n"}, exitErr(1)}},
			[]string{errB}},
		{"a warning two stages report is written once",
			false, []stage{{"sym-match", []string{warnA + "\n"}, nil}, {"sym-install", []string{warnA + "\n"}, nil}},
			[]string{warnA}},
		{"a text line becomes a warning naming the stage",
			false, []stage{{"sym-match", []string{"sym-match: oops\npanic: boom\r\n\n"}, nil}},
			[]string{`{"kind":"warning","message":"sym-match: oops"}`, `{"kind":"warning","message":"sym-match: panic: boom"}`}},
		{"a JSON line that is no record is text",
			false, []stage{{"sym-match", []string{`{"message":"x"}` + "\n" + `[1]` + "\n"}, nil}},
			[]string{`{"kind":"warning","message":"sym-match: {\"message\":\"x\"}"}`, `{"kind":"warning","message":"sym-match: [1]"}`}},
		{"a last line without a newline passes",
			false, []stage{{"sym-install", []string{errB}, exitErr(1)}},
			[]string{errB}},
		{"a failure without an error record gets one",
			true, []stage{{"sym-match", []string{"usage\n"}, exitErr(2)}},
			[]string{`{"kind":"error","message":"sym-match failed (exit status 2)"}`}},
		{"an error that is no exit is the sync's to report",
			false, []stage{{"sym-match", nil, errors.New("read: broken pipe")}},
			nil},
		{"a stage that succeeded and said nothing writes nothing",
			false, []stage{{"sym-deps", nil, nil}},
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			r := newRecordRelay(&out, tc.quiet)
			for _, st := range tc.stages {
				s := r.stage(st.prog)
				for _, w := range st.writes {
					if n, err := s.Write([]byte(w)); n != len(w) || err != nil {
						t.Fatalf("Write = %d, %v", n, err)
					}
				}
				s.end(st.err)
			}
			want := strings.Join(tc.want, "\n")
			if want != "" {
				want += "\n"
			}
			if out.String() != want {
				t.Errorf("relayed\n%s\nwant\n%s", out.String(), want)
			}
		})
	}
}
