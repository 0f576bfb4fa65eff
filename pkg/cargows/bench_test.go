package cargows

import (
	"path/filepath"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
)

// BenchmarkLoad measures Load on corpus workspaces; uv (70 members, 1473
// declarations, a 194 kB lock) is the largest.
func BenchmarkLoad(b *testing.B) {
	for _, name := range []string{"uv", "nushell", "fd"} {
		b.Run(name, func(b *testing.B) {
			dir := filepath.Join(sharedtest.Dir(b, "corpus"), "cargo", name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Load(Options{Dir: dir}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
