package plugin

import (
	"unicode"
	"unicode/utf8"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// checkPrintable refuses a name that holds a character a terminal could
// take as a command or that disguises the text around it: control
// characters (ESC starts the sequences that clear a screen or set a
// window title), format characters such as U+202E (right-to-left
// override), invalid UTF-8. A plugin's name is printed by status, plugin
// list and every message about it, and a crate's embedded manifest is
// written by the crate's author, so it is checked like any other field.
func checkPrintable(path string, line int, what, name string) error {
	for i, r := range name {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			return pos.Errorf(path, line, 1, "%s %q holds %U at byte %d, a control or formatting character; a name must be printable text", what, name, r, i)
		}
	}
	return nil
}
