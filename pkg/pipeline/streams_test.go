package pipeline

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// matchStream is a sym-match stream with one record of every kind the sync
// reads: a workspace, a local source, a git source, an unreadable one and
// the embedded snapshot, two skills (one in the local source, one in a
// clone), a hook, an MCP server, and plugin statuses.
const matchStream = `{"kind":"workspace","root":"/ws","members":[],"inputs":["/ws/Cargo.toml","/ws/Cargo.lock"]}
{"kind":"source","name":"local","dir":"/src/local","inputs":["/src/local"],"tree":["/src/local/SYMPOSIUM.toml"]}
{"kind":"source","name":"team","dir":"/cache/team","git":"https://example.com/team","inputs":["/cache/team/.git/HEAD"],"checked":"/cache/team.checked"}
{"kind":"source","name":"away","dir":"","inputs":[]}
{"kind":"source","name":"symposium-recommendations","dir":"/snap","embedded":true,"inputs":[]}
{"kind":"skill","name":"a","plugin":"p","source":"local","dir":"/src/local/p/a"}
{"kind":"skill","name":"b","plugin":"q","source":"team","dir":"/cache/team/q/b"}
{"kind":"hook","plugin":"p","name":"h","event":"PreToolUse","command":"true","dir":"/src/local/p"}
{"kind":"mcp_server","plugin":"p","name":"m","type":"stdio","command":"m"}
{"kind":"rejected","what":"plugin","name":"r","reason":"no crate"}
{"kind":"plugin_status","name":"c1","state":"candidate"}
{"kind":"plugin_status","name":"d1","state":"dormant"}
{"kind":"plugin_status","name":"w","state":"active","approval":"awaiting"}
`

// TestReadMatch: the summary counts, the fingerprint's paths and the notes
// come from the match stream's records, with or without --explain.
func TestReadMatch(t *testing.T) {
	for _, explain := range []bool{false, true} {
		m, err := readMatch(strings.NewReader(matchStream), explain)
		if err != nil {
			t.Fatalf("explain=%v: %v", explain, err)
		}
		s := m.sum
		if s.WorkspaceRoot != "/ws" || s.Matched.Skills != 2 || s.Matched.Hooks != 1 || s.Matched.MCPServers != 1 {
			t.Errorf("explain=%v: root %q, matched %+v", explain, s.WorkspaceRoot, s.Matched)
		}
		if s.Approval != "awaiting" || len(s.Statuses) != 3 || len(s.Candidates) != 1 || s.Candidates[0].Name != "c1" {
			t.Errorf("explain=%v: approval %q, statuses %d, candidates %+v", explain, s.Approval, len(s.Statuses), s.Candidates)
		}
		fp := m.fingerprint(nil, time.Time{})
		want := fingerprint{
			workspace:  []string{"/ws/Cargo.toml", "/ws/Cargo.lock"},
			sources:    []string{"/src/local", "/cache/team/.git/HEAD"},
			sourceTree: []string{"/src/local/SYMPOSIUM.toml"},
			refresh:    []string{"/cache/team.checked"},
			skillDirs:  []string{"/src/local/p/a"}, // the clone's skill is not stamped
			unread:     []string{"away"},
		}
		if !reflect.DeepEqual(fp, want) {
			t.Errorf("explain=%v: fingerprint\n got %+v\nwant %+v", explain, fp, want)
		}
		notes := strings.Join(m.notes(), "\n")
		for _, w := range []string{"away unreadable", "symposium-recommendations from the built-in snapshot", "awaits approval", "awaiting consent: c1", "1 dormant"} {
			if !strings.Contains(notes, w) {
				t.Errorf("explain=%v: notes lack %q:\n%s", explain, w, notes)
			}
		}
		tr := s.Trace
		got := []int{len(tr.Skills), len(tr.Hooks), len(tr.MCPServers), len(tr.Statuses), len(tr.Rejected)}
		wantTrace := []int{0, 0, 0, 0, 0}
		if explain {
			wantTrace = []int{2, 1, 1, 3, 1}
		}
		if !reflect.DeepEqual(got, wantTrace) {
			t.Errorf("explain=%v: trace counts %v, want %v", explain, got, wantTrace)
		}
		if explain && tr.Skills[1].Plugin != "q" {
			t.Errorf("trace skill: %+v", tr.Skills[1])
		}
	}
}

