//go:build !linux && !darwin && !dragonfly && !freebsd && !netbsd && !openbsd && !windows

package term

import "os"

// Elsewhere (Plan 9, wasm) there is no termios to ask: a
// character device is the best guess.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
