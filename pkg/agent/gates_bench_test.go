package agent

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// BenchmarkRegisterAndGates is a first sync's hook work for the seven
// agents of the bench (scripts/bench.sh): register each one's hooks in a
// fresh workspace, then check its gates, as sym-install does.
func BenchmarkRegisterAndGates(b *testing.B) {
	names := []string{"claude", "codex", "copilot", "gemini", "goose", "kiro", "opencode"}
	root := b.TempDir()
	for i := 0; b.Loop(); i++ {
		ws := filepath.Join(root, "ws", string(rune('a'+i%26)), filepath.Base(b.TempDir()))
		home := filepath.Join(root, "home")
		os.MkdirAll(ws, 0o755)
		tg := Target{Workspace: ws, Home: home, Scope: ScopeProject, Command: HookExecutable}
		for _, n := range names {
			a, _ := Lookup(n)
			if a.HasHooks() {
				if _, err := a.RegisterHooks(realFiles(), tg); err != nil {
					b.Fatal(err)
				}
			}
			a.Gates(realFiles(), tg)
		}
	}
}

// TestGatesReadFilesAfresh: a Gates call parses each file once, but the
// next call (after the user, or a gate's Open, changed it) reads it anew,
// and every read is noted each time.
func TestGatesReadFilesAfresh(t *testing.T) {
	root := t.TempDir()
	tg := Target{Workspace: filepath.Join(root, "ws"), Home: filepath.Join(root, "home"), Scope: ScopeProject, Command: HookExecutable}
	os.MkdirAll(tg.Workspace, 0o755)
	kiro, _ := Lookup("kiro")
	if _, err := kiro.RegisterHooks(realFiles(), tg); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(tg.Home, ".kiro", "settings", "cli.json")
	gates := func(want int) []string {
		t.Helper()
		var read []string
		tg := tg
		tg.Read = &read
		if got := kiro.Gates(realFiles(), tg); len(got) != want {
			t.Fatalf("%d gates, want %d: %+v", len(got), want, got)
		}
		return read
	}
	first := gates(1)
	os.MkdirAll(filepath.Dir(settings), 0o755)
	if err := os.WriteFile(settings, []byte(`{"chat.defaultAgent": "symposium"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if second := gates(0); !reflect.DeepEqual(first, second) {
		t.Errorf("files read: %v, then %v", first, second)
	}
}
