package agent

import (
	"os"
	"path/filepath"
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
