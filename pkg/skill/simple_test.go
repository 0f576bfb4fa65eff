package skill

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/token"
	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
)

// fullFrontmatter is what parse gets from the general parser: fields, key
// positions and body.
func fullFrontmatter(data []byte, open int) (map[string]any, map[string]keyPos, []byte, error) {
	fields, root, body, err := splitFrontmatter("SKILL.md", data, open)
	if err != nil {
		return nil, nil, nil, err
	}
	return fields, keyPositions(root, open), body, nil
}

// agree runs the fast path on data and, when it answers, checks that the
// full parser gives the same fields, key positions and body. It returns
// whether the fast path answered.
func agree(t *testing.T, name string, data []byte) bool {
	t.Helper()
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	open := openingLine(data)
	if open == 0 {
		return false
	}
	fields, keys, body, ok := simpleFrontmatter(data, open)
	if !ok {
		return false
	}
	wantFields, wantKeys, wantBody, err := fullFrontmatter(data, open)
	if err != nil {
		t.Errorf("%s: the fast path answered, the full parser failed: %v", name, err)
		return true
	}
	if d := cmp.Diff(wantFields, fields); d != "" {
		t.Errorf("%s: fields differ (-full +fast):\n%s", name, d)
	}
	if d := cmp.Diff(wantKeys, keys, cmp.AllowUnexported(keyPos{})); d != "" {
		t.Errorf("%s: key positions differ (-full +fast):\n%s", name, d)
	}
	if !bytes.Equal(wantBody, body) {
		t.Errorf("%s: body differs: full %q, fast %q", name, wantBody, body)
	}
	return true
}

