package cli

import (
	"runtime/debug"
	"testing"
)

// TestBatchGC: a stage raises the collector's target, unless the user's
// GOGC sets one (the runtime applied that at start; BatchGC keeps it).
func TestBatchGC(t *testing.T) {
	tests := []struct {
		name, gogc string
		before     int // the target the process started with
		want       int
	}{
		{"no GOGC: the batch target", "", 100, batchGCPercent},
		{"the user's GOGC wins", "50", 50, 50},
		{"GOGC=off stays off", "off", -1, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			old := debug.SetGCPercent(tc.before)
			defer debug.SetGCPercent(old)
			BatchGC()
			if got := debug.SetGCPercent(tc.before); got != tc.want {
				t.Errorf("GC target after BatchGC = %d, want %d", got, tc.want)
			}
		})
	}
}
