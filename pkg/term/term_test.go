package term

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

func TestNotTerminals(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, v := range map[string]any{"/dev/null": null, "pipe": r, "reader": strings.NewReader(""), "nil file": (*os.File)(nil)} {
		if IsTerminal(v) {
			t.Errorf("IsTerminal(%s) = true", name)
		}
	}
}

// TestTerminal: a pseudo-terminal answers the terminal ioctl; on Windows
// the console input buffer has a console mode.
func TestTerminal(t *testing.T) {
	name := "/dev/ptmx"
	if runtime.GOOS == "windows" {
		name = "CONIN$"
	}
	tty, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no terminal to test with: %v", err)
	}
	defer tty.Close()
	if !IsTerminal(tty) {
		t.Errorf("IsTerminal(%s) = false", name)
	}
}