// TestSimpleFrontmatterAgrees holds the fast path to the full parser on
// every SKILL.md of the corpus: where it answers, it must answer what
// adrg/frontmatter and goccy/go-yaml do.
func TestSimpleFrontmatterAgrees(t *testing.T) {
	var files []string
	filepath.WalkDir(sharedtest.Dir(t, "corpus"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && d.Name() == FileName {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no SKILL.md in the corpus")
	}
	fast := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if agree(t, f, data) {
			fast++
		}
	}
	t.Logf("%d of %d corpus SKILL.md files took the fast path", fast, len(files))
	if fast == 0 {
		t.Error("no corpus SKILL.md took the fast path")
	}
}

// TestSimpleFrontmatterTricky: inputs near the fast path's edges. Each
// either takes the fast path and agrees with the full parser, or falls
// back (fast says which is expected).
func TestSimpleFrontmatterTricky(t *testing.T) {
	const body = "# Body\n\ntext\n"
	tests := []struct {
		name, front string
		fast        bool
	}{
		{"plain", "name: a\ndescription: Does things.\ncrates: serde\n", true},
		{"comma list", "name: a\ndescription: d\ncrates: serde, tokio>=1.0, regex ^1\n", true},
		{"depends-on", "name: a\ndescription: d\ndepends-on: serde\n", true},
		{"predicates", "name: a\ndescription: d\npredicates: shell(echo a, b), crate(serde)\n", true},
		{"blank lines", "\nname: a\n\ndescription: d\n\n", true},
		{"extra spaces after colon", "name:    a\ndescription: d\n", true},
		{"inner spaces", "name: a\ndescription: two  spaces   kept\n", true},
		{"url", "name: a\ndescription: see https://example.com/x?y=1\n", true},
		{"ampersand star bang", "name: a\ndescription: Tips & tricks * and ! too\n", true},
		{"question and equals", "name: a\ndescription: why? a=b, c<d, e~f\n", true},
		{"unicode", "name: a\ndescription: Serde — déjà vu, 日本語\n", true},
		{"dash inside", "name: a-b\ndescription: x-y z\n", true},
		{"indicators inside", "name: a\ndescription: use `x|y` > z % w @ v\n", true},
		{"digit start", "name: a\ndescription: 3 ways to do it\n", true},
		{"other keys", "name: a\ndescription: d\nlicense: MIT\nallowed-tools: Read\n", true},

		{"double quoted", "name: a\ndescription: \"quoted: with # and [x], {y} - z\"\n", true},
		{"single quoted", "name: 'a'\ndescription: 'it is: \"so\" # here'\n", true},
		{"quoted blanks kept", "name: a\ndescription: \"  spaced  \"\n", true},
		{"quoted reserved words", "name: \"true\"\ndescription: '1.0'\ncrates: \"*\"\n", true},
		{"quoted unicode", "name: a\ndescription: \"Serde — déjà vu\"\n", true},
		{"quoted empty", "name: a\ndescription: \"\"\n", false},
		{"doubled single quote", "name: a\ndescription: 'it''s'\n", false},
		{"escape", "name: a\ndescription: \"a \\\" b\"\n", false},
		{"escaped newline", "name: a\ndescription: \"a\\nb\"\n", false},
		{"backslash in single quotes", "name: a\ndescription: 'a\\nb'\n", true},
		{"quoted then comment", "name: a\ndescription: \"d\" # c\n", false},
		{"quoted then text", "name: a\ndescription: \"d\" e\n", false},
		{"quoted then blank", "name: a\ndescription: \"d\" \n", false},
		{"unclosed quote", "name: a\ndescription: \"d\n", false},
		{"quote across lines", "name: a\ndescription: \"d\n  e\"\n", false},
		{"tab in quotes", "name: a\ndescription: \"a\tb\"\n", false},
		{"quoted key", "\"name\": a\ndescription: d\n", false},
		{"apostrophe inside", "name: a\ndescription: serde's derive, 'quoted' bits\n", true},
		{"quote inside", "name: a\ndescription: say \"hi\" and \"x: y\"z\n", false},
		{"quotes inside", "name: a\ndescription: say \"hi\" and \"bye\"\n", true},
		{"block scalar", "name: a\ndescription: |\n  line one\n  line two\n", false},
		{"folded scalar", "name: a\ndescription: >-\n  folded\n", false},
		{"continuation", "name: a\ndescription: first\n  second\n", false},
		{"flow list", "name: a\ndescription: d\ncrates: [serde, tokio]\n", false},
		{"block list", "name: a\ndescription: d\ncrates:\n  - serde\n", false},
		{"brackets inside", "name: a\ndescription: use Vec[u8] here\n", false},
		{"comment line", "# c\nname: a\ndescription: d\n", false},
		{"trailing comment", "name: a\ndescription: d # c\n", false},
		{"hash inside", "name: a\ndescription: C#\n", false},
		{"colon space inside", "name: a\ndescription: note: this\n", false},
		{"trailing colon", "name: a\ndescription: note:\n", false},
		{"dash space inside", "name: a\ndescription: a - b\n", false},
		{"anchor", "name: &x a\ndescription: *x\n", false},
		{"alias star", "name: a\ndescription: d\ncrates: *\n", false},
		{"tag", "name: !!str a\ndescription: d\n", false},
		{"number", "name: a\ndescription: 1.0\n", false},
		{"int", "name: 42\ndescription: d\n", false},
		{"bool", "name: a\ndescription: true\n", false},
		{"legacy bool", "name: a\ndescription: yes\n", false},
		{"null", "name: a\ndescription: null\n", false},
		{"tilde", "name: a\ndescription: ~\n", false},
		{"date", "name: a\ndescription: 2024-01-02\n", false},
		{"empty value", "name: a\ndescription:\n", false},
		{"bool key", "true: a\nname: a\ndescription: d\n", false},
		{"legacy bool key", "yes: a\nname: a\ndescription: d\n", false},
		{"upper-case key", "Name: a\ndescription: d\n", false},
		{"indented key", "name: a\n  description: d\n", false},
		{"duplicate key", "name: a\nname: b\ndescription: d\n", false},
		{"trailing space", "name: a \ndescription: d\n", false},
		{"tab", "name:\ta\ndescription: d\n", false},
		{"tab inside", "name: a\ndescription: a\tb\n", false},
		{"carriage return", "name: a\r\ndescription: d\r\n", false},
		{"no-break space", "name: a\ndescription: a\u00a0b\n", false},
		{"line separator", "name: a\ndescription: a\u2028b\n", false},
		{"invalid utf-8", "name: a\ndescription: a\xffb\n", false},
		{"control char", "name: a\ndescription: a\x01b\n", false},
		{"document end", "name: a\n...\ndescription: d\n", false},
		{"directive", "%YAML 1.2\nname: a\n", false},
		{"no colon", "name a\ndescription: d\n", false},
		{"only blank lines", "\n\n", false},
		{"whitespace-only line", "name: a\n   \ndescription: d\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, data := range []string{
				"---\n" + tc.front + "---\n" + body,
				"\n  \n---\n" + tc.front + "---\n" + body, // opening --- after blank lines
				"---\n" + tc.front + " --- \n" + body,     // a closing line with blanks
				"---\n" + tc.front + "---",                // closed at the end of the file
				"\ufeff---\n" + tc.front + "---\n",        // byte order mark, empty body
			} {
				if got := agree(t, tc.name, []byte(data)); got != tc.fast {
					t.Errorf("%q: fast path taken = %v, want %v", data, got, tc.fast)
				}
			}
		})
	}
}

