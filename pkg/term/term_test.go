package term

import (
	"os"
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

// TestTerminal: a pseudo-terminal answers the terminal ioctl.
func TestTerminal(t *testing.T) {
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal to test with: %v", err)
	}
	defer ptmx.Close()
	if !IsTerminal(ptmx) {
		t.Error("IsTerminal(/dev/ptmx) = false")
	}
}
