package dispatch

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestDeadlineContextOnDemand: the context carrying the call's deadline
// (whose timer starts the runtime's poller) is made only when a plugin
// hook runs, and then carries the deadline Run set; a call with no hook
// for its event makes none.
func TestDeadlineContextOnDemand(t *testing.T) {
	tests := []struct {
		name    string
		event   string // of the one stored hook
		wantCtx bool
	}{
		{"no hook for the event: no context", "PostToolUse", false},
		{"a hook to run: the deadline bounds it", "PreToolUse", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, map[string]string{"ok.sh": `echo '{}'`},
				stream.Hook{Name: "h", Event: tc.event, Command: "./scripts/ok.sh"})
			cfg := config.Default()
			cfg.AutoSync = false
			r := &run{opts: Options{Agent: "claude", Event: "PreToolUse", Payload: f.payload(t, "claude/PreToolUse.json"),
				Dirs: f.dirs, Config: cfg, Getwd: func() (string, error) { return f.ws, nil }, Version: "test"},
				log: logfile.New("hook", time.Now)}
			r.parent, r.deadline = context.Background(), time.Now().Add(time.Minute)
			defer r.cancel()
			w, _ := agent.WireFor("claude")
			r.dispatch(w)
			if len(r.failures) > 0 {
				t.Fatalf("dispatch failed: %s", strings.Join(r.failures, "; "))
			}
			if (r.dctx != nil) != tc.wantCtx {
				t.Fatalf("deadline context made = %v, want %v", r.dctx != nil, tc.wantCtx)
			}
			if tc.wantCtx {
				if d, ok := r.dctx.Deadline(); !ok || !d.Equal(r.deadline) {
					t.Errorf("context deadline = %v, %v; want %v", d, ok, r.deadline)
				}
			}
		})
	}
}
