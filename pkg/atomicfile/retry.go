package atomicfile

import (
	"fmt"
	"time"
)

// renameWaits are the pauses between attempts to rename over a target that
// another program holds open (Windows only: there the rename is refused
// until the program closes it). About two seconds in all: an agent reading
// its settings closes them in milliseconds, and a hook must not wait long.
var renameWaits = []time.Duration{
	5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond,
	80 * time.Millisecond, 160 * time.Millisecond, 320 * time.Millisecond, 640 * time.Millisecond,
	time.Second,
}

// renameRetrying calls rename until it succeeds, fails for a reason busy
// does not recognise, or renameWaits are spent; wait pauses between tries
// (time.Sleep; tests pass their own). The last error is wrapped with what
// to do about it.
func renameRetrying(path string, rename func() error, busy func(error) bool, wait func(time.Duration)) error {
	err := rename()
	for i := 0; err != nil && busy(err) && i < len(renameWaits); i++ {
		wait(renameWaits[i])
		err = rename()
	}
	if err != nil && busy(err) {
		return fmt.Errorf("%s was not changed: another program holds it open or it is read-only "+
			"(close the agent or editor using it, or clear its read-only attribute, and run again): %w", path, err)
	}
	return err
}
