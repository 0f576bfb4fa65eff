package hif

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
)

// vectorsDir holds the draft's conformance vectors (read-only, shared).
var vectorsDir = sharedtest.Path("spec", "hif", "test-vectors")

type vector struct {
	Comment  string          `json:"_comment"`
	Warnings []string        `json:"_warnings"`
	Hooks    json.RawMessage `json:"hooks"`
}

func readVector(t *testing.T, path string) (vector, []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("test vectors not available: %v", err)
	}
	var v vector
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v, data
}

func vectorNames(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(vectorsDir, "canonical", "*.json"))
	if err != nil || len(files) == 0 {
		t.Skipf("no test vectors under %s", vectorsDir)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	return names
}

// TestVectors converts every canonical vector to every provider the draft
// has expectations for and checks the output and the warnings.
func TestVectors(t *testing.T) {
	for _, name := range vectorNames(t) {
		_, canonical := readVector(t, filepath.Join(vectorsDir, "canonical", name+".json"))
		m, err := Parse(name+".json", canonical)
		if err != nil {
			t.Fatalf("Parse(canonical/%s) = %v", name, err)
		}
		for _, prov := range []string{ProviderClaude, ProviderCursor, ProviderGemini} {
			t.Run(prov+"/"+name, func(t *testing.T) {
				want, _ := readVector(t, filepath.Join(vectorsDir, prov, name+".json"))
				res, err := Encode(prov, m, Options{})
				if err != nil {
					t.Fatalf("Encode(%s) = %v", prov, err)
				}
				var got struct {
					Version int             `json:"version"`
					Hooks   json.RawMessage `json:"hooks"`
				}
				if err := json.Unmarshal(res.Output, &got); err != nil {
					t.Fatal(err)
				}
				switch prov {
				case ProviderClaude:
					if d := cmp.Diff(generic(t, want.Hooks), generic(t, got.Hooks)); d != "" {
						t.Errorf("hooks (-want +got):\n%s", d)
					}
				case ProviderCursor:
					if got.Version != 1 {
						t.Errorf("version = %d, want 1 (what .cursor/hooks.json carries)", got.Version)
					}
					if d := cmp.Diff(cursorArrays(t, want.Hooks), generic(t, got.Hooks)); d != "" {
						t.Errorf("hooks (-want +got):\n%s", d)
					}
				case ProviderGemini:
					if d := cmp.Diff(geminiFlatTuples(t, want.Hooks), geminiTuples(t, got.Hooks)); d != "" {
						t.Errorf("event/tool/command/timeout (-want +got):\n%s", d)
					}
				}
				checkWarnings(t, want.Warnings, res.Warnings)
			})
		}
	}
}

