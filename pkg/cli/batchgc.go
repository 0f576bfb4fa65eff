package cli

import (
	"os"
	"runtime/debug"
)

// batchGCPercent is the garbage collector's target for a sync stage. A
// stage runs for tens of milliseconds and keeps most of what it allocates
// (records, file contents) until it exits, so the default target (100)
// has the collector trace the same live heap again and again: about a
// tenth of a first sync's CPU across the stages, at a few megabytes more
// of peak memory.
const batchGCPercent = 400

// BatchGC sets the collector's target for a short batch process (sym-deps,
// sym-match, sym-install) unless the user's GOGC already sets one.
func BatchGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(batchGCPercent)
	}
}
