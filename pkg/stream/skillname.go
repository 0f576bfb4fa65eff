package stream

import "path/filepath"

// ValidSkillName reports whether name can be a skill's install directory:
// one path segment, not hidden, no separators, drive letters or control
// characters, at most 255 bytes (the usual file-name limit). The matcher
// rejects other names when it reads a skill and the installer refuses
// them again, so a hand-edited stream cannot write outside a skill
// directory either.
func ValidSkillName(name string) bool {
	if name == "" || name[0] == '.' || len(name) > 255 {
		return false
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c == '/', c == '\\', c == ':', c < 0x20, c == 0x7f:
			return false
		}
	}
	return !filepath.IsAbs(name)
}
