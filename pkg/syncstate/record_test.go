package syncstate

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func store(t *testing.T, cache string, st *State) {
	t.Helper()
	data, err := Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(hookrecord.Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hookrecord.Path(cache, st.WorkspaceRoot), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHookRecord stores hooks of several events and matchers, interleaved,
// with fields that need quoting, and reads back exactly the ones a call
// selects, in dispatch order, from records small (read whole) and large
// (header read, hooks read from the open file).
func TestHookRecord(t *testing.T) {
	for _, n := range []int{3, 600} {
		t.Run(fmt.Sprint(n, " hooks"), func(t *testing.T) {
			cache := t.TempDir()
			root := filepath.Join(t.TempDir(), "odd \"ws\"\nname")
			var hooks []stream.Hook
			matchers := []string{"Bash", "", "Edit|Write", "\"quoted\"\nmatcher"}
			for i := range n {
				hooks = append(hooks, stream.Hook{Kind: stream.KindHook, Plugin: "p", Name: fmt.Sprintf("h%03d", i),
					Event: []string{"PreToolUse", "PostToolUse"}[i%2], Matcher: matchers[i%len(matchers)], Command: "./x"})
			}
			cfg := &HookConfig{File: "/home/me/.symposium/config.toml", Agents: []string{"claude", "codex"}, HookScope: "project", AutoSync: true, LogLevel: "debug"}
			store(t, cache, &State{Hooks: hooks, Header: hookrecord.Header{WorkspaceRoot: root, Extra: "e", Trusted: true, Config: cfg,
				Inputs: Stamps{{Path: "/a b/Cargo.toml", Size: 10, MTime: 123}, {Path: "/gone", Size: -1}}}})
			st, err := Load(cache, root)
			if err != nil || st == nil {
				t.Fatalf("Load = %v, %v", st, err)
			}
			defer st.Close()
			if st.WorkspaceRoot != root || st.Extra != "e" || !st.Trusted || len(st.Inputs) != 2 || st.Inputs[0].Path != "/a b/Cargo.toml" || st.Inputs[1].Size != -1 {
				t.Errorf("header read back as %+v", st)
			}
			if !reflect.DeepEqual(st.Config, cfg) {
				t.Errorf("config read back as %+v, want %+v", st.Config, cfg)
			}
			for _, tc := range []struct {
				event string
				sel   func(string) bool
			}{
				{"PreToolUse", func(m string) bool { return m == "Bash" || m == "" }},
				{"PostToolUse", func(string) bool { return true }},
				{"PreToolUse", func(m string) bool { return strings.Contains(m, "quoted") }},
				{"Stop", func(string) bool { return true }},
			} {
				var want []stream.Hook
				for _, h := range hooks {
					if h.Event == tc.event && tc.sel(h.Matcher) {
						want = append(want, h)
					}
				}
				got, err := st.HooksFor(tc.event, tc.sel)
				if err != nil || len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
					t.Errorf("HooksFor(%s) = %d hooks, %v; want %d", tc.event, len(got), err, len(want))
				}
			}
		})
	}
}

// TestHookRecordBroken: a truncated, foreign or older record reads as
// none (sync again), never as an error or a panic.
func TestHookRecordBroken(t *testing.T) {
	cache, root := t.TempDir(), t.TempDir()
	store(t, cache, &State{Header: hookrecord.Header{WorkspaceRoot: root, Trusted: true}, Hooks: []stream.Hook{{Event: "PreToolUse", Matcher: "Bash", Command: "x"}}})
	good, err := os.ReadFile(hookrecord.Path(cache, root))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"empty":          "",
		"json of v2":     `{"version":2,"workspace_root":"` + root + `"}`,
		"other header":   strings.Replace(string(good), "record 3", "record 9", 1),
		"truncated head": string(good[:20]),
		"truncated body": string(good[:len(good)-10]),
		"bad stamp":      strings.Replace(string(good), "trusted true", "trusted true\nin x y /p", 1),
		"other root":     strings.Replace(string(good), root, root+"x", 1),
	} {
		if err := os.WriteFile(hookrecord.Path(cache, root), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := Load(cache, root)
		if st != nil || err != nil {
			t.Errorf("%s: Load = %+v, %v; want nil, nil", name, st, err)
		}
	}
}

// TestConfigIfCurrent: the stored config stands in for the file only
// while the file's stamp is as stored and the record is trusted.
func TestConfigIfCurrent(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(file, []byte("auto-sync = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &HookConfig{File: file, AutoSync: true}
	st := &State{Header: hookrecord.Header{Trusted: true, Inputs: hookrecord.Stamp([]string{file}), Config: cfg}}
	if st.ConfigIfCurrent(file) != cfg {
		t.Fatal("ConfigIfCurrent = nil for an unchanged file")
	}
	if st.ConfigIfCurrent(file+".other") != nil {
		t.Error("ConfigIfCurrent answered for another file")
	}
	untrusted := *st
	untrusted.Trusted = false
	if untrusted.ConfigIfCurrent(file) != nil {
		t.Error("ConfigIfCurrent trusted an untrusted record")
	}
	if err := os.WriteFile(file, []byte("auto-sync = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if st.ConfigIfCurrent(file) != nil {
		t.Error("ConfigIfCurrent = stored config after the file changed")
	}
}

func TestSyncRecord(t *testing.T) {
	cache, root := t.TempDir(), t.TempDir()
	r := &Record{Skills: 5000, Hooks: 3, MCPServers: 2,
		Gates: []stream.Gate{{Kind: stream.KindGate, Agent: "codex", Problem: "p", Fix: "line one\nline two"}},
		Files: Stamps{{Path: "/x", Size: 1, MTime: 2}, {Path: "/with\nbreak", Size: -1}}}
	data, err := EncodeRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(hookrecord.Dir(cache), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(RecordPath(cache, root), data, 0o644); err != nil {
		t.Fatal(err)
	}
	got := LoadRecord(cache, root)
	if !reflect.DeepEqual(got, r) {
		t.Errorf("LoadRecord = %+v, want %+v", got, r)
	}
	if err := os.WriteFile(RecordPath(cache, root), data[:len(data)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	if got := LoadRecord(cache, root); got != nil {
		t.Errorf("LoadRecord of a cut record = %+v, want nil", got)
	}
}

// TestNoState: the hook path asks a state it did not find (nil) for its
// config and freshness, which must answer "none", not panic.
func TestNoState(t *testing.T) {
	var st *State
	if st.ConfigIfCurrent("/config.toml") != nil || st.Fresh("x") {
		t.Fatal("a nil state has a config or is fresh")
	}
}
