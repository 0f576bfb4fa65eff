package cargoagents

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/cli"
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