// TestReadMatchApproval: a changed approval wins over an awaiting one,
// whatever their order.
func TestReadMatchApproval(t *testing.T) {
	tests := []struct {
		states []string
		want   string
	}{
		{nil, ""},
		{[]string{"awaiting"}, "awaiting"},
		{[]string{"awaiting", "changed"}, "changed"},
		{[]string{"changed", "awaiting"}, "changed"},
		{[]string{"", "approved"}, ""},
	}
	for _, tc := range tests {
		var b strings.Builder
		for i, s := range tc.states {
			b.WriteString(`{"kind":"plugin_status","name":"p` + string(rune('0'+i)) + `","state":"active","approval":"` + s + `"}` + "\n")
		}
		m, err := readMatch(strings.NewReader(b.String()), false)
		if err != nil {
			t.Fatal(err)
		}
		if m.sum.Approval != tc.want {
			t.Errorf("%v: approval %q, want %q", tc.states, m.sum.Approval, tc.want)
		}
	}
}

// TestReadStreamErrors: a stream that does not parse is an error naming
// the stage's output and the line.
func TestReadStreamErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
		read           func(io.Reader) error
	}{
		{"match not json", "{\"kind\":\"workspace\",\"root\":\"/ws\"}\nnot json\n", "sym-match output:2: not a JSON record", readMatchErr},
		{"match bad skill", `{"kind":"skill","dir":7}` + "\n", "sym-match output:1: bad skill record", readMatchErr},
		{"match no kind", `{"name":"x"}` + "\n", "sym-match output:1: record has no \"kind\" field", readMatchErr},
		{"install bad action", `{"kind":"action","op":1}` + "\n", "sym-install output:1: bad action record", readInstallErr},
	}
	for _, tc := range tests {
		err := tc.read(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func readMatchErr(r io.Reader) error   { _, err := readMatch(r, false); return err }
func readInstallErr(r io.Reader) error { _, err := readInstall(r); return err }

// TestReadInstall keeps actions, gates and the gates' inputs, in order,
// and skips records of other kinds (warnings).
func TestReadInstall(t *testing.T) {
	in := `{"kind":"action","op":"skill","agent":"claude","path":"/ws/.claude/skills/a","status":"created","name":"a"}
{"kind":"warning","message":"w"}
{"kind":"gate","agent":"codex","setting":"x"}
{"kind":"gate_input","agent":"codex","path":"/home/.codex/config.toml"}
{"kind":"action","op":"hooks","agent":"claude","path":"/ws/.claude/settings.json","status":"unchanged"}
`
	res, err := readInstall(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.actions) != 2 || res.actions[0].Name != "a" || res.actions[1].Op != "hooks" {
		t.Errorf("actions: %+v", res.actions)
	}
	if len(res.gates) != 1 || res.gates[0].Agent != "codex" {
		t.Errorf("gates: %+v", res.gates)
	}
	if !reflect.DeepEqual(res.gateInputs, []string{"/home/.codex/config.toml"}) {
		t.Errorf("gate inputs: %v", res.gateInputs)
	}
}

// TestTeeMatch: sym-install gets the whole match stream, byte for byte,
// whether it parses or not, and both ends are closed after.
func TestTeeMatch(t *testing.T) {
	for _, in := range []string{matchStream, "{\"kind\":\"workspace\"}\nnot json\n" + matchStream} {
		var out closingBuffer
		src := &closingReader{Reader: strings.NewReader(in)}
		copied := make(chan struct{})
		_, err := teeMatch(src, &out, false, copied)
		if out.String() != in {
			t.Errorf("sym-install got %q, want %q", out.String(), in)
		}
		// The end of sym-install's stream waits for the stages' exit
		// statuses (endInput): the tee only says all of it is copied.
		if _, isClosed := <-copied; isClosed || out.closed || !src.closed {
			t.Errorf("copied signalled %v; closed: writer %v (want false), reader %v", !isClosed, out.closed, src.closed)
		}
		if (err != nil) != strings.Contains(in, "not json") {
			t.Errorf("error %v", err)
		}
	}
	// A sym-install that exited: the rest of the stream is still read.
	src := &closingReader{Reader: strings.NewReader(matchStream)}
	m, err := teeMatch(src, failingWriter{}, false, make(chan struct{}))
	if err != nil || m.sum.Matched.Skills != 2 {
		t.Errorf("with a dead reader: %v, %+v", err, m)
	}
}

type closingBuffer struct {
	bytes.Buffer
	closed bool
}

func (b *closingBuffer) Close() error { b.closed = true; return nil }

type closingReader struct {
	io.Reader
	closed bool
}

func (r *closingReader) Close() error { r.closed = true; return nil }

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }
func (failingWriter) Close() error              { return nil }

// TestStageArgs: what each stage is run with.
func TestStageArgs(t *testing.T) {
	tests := []struct {
		opts        Options
		match, inst []string
	}{
		{Options{Update: "none"}, []string{"--update", "none"}, []string{}},
		{Options{Update: "offline", DryRun: true}, []string{"--update", "offline"}, []string{"--dry-run", "--offline"}},
		{Options{Update: "fetch", Explain: true, AcceptDigest: []string{"t"}},
			[]string{"--update", "fetch", "--accept-digest", "t", "--explain"}, []string{"--accept-digest", "t"}},
	}
	for _, tc := range tests {
		if got := matchArgs(tc.opts); !reflect.DeepEqual(got, tc.match) {
			t.Errorf("%+v: sym-match %v, want %v", tc.opts, got, tc.match)
		}
		if got := installArgs(tc.opts); !reflect.DeepEqual(got, tc.inst) {
			t.Errorf("%+v: sym-install %v, want %v", tc.opts, got, tc.inst)
		}
	}
}

// TestHeldWriter: sym-install's diagnostics are held until the stages
// before it succeeded, then shown live; after a failure never shown.
func TestHeldWriter(t *testing.T) {
	tests := []struct {
		live, ok  bool
		shown     string
		stillHeld string
	}{
		{live: true, ok: true, shown: "before\nafter\n"},
		{live: true, ok: false, stillHeld: "before\nafter\n"},
		{live: false, ok: true, stillHeld: "before\nafter\n"},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		h := &heldWriter{live: tc.live, w: &out}
		h.Write([]byte("before\n"))
		if out.Len() != 0 {
			t.Errorf("%+v: shown before release: %q", tc, out.String())
		}
		h.release(tc.ok)
		h.Write([]byte("after\n"))
		if out.String() != tc.shown || h.buf.String() != tc.stillHeld {
			t.Errorf("%+v: shown %q, held %q", tc, out.String(), h.buf.String())
		}
	}
}

// TestDedupe drops empty and repeated paths and sorts.
func TestDedupe(t *testing.T) {
	got := dedupe([]string{"/b", "", "/a", "/b", "/c", "/a"})
	if want := []string{"/a", "/b", "/c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("dedupe: %v, want %v", got, want)
	}
}

// TestPluginNotes words the note about plugins waiting for the user.
func TestPluginNotes(t *testing.T) {
	tests := []struct {
		candidates []string
		dormant    int
		want       string
	}{
		{nil, 0, ""},
		{[]string{"a", "b"}, 0, "plugins awaiting consent: a, b ("},
		{nil, 2, "2 dormant ("},
		{[]string{"a"}, 1, "plugins awaiting consent: a, 1 dormant ("},
	}
	for _, tc := range tests {
		var cs []stream.PluginStatus
		for _, n := range tc.candidates {
			cs = append(cs, stream.PluginStatus{Name: n})
		}
		got := strings.Join(pluginNotes(cs, tc.dormant), "\n")
		if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%v, %d: %q, want prefix %q", tc.candidates, tc.dormant, got, tc.want)
		}
	}
}

// TestTeeDoesNotWaitForRead: sym-install's stdin gets the whole stream and
// is closed at its end while the orchestrator has not decoded it yet
// (here: read waits until then).
func TestTeeDoesNotWaitForRead(t *testing.T) {
	out := &bytes.Buffer{}
	src := &closingReader{Reader: strings.NewReader(matchStream)}
	copied := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tee(src, out, copied, func(rd io.Reader) {
			<-copied
			io.Copy(io.Discard, rd)
		})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the stream was not all copied to sym-install before it was decoded")
	}
	if out.String() != matchStream || !src.closed {
		t.Errorf("sym-install got %q (want the stream), reader closed %v", out.String(), src.closed)
	}
}
