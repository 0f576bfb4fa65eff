package stream

import "path/filepath"

// SkillNameRule says what ValidSkillName accepts, for messages.
const SkillNameRule = "a skill name is 1 to 64 characters of lowercase a-z, 0-9 and single hyphens, not starting or ending with a hyphen (the Agent Skills rule)"

// ValidSkillName reports whether name follows the Agent Skills rule for a
// skill's name, which is also its install directory: 1 to 64 of a-z, 0-9
// and '-', no leading, trailing or doubled hyphen. So a name is always one
// safe path segment, and look-alikes (U+2010 for '-', uppercase, "-rf")
// cannot pass for another skill or an option. The matcher rejects other
// names when it reads a skill and the installer refuses them again, so a
// hand-edited stream cannot write outside a skill directory either.
func ValidSkillName(name string) bool {
	if name == "" || len(name) > 64 || name[0] == '-' || name[len(name)-1] == '-' {
		return false
	}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-' && name[i-1] != '-':
		default:
			return false
		}
	}
	return true
}

// SafePathSegment reports whether name is one path segment that stays in its
// directory: not empty, hidden, a separator, a drive letter or a control
// character. Names installed before the Agent Skills rule was enforced are
// judged by it, so that they can still be recognised and removed.
func SafePathSegment(name string) bool {
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
