package install

import (
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"
)

// encodeManifest writes m as go-toml/v2's Encoder with multiline arrays
// writes it, byte for byte, without its reflection: a sync writes each
// skills directory's manifest twice (the intent, then the result), each
// listing every skill and every file it wrote, and go-toml's encoding of
// them was a quarter of sym-install's own work at 1,000 skills.
// The layout it copies: the plain keys first (installed, then
// installed_for when not empty), then each table under a [header] in key
// order, a blank line before a header unless a header came just before;
// strings and keys quoted as go-toml quotes them (appendString, appendKey).
// manifest_encode_test.go checks it against go-toml over hostile strings.
func encodeManifest(m manifest) []byte {
	e := manifestEncoder{b: make([]byte, 0, 64*(len(m.Installed)+len(m.Files)+len(m.Agents))+256)}
	e.array("installed", m.Installed)
	if len(m.InstalledFor) > 0 {
		e.array("installed_for", m.InstalledFor)
	}
	if len(m.Agents) > 0 {
		e.header("agents")
		for _, name := range slices.Sorted(maps.Keys(m.Agents)) {
			am := m.Agents[name]
			e.header("agents", name)
			if len(am.MCPServers) > 0 {
				e.array("mcp_servers", am.MCPServers)
			}
			if len(am.Skills) > 0 {
				e.array("skills", am.Skills)
			}
		}
	}
	if len(m.Files) > 0 {
		e.header("files")
		for _, name := range sortedFileKeys(m) {
			files := m.Files[name]
			e.header("files", name)
			if len(files) == 1 { // most skills are one SKILL.md: no sort
				for f, sum := range files {
					e.pair(f, sum)
				}
				continue
			}
			for _, f := range slices.Sorted(maps.Keys(files)) {
				e.pair(f, files[f])
			}
		}
	}
	return e.b
}

// sortedFileKeys are m.Files' keys in order: the skills of m.Installed
// (which writeManifestAt sorted) that have files, when those are all of
// them, as they are in a manifest we wrote, else the keys sorted.
func sortedFileKeys(m manifest) []string {
	keys := make([]string, 0, len(m.Files))
	for i, name := range m.Installed {
		if i > 0 && m.Installed[i-1] >= name {
			return slices.Sorted(maps.Keys(m.Files)) // not sorted, or a duplicate
		}
		if _, ok := m.Files[name]; ok {
			keys = append(keys, name)
		}
	}
	if len(keys) != len(m.Files) {
		return slices.Sorted(maps.Keys(m.Files))
	}
	return keys
}

type manifestEncoder struct {
	b             []byte
	lastWasHeader bool
}

// array writes key = [ ... ] with one element a line, indented two spaces.
func (e *manifestEncoder) array(key string, vals []string) {
	e.b = appendTOMLKey(e.b, key)
	e.b = append(e.b, " = ["...)
	for i, v := range vals {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.b = append(e.b, "\n  "...)
		e.b = appendTOMLString(e.b, v)
	}
	if len(vals) > 0 {
		e.b = append(e.b, '\n')
	}
	e.b = append(e.b, "]\n"...)
	e.lastWasHeader = false
}

// pair writes key = 'value'.
func (e *manifestEncoder) pair(key, val string) {
	e.b = appendTOMLKey(e.b, key)
	e.b = append(e.b, " = "...)
	e.b = appendTOMLString(e.b, val)
	e.b = append(e.b, '\n')
	e.lastWasHeader = false
}

// header writes the header of the table named by the keys ([a] or [a.b]).
func (e *manifestEncoder) header(keys ...string) {
	if len(e.b) > 0 && !e.lastWasHeader {
		e.b = append(e.b, '\n')
	}
	e.b = append(e.b, '[')
	for i, k := range keys {
		if i > 0 {
			e.b = append(e.b, '.')
		}
		e.b = appendTOMLKey(e.b, k)
	}
	e.b = append(e.b, "]\n"...)
	e.lastWasHeader = true
}

// appendTOMLKey is go-toml's appendKey: bare when it can be.
func appendTOMLKey(b []byte, key string) []byte {
	bare := key != ""
	for i := 0; i < len(key) && bare; i++ {
		c := key[i]
		bare = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
	}
	if bare {
		return append(b, key...)
	}
	return appendTOMLString(b, key)
}

// appendTOMLString is go-toml's appendString: a literal string when s has
// no single quote, no control character and is valid UTF-8, else a basic
// string with go-toml's escapes.
func appendTOMLString(b []byte, s string) []byte {
	literal := true
	for i := 0; i < len(s) && literal; i++ {
		c := s[i]
		literal = c != '\'' && c != 0x7f && c >= 0x20
	}
	if literal && utf8.ValidString(s) {
		b = append(b, '\'')
		b = append(b, s...)
		return append(b, '\'')
	}
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\b':
			b = append(b, `\b`...)
		case c == '\f':
			b = append(b, `\f`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c == '\t':
			b = append(b, `\t`...)
		case c < 0x20 || c == 0x7f:
			b = fmt.Appendf(b, `\u%04X`, c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = fmt.Appendf(b, `\u%04X`, c) // as go-toml writes an invalid byte
				break
			}
			b = append(b, s[i:i+size]...)
			i += size
			continue
		}
		i++
	}
	return append(b, '"')
}