// TestSimpleFrontmatterFallsBack: what the fast path leaves to the full
// parser still parses, or fails, as before (the errors come from there).
func TestSimpleFrontmatterFallsBack(t *testing.T) {
	tests := []struct{ name, data, wantErr string }{
		{"unterminated", "---\nname: a\ndescription: d\n", "1:1: frontmatter opened with --- but never closed"},
		{"missing description", "---\nname: a\n---\n", "1:1: missing required field description"},
		{"both crate fields", "---\nname: a\ndescription: d\ncrates: a\ndepends-on: b\n---\n", "4:1: both crates and depends-on are set"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("SKILL.md", []byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Parse = %v, want an error containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestNeedsQuote: needsQuote is token.IsNeedQuoted made cheaper, so the
// two must agree, on the reserved words above all.
func TestNeedsQuote(t *testing.T) {
	words := []string{
		"serde", "serde>=1.0", "a b", "a: b", "a:b", "a -b", "a - b", "a-b", "a:", "a ", "C#", "a\\b",
		"Inf", "inf", "NaN", "nan", "infinity", "e5", "x1.0", "a_1", "Yes please", "no-op", "off-by-one",
		"t", "T", "f", "F", "Nil", "none", "None", "yES", "oN", "NUll",
		"0", "1.0", "0x1F", "0o7", "017", "1_000", "2024-01-02", "2024-01-02 10:00:00", "15:4", "3 ways",
		"https://example.com/x", "Tips & tricks", "why?", "a=b",
	}
	for _, w := range []string{"null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
		"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"} {
		words = append(words, w, w+"x", "x"+w)
	}
	for _, w := range words {
		if got, want := needsQuote(w), token.IsNeedQuoted(w); got != want {
			t.Errorf("needsQuote(%q) = %v, token.IsNeedQuoted says %v", w, got, want)
		}
	}
}

// BenchmarkParse: a generated skill's SKILL.md (scripts/genskills) through
// the fast path, and the same with its description quoted, which takes
// the full parser.
func BenchmarkParse(b *testing.B) {
	body := strings.Repeat("Guidance line 7 for serde.\n", 20)
	for _, bc := range []struct{ name, description string }{
		{"simple", "Generated skill 7 for serde."},
		{"full", `"Generated skill 7 for serde."`},
	} {
		data := []byte("---\nname: gen-skill-0007\ndescription: " + bc.description + "\ncrates: serde>=1.0\n---\n" + body)
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Parse("SKILL.md", data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
