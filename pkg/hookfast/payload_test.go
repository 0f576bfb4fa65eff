package hookfast

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// TestExtract: the lean reader finds what encoding/json would, declines
// what it does not read the same way, and never accepts a document that
// is not one JSON object.
func TestExtract(t *testing.T) {
	paths := [][]string{{"cwd"}, {"input", "tool"}}
	tests := []struct {
		doc       string
		cwd, tool string
		ok        bool
	}{
		{`{"cwd":"/w","input":{"tool":"bash"}}`, "/w", "bash", true},
		{` { "a" : [1, -2.5e3, {"x": [true, false, null]}], "cwd" : "/w" } `, "/w", "", true},
		{`{"cwd":"/a","cwd":"/b"}`, "/b", "", true}, // the last wins
		{`{"input":{"tool":"x"},"input":{"other":1}}`, "", "", true},
		{`{"cwd":null,"input":null}`, "", "", true},
		{`{"cwd":"\/w\u00e9\t\"q\""}`, "/wé\t\"q\"", "", true},
		{`{"cwd":"/w\ud83d\ude00"}`, "", "", false}, // a surrogate pair: the full hook reads it
		{`{"cwd":"/w` + "\xff" + `"}`, "", "", false},
		{`{"cwd":1}`, "", "", false},
		{`{"input":"bash"}`, "", "", false},
		{`{"input":{"tool":{}}}`, "", "", false},
		{`{"cwd":"/w"} x`, "", "", false},
		{`{"cwd":"/w",}`, "", "", false},
		{`{"cwd":"/w` + "\n" + `"}`, "", "", false},
		{`["cwd"]`, "", "", false},
		{`null`, "", "", false},
		{``, "", "", false},
		{`{"a":tru}`, "", "", false},
		{`{"a":1.2.3}`, "", "", false},
	}
	for _, tc := range tests {
		got, ok := extract([]byte(tc.doc), paths)
		if ok != tc.ok || ok && (got[0].val != tc.cwd || got[1].val != tc.tool) {
			t.Errorf("extract(%s) = %+v, %v; want %q %q %v", tc.doc, got, ok, tc.cwd, tc.tool, tc.ok)
		}
	}
}

// TestPayloadPaths: for every agent whose payload the lean path reads,
// its paths give the cwd and tool name the agent's own decoder gives, on
// each payload its encoder makes of the captured Claude Code payloads,
// and on the agent's own captures.
func TestPayloadPaths(t *testing.T) {
	claudeWire, _ := agent.WireFor("claude")
	var canon []*canonhook.Payload
	for _, e := range events {
		raw, err := os.ReadFile(filepath.Join(sharedtest.Path("agent-payloads"), "claude", e.canonical+".json"))
		if err != nil {
			continue
		}
		p, err := claudeWire.Decode(e.canonical, raw)
		if err != nil {
			t.Fatal(err)
		}
		canon = append(canon, p)
	}
	if len(canon) < 4 {
		t.Fatalf("read %d Claude Code captures, want the events' ones", len(canon))
	}
	checked := 0
	for _, a := range agent.All() {
		if a.Payload == nil {
			continue
		}
		w, _ := agent.WireFor(a.Name)
		for _, p := range canon {
			in, err := w.EncodeInput(p)
			if err != nil {
				t.Fatalf("%s.EncodeInput: %v", a.Name, err)
			}
			checkPaths(t, a, w, p.Event, in)
			checked++
		}
		captures, _ := filepath.Glob(filepath.Join(sharedtest.Path("agent-payloads"), a.Name, "*.json"))
		for _, f := range captures {
			raw, _ := os.ReadFile(f)
			for _, e := range events {
				checkPaths(t, a, w, e.canonical, raw)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no agent has payload paths")
	}
}

// checkPaths compares the lean reading of payload with a's decoder's, when
// the decoder takes it for event.
func checkPaths(t *testing.T, a *agent.Agent, w canonhook.Wire, event string, payload []byte) {
	t.Helper()
	want, err := w.Decode(event, payload)
	if errors.Is(err, canonhook.ErrNotThisEvent) || err != nil && strings.Contains(err.Error(), "event") {
		return
	}
	got, ok := extract(payload, append([][]string{a.Payload.Cwd}, a.Payload.Tool...))
	if err != nil {
		if ok {
			t.Logf("%s %s: the decoder fails (%v) where the lean path reads %+v", a.Name, event, err, got)
		}
		return
	}
	if !ok {
		t.Errorf("%s %s: the lean path does not read %s", a.Name, event, payload)
		return
	}
	// The tool name counts for the tool events only (the full hook ignores
	// matchers elsewhere), and a name where the decoder finds none only
	// makes the lean path leave more calls to the full hook.
	tool, ok := toolName(got[1:])
	toolDiffers := toolEvent(event) && want.ToolName != "" && tool != want.ToolName
	if !ok || got[0].val != want.Cwd || toolDiffers {
		t.Errorf("%s %s: lean cwd %q tool %q (ok %v), decoder %q %q\npayload %s", a.Name, event, got[0].val, tool, ok, want.Cwd, want.ToolName, payload)
	}
}
