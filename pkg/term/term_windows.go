//go:build windows

package term

import (
	"os"

	"golang.org/x/sys/windows"
)

// isTerminal asks for the console mode, which only a console handle has:
// NUL is a character device too, and a prompt read from it gets no answer.
func isTerminal(f *os.File) bool {
	var mode uint32
	return windows.GetConsoleMode(windows.Handle(f.Fd()), &mode) == nil
}
