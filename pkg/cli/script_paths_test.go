package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// The binaries print paths in the system's own form, so on Windows a
// path in their output has backslashes (and doubled ones inside JSON
// strings), where the scripts' patterns say "/". Rather than write every
// pattern twice, the Windows run rewrites the scripts once: in the pattern
// of each stdout, stderr and grep line, a "/" matches either separator
// ("[/\\]+"; inside a character class, "/" gains "\\"). Nothing else of
// a script changes, and "/" in the files it creates or in the paths it
// passes stays as it is (Windows takes both separators).

// windowsScripts writes dir's scripts, rewritten so, into a new directory
// and returns their paths.
func windowsScripts(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var files []string
	for _, name := range names {
		a, err := txtar.ParseFile(name)
		if err != nil {
			t.Fatal(err)
		}
		a.Comment = []byte(slashPatterns(string(a.Comment)))
		file := filepath.Join(out, filepath.Base(name))
		if err := os.WriteFile(file, txtar.Format(a), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	return files
}

// slashPatterns rewrites the patterns in script, line by line.
func slashPatterns(script string) string {
	lines := strings.SplitAfter(script, "\n")
	for i, line := range lines {
		lines[i] = slashPatternLine(line)
	}
	return strings.Join(lines, "")
}

// slashPatternLine rewrites the pattern of one stdout, stderr or grep line
// (its first argument that is not a flag); it returns other lines as
// they are.
func slashPatternLine(line string) string {
	rest := strings.TrimLeft(line, " \t")
	for strings.HasPrefix(rest, "[") { // conditions
		end := strings.Index(rest, "]")
		if end < 0 {
			return line
		}
		rest = strings.TrimLeft(rest[end+1:], " \t")
	}
	rest = strings.TrimLeft(strings.TrimPrefix(rest, "!"), " \t")
	cmd, _, _ := strings.Cut(rest, " ")
	if cmd != "stdout" && cmd != "stderr" && cmd != "grep" {
		return line
	}
	// Walk the words after the command to the first that is no flag.
	pos := len(line) - len(rest) + len(cmd)
	for {
		for pos < len(line) && (line[pos] == ' ' || line[pos] == '\t') {
			pos++
		}
		end := wordEnd(line, pos)
		if end == pos {
			return line
		}
		if line[pos] != '-' {
			return line[:pos] + slashRegexp(line[pos:end]) + line[end:]
		}
		pos = end
	}
}

// wordEnd is where the testscript word starting at pos ends: at
// whitespace outside single quotes (a doubled quote inside is a quote).
func wordEnd(line string, pos int) int {
	quoted := false
	for i := pos; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\'':
			quoted = !quoted
		case !quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return i
		}
	}
	return len(line)
}

// slashRegexp makes each "/" of the regular expression word (as written
// in the script, quotes included) match "/" or "\" too. testscript has no
// backslash escapes of its own, so the regular expression's escapes are
// the word's.
func slashRegexp(word string) string {
	var b strings.Builder
	class := false
	for i := 0; i < len(word); i++ {
		c := word[i]
		switch {
		case c == '\\' && i+1 < len(word) && word[i+1] == '/':
			i++
			c = '/'
		case c == '\\' && i+1 < len(word):
			b.WriteString(word[i : i+2])
			i++
			continue
		case c == '[' && !class:
			class = true
			b.WriteByte(c)
			// "]" right after "[" or "[^" is a member, not the end.
			if i+1 < len(word) && word[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(word) && word[i+1] == ']' {
				b.WriteByte(']')
				i++
			}
			continue
		case c == ']' && class:
			class = false
		}
		switch {
		case c == '/' && class:
			b.WriteString(`/\\`)
		case c == '/':
			b.WriteString(`[/\\]+`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func TestSlashPatternLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{`stdout 'a/b'`, `stdout 'a[/\\]+b'`},
		{`! stderr '^x: .*/ws/Cargo.toml:7'` + "\n", `! stderr '^x: .*[/\\]+ws[/\\]+Cargo.toml:7'` + "\n"},
		{`stdout -count=1 '"dir":"[^"/]*/ws"'`, `stdout -count=1 '"dir":"[^"/\\]*[/\\]+ws"'`},
		{`[!windows] stdout a/b`, `[!windows] stdout a[/\\]+b`},
		{`stdout 'it''s a\/b \[/\]'`, `stdout 'it''s a[/\\]+b \[[/\\]+\]'`},
		{`stdout '[]/]x'`, `stdout '[]/\\]x'`},
		{`grep 'a/b' dir/file`, `grep 'a[/\\]+b' dir/file`},
		// "\\" is a backslash alone: a pattern strict about Windows' separator
		{`[windows] stdout 'x\.claude\\skills/y'`, `[windows] stdout 'x\.claude\\skills[/\\]+y'`},
		{`exec cargo-agents sync a/b`, `exec cargo-agents sync a/b`},
		{`cmp stdout want/file`, `cmp stdout want/file`},
		{`stdout`, `stdout`},
		{`# stdout a/b`, `# stdout a/b`},
	}
	for _, tt := range tests {
		if got := slashPatternLine(tt.in); got != tt.want {
			t.Errorf("slashPatternLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
