package syncstate

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestStampsFresh covers the parallel check on more stamps than one chunk:
// a change anywhere (first, middle, last, a file gone, a file appeared) is
// seen.
func TestStampsFresh(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := 0; i < 1000; i++ {
		p := filepath.Join(dir, fmt.Sprintf("f%04d", i))
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	absent := filepath.Join(dir, "absent")
	paths = append(paths, absent)
	stamps := Stamp(paths)
	if !StampsFresh(stamps) {
		t.Fatal("StampsFresh = false right after Stamp")
	}
	tests := []struct {
		name   string
		change func() error
		undo   func() error
	}{
		{"first edited", func() error { return os.WriteFile(paths[0], []byte("yy"), 0o644) }, func() error { return os.WriteFile(paths[0], []byte("x"), 0o644) }},
		{"middle removed", func() error { return os.Remove(paths[500]) }, func() error { return os.WriteFile(paths[500], []byte("x"), 0o644) }},
		{"last edited", func() error { return os.WriteFile(paths[999], []byte("zz"), 0o644) }, func() error { return os.WriteFile(paths[999], []byte("x"), 0o644) }},
		{"absent appeared", func() error { return os.WriteFile(absent, nil, 0o644) }, func() error { return os.Remove(absent) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.change(); err != nil {
				t.Fatal(err)
			}
			if StampsFresh(stamps) {
				t.Error("StampsFresh = true after a change")
			}
			if err := tc.undo(); err != nil {
				t.Fatal(err)
			}
			// Restore the recorded mtimes so the next case starts fresh.
			stamps = Stamp(paths)
		})
	}
}
