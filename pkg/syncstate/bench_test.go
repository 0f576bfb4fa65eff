package syncstate

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
)

// BenchmarkRecordCheck is what a no-change sync does with a sync record
// holding 5,000 matched skills' trees (a directory and a SKILL.md each):
// read the record, then stat every path in it.
func BenchmarkRecordCheck(b *testing.B) {
	cache, src := b.TempDir(), b.TempDir()
	var dirs []string
	for i := 0; i < 5000; i++ {
		d := filepath.Join(src, fmt.Sprintf("skill-%04d", i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "SKILL.md"), []byte("---\nname: x\n---\nBody.\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		dirs = append(dirs, d)
	}
	data, err := EncodeRecord(&Record{Files: StampTrees(dirs)})
	if err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(hookrecord.Dir(cache), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(RecordPath(cache, "/ws"), data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("load", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if LoadRecord(cache, "/ws") == nil {
				b.Fatal("no record")
			}
		}
	})
	rec := LoadRecord(cache, "/ws")
	b.Run("stat", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if !hookrecord.StampsFresh(rec.Files) {
				b.Fatal("not fresh")
			}
		}
	})
}
