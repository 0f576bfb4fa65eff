package cmdlog

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/logfile"
)

// TestTeeLevels: what a command tells the user on stderr is logged at
// the level it is: warnings (text or, with --json, records) at WARN, the
// rest at ERROR.
func TestTeeLevels(t *testing.T) {
	tests := []struct {
		line, level string
	}{
		{"warning: config.toml:6:1: unknown key", "WARN "},
		{"note: plugins awaiting consent", "WARN "},
		{`{"kind":"warning","file":"/c.toml","line":6,"message":"unknown key"}`, "WARN "},
		{`{"kind":"error","file":"/w/Cargo.toml","line":5,"message":"unexpected"}`, "ERROR"},
		{"sym-deps: Cargo.toml:5:21: unexpected", "ERROR"},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			r := &Run{Log: logfile.New("t", func() time.Time { return time.Unix(0, 0) })}
			var shown strings.Builder
			if _, err := r.Tee(&shown).Write([]byte(tc.line + "\n")); err != nil {
				t.Fatal(err)
			}
			if shown.String() != tc.line+"\n" {
				t.Errorf("shown %q", shown.String())
			}
			path := r.Flush(t.TempDir(), "header")
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if want := " " + tc.level + " stderr: " + tc.line + "\n"; !strings.Contains(string(b), want) {
				t.Errorf("log:\n%s\nwant a line ending %q", b, want)
			}
		})
	}
}
