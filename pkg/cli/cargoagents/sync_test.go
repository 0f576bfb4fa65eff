package cargoagents

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/pipeline"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestConsentPrompt: on a terminal each candidate crate gets one question;
// Enter (later) records nothing, e enables, n declines, and the answers go
// to the recorder as crate:NAME, so that a "no" for a crate never reaches
// a plugin source's plugin of the same name (round 3, S3)
// (sym-install consent; pkg/cli/setupcmd tests the edit).
// Without a terminal nothing is asked or recorded.
func TestConsentPrompt(t *testing.T) {
	cands := []stream.PluginStatus{
		{Name: "a", Crate: "a", Version: "1.0.0", State: stream.StateCandidate},
		{Name: "b", Crate: "b", Version: "2.0.0", State: stream.StateCandidate},
		{Name: "c", Crate: "c", Version: "3.0.0", State: stream.StateCandidate},
		{Name: "a", Crate: "a", Version: "1.0.0", State: stream.StateCandidate},
	}
	oldTerm, oldRecord := isTerminal, recordConsent
	defer func() { isTerminal, recordConsent = oldTerm, oldRecord }()
	var recorded [][]string
	recordConsent = func(enable, disable []string) error {
		recorded = append(recorded, enable, disable)
		return nil
	}

	isTerminal = func(io.Reader) bool { return false }
	var out bytes.Buffer
	again, err := consentPrompt(cli.Stdio{In: strings.NewReader("e\ne\ne\n"), Out: &out, Err: &out}, &globals{}, cands)
	if err != nil || again || recorded != nil || !strings.Contains(out.String(), "a 1.0.0, b 2.0.0, c 3.0.0") {
		t.Fatalf("no terminal: again %v err %v recorded %q out %q", again, err, recorded, out.String())
	}

	isTerminal = func(io.Reader) bool { return true }
	out.Reset()
	again, err = consentPrompt(cli.Stdio{In: strings.NewReader("\ne\nn\n"), Out: &out, Err: &out}, &globals{}, cands)
	if err != nil || !again {
		t.Fatalf("again %v err %v\n%s", again, err, out.String())
	}
	if diff := cmp.Diff([][]string{{"crate:b"}, {"crate:c"}}, recorded); diff != "" {
		t.Errorf("recorded (-want +got):\n%s", diff)
	}
	if strings.Count(out.String(), "[L]ater") != 3 {
		t.Errorf("asked %d times, want 3 (one per crate):\n%s", strings.Count(out.String(), "[L]ater"), out.String())
	}
}

// TestSyncAsksBeforeSyncing: on a terminal, sync asks about the plugins
// awaiting consent before it runs the stages, so what is enabled installs
// in the one sync, and the summary is printed once, after the answers. A
// candidate found only by the sync itself is still asked about after.
func TestSyncAsksBeforeSyncing(t *testing.T) {
	cand := func(n string) stream.PluginStatus {
		return stream.PluginStatus{Name: n, Crate: n, Version: "1.0.0", State: stream.StateCandidate}
	}
	tests := []struct {
		name      string
		before    []stream.PluginStatus // what status finds before the sync
		after     []stream.PluginStatus // candidates the sync reports, unless enabled
		input     string
		wantSyncs int
		wantAsked int
	}{
		{"enable before", []stream.PluginStatus{cand("a")}, []stream.PluginStatus{cand("a")}, "e\n", 1, 1},
		{"later before", []stream.PluginStatus{cand("a")}, []stream.PluginStatus{cand("a")}, "\n", 1, 1},
		{"found by the sync only", nil, []stream.PluginStatus{cand("b")}, "e\n", 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			oldTerm, oldRecord, oldSync, oldFind := isTerminal, recordConsent, syncRun, findCandidates
			defer func() { isTerminal, recordConsent, syncRun, findCandidates = oldTerm, oldRecord, oldSync, oldFind }()
			isTerminal = func(io.Reader) bool { return true }
			enabled := map[string]bool{}
			recordConsent = func(enable, disable []string) error {
				for _, n := range enable {
					enabled[n] = true
				}
				return nil
			}
			findCandidates = func() ([]stream.PluginStatus, error) { return tt.before, nil }
			var out bytes.Buffer
			syncs := 0
			syncRun = func(_ context.Context, opts pipeline.Options) (*pipeline.Summary, error) {
				syncs++
				fmt.Fprintf(&out, "<sync %d>\n", syncs)
				sum := &pipeline.Summary{WorkspaceRoot: t.TempDir()}
				for _, c := range tt.after {
					if !enabled[c.Crate] {
						sum.Candidates = append(sum.Candidates, c)
					}
				}
				return sum, nil
			}
			g := &globals{Globals: cli.Globals{Update: "none"}}
			if err := runSync(cli.Stdio{In: strings.NewReader(tt.input), Out: &out, Err: &out}, g, nil); err != nil {
				t.Fatalf("runSync: %v\n%s", err, out.String())
			}
			if syncs != tt.wantSyncs {
				t.Errorf("%d sync(s), want %d:\n%s", syncs, tt.wantSyncs, out.String())
			}
			if n := strings.Count(out.String(), "[L]ater"); n != tt.wantAsked {
				t.Errorf("asked %d time(s), want %d:\n%s", n, tt.wantAsked, out.String())
			}
			if len(tt.before) > 0 && strings.Index(out.String(), "[L]ater") > strings.Index(out.String(), "<sync 1>") {
				t.Errorf("asked after the sync:\n%s", out.String())
			}
		})
	}
}