func generic(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// cursorArrays turns the vectors' one-object-per-event into the array form
// Cursor reads.
func cursorArrays(t *testing.T, raw json.RawMessage) any {
	m := generic(t, raw).(map[string]any)
	for k, v := range m {
		if _, ok := v.([]any); !ok {
			m[k] = []any{v}
		}
	}
	return m
}

type geminiTuple struct {
	Event, Tool, Command string
	TimeoutMs            float64
}

func sortTuples(ts []geminiTuple) []geminiTuple {
	sort.Slice(ts, func(i, j int) bool { return fmt.Sprint(ts[i]) < fmt.Sprint(ts[j]) })
	return ts
}

// geminiFlatTuples reads the vectors' flat trigger/toolMatcher shape.
func geminiFlatTuples(t *testing.T, raw json.RawMessage) []geminiTuple {
	var entries []struct {
		Trigger, ToolMatcher, Command string
		TimeoutMs                     float64
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		t.Fatal(err)
	}
	var out []geminiTuple
	for _, e := range entries {
		out = append(out, geminiTuple{e.Trigger, e.ToolMatcher, e.Command, e.TimeoutMs})
	}
	return sortTuples(out)
}

// geminiTuples reads Gemini's grouped settings shape, one tuple per tool
// name of a matcher's alternation.
func geminiTuples(t *testing.T, raw json.RawMessage) []geminiTuple {
	var events map[string][]struct {
		Matcher string `json:"matcher"`
		Hooks   []struct {
			Type    string  `json:"type"`
			Command string  `json:"command"`
			Timeout float64 `json:"timeout"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(raw, &events); err != nil {
		t.Fatalf("Gemini output is not hooks.<Event>[{matcher, hooks}]: %v", err)
	}
	var out []geminiTuple
	for ev, groups := range events {
		for _, g := range groups {
			for _, h := range g.Hooks {
				if h.Type != "command" {
					t.Errorf("%s: handler type %q, want command", ev, h.Type)
				}
				for _, tool := range strings.Split(g.Matcher, "|") {
					out = append(out, geminiTuple{ev, tool, h.Command, h.Timeout})
				}
			}
		}
	}
	return sortTuples(out)
}

var hookN = regexp.MustCompile(`^Hook (\d+): `)

// expectedField says which field a vector's warning text is about.
func expectedField(text string) string {
	switch {
	case strings.Contains(text, "'platform'"):
		return "handler.platform"
	case strings.Contains(text, "'cwd'"):
		return "handler.cwd"
	case strings.Contains(text, "'env'"):
		return "handler.env"
	case strings.Contains(text, "provider_data."):
		return "provider_data." + regexp.MustCompile(`provider_data\.([a-z-]+)`).FindStringSubmatch(text)[1]
	case strings.Contains(text, "event '"):
		return "event"
	case strings.Contains(text, "matcher") || strings.Contains(text, "wildcard"):
		return "matcher"
	case strings.Contains(text, "blocking") || strings.Contains(text, "observe-only"):
		return "blocking"
	}
	return "?"
}

type warnKey struct {
	Hook  int
	Field string
}

// checkWarnings: every warning the vector lists is emitted (same hook,
// same field), and nothing else is.
func checkWarnings(t *testing.T, want []string, got []Warning) {
	t.Helper()
	var wantKeys, gotKeys []warnKey
	for _, w := range want {
		m := hookN.FindStringSubmatch(w)
		if m == nil {
			t.Fatalf("vector warning without a hook number: %q", w)
		}
		n, _ := strconv.Atoi(m[1])
		wantKeys = append(wantKeys, warnKey{n, expectedField(w)})
	}
	for _, w := range got {
		gotKeys = append(gotKeys, warnKey{w.Hook, w.Field})
	}
	less := func(a, b warnKey) bool { return fmt.Sprint(a) < fmt.Sprint(b) }
	sort.Slice(wantKeys, func(i, j int) bool { return less(wantKeys[i], wantKeys[j]) })
	sort.Slice(gotKeys, func(i, j int) bool { return less(gotKeys[i], gotKeys[j]) })
	if d := cmp.Diff(wantKeys, gotKeys); d != "" {
		t.Errorf("warnings (-want +got):\n%s\ngot:\n%s", d, joinWarnings(got))
	}
}

func joinWarnings(ws []Warning) string {
	var b strings.Builder
	for _, w := range ws {
		fmt.Fprintf(&b, "  %s [%s]\n", w, w.Field)
	}
	return b.String()
}

// TestVectorsDecode reads the expected Claude Code outputs back: every hook
// comes back with the canonical event, matcher, command, timeout and the
// blocking flag Claude's event semantics imply.
func TestVectorsDecode(t *testing.T) {
	type proj struct {
		Event, Matcher, Command string
		Timeout                 float64
		Blocking                bool
	}
	project := func(m *Manifest) []proj {
		var out []proj
		for _, h := range m.Hooks {
			mb := []byte("null")
			if h.Matcher != nil {
				mb, _ = json.Marshal(h.Matcher)
			}
			out = append(out, proj{h.Event, string(mb), h.Handler.Command, h.Handler.Timeout, h.Blocking})
		}
		return out
	}
	for _, name := range vectorNames(t) {
		t.Run(name, func(t *testing.T) {
			_, canonical := readVector(t, filepath.Join(vectorsDir, "canonical", name+".json"))
			want, err := Parse("", canonical)
			if err != nil {
				t.Fatal(err)
			}
			_, native := readVector(t, filepath.Join(vectorsDir, ProviderClaude, name+".json"))
			got, _, err := Decode("claude", name+".json", native)
			if err != nil {
				t.Fatalf("Decode = %v", err)
			}
			if d := cmp.Diff(project(want), project(got)); d != "" {
				t.Errorf("decoded (-want +got):\n%s", d)
			}
		})
	}
}
