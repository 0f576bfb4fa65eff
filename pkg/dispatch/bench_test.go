package dispatch

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// benchRun runs the whole in-process path b.N times: decode, config load,
// state lookup, fingerprint check (auto-sync on, nothing changed), hook
// selection, dispatch and encode.
func benchRun(b *testing.B, hooks ...stream.Hook) {
	f := newFixture(b, nil, hooks...)
	if err := os.WriteFile(filepath.Join(f.ws, "Cargo.toml"), []byte("[workspace]\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	// Re-seed so the fingerprint covers the Cargo.toml just written.
	f = newFixtureAt(b, f, hooks...)
	payload := f.payload(b, "claude/PreToolUse.json")
	opts := Options{Agent: "claude", Event: "PreToolUse", Payload: payload, Dirs: f.dirs, Version: "test",
		Sync: func(context.Context, string) error { b.Fatal("auto-sync ran on an unchanged workspace"); return nil }}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := Run(context.Background(), opts)
		if res.Exit != 0 || len(res.Stderr) > 0 {
			b.Fatalf("Run = exit %d stderr %q", res.Exit, res.Stderr)
		}
	}
}

func BenchmarkRunNoMatchingHook(b *testing.B) {
	benchRun(b, stream.Hook{Name: "post", Event: "PostToolUse", Command: "true"},
		stream.Hook{Name: "edit", Event: "PreToolUse", Matcher: "Edit|Write", Command: "true"})
}

func BenchmarkRunThreeTrueHooks(b *testing.B) {
	h := stream.Hook{Event: "PreToolUse", Matcher: "Bash", Command: "true"}
	benchRun(b, h, h, h)
}

// BenchmarkThreeShTrue is the floor for BenchmarkRunThreeTrueHooks: the
// three hook processes alone, started the plainest way.
func BenchmarkThreeShTrue(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for j := 0; j < 3; j++ {
			if err := exec.Command("/bin/sh", "-c", "true").Run(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
