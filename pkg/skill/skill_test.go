package skill

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
)

var corpus = sharedtest.Path("corpus")

// TestBrokenCorpus checks each hand-made broken SKILL.md against the file
// line that ../shared/corpus/broken/README.md expects.
func TestBrokenCorpus(t *testing.T) {
	tests := []struct {
		dir, file string
		want      string // the whole message after "path:"
		kind      error
	}{
		{"skill-unterminated-frontmatter", "serde-derive-basics/SKILL.md",
			"1:1: frontmatter opened with --- but never closed", ErrUnterminated},
		{"skill-invalid-yaml", "tokio-runtime/SKILL.md",
			"3:14: invalid YAML in frontmatter: could not find end character of double-quoted text", ErrInvalidYAML},
		{"skill-no-name", "anyhow-context/SKILL.md",
			"1:1: missing required field name", ErrMissingField},
		{"skill-no-frontmatter", "regex-basics/SKILL.md",
			"1:1: no frontmatter: SKILL.md must start with a --- line followed by name and description", ErrNoFrontmatter},
		{"skill-empty-description", "clap-derive/SKILL.md",
			"3:1: description has no value; it must be a non-empty string", ErrInvalidField},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			path := filepath.Join(corpus, "broken", tc.dir, tc.file)
			s, err := Load(path)
			if err == nil {
				t.Fatalf("Load(%s) = %+v, want an error", path, s)
			}
			if d := cmp.Diff(path+":"+tc.want, err.Error()); d != "" {
				t.Errorf("Load error (-want +got):\n%s", d)
			}
			if !errors.Is(err, tc.kind) {
				t.Errorf("errors.Is(%v, %v) = false", err, tc.kind)
			}
		})
	}
}

// TestBadCratesPredicate: the frontmatter is valid YAML; judging the
// predicate is the caller's job, which needs the crates line to report it.
func TestBadCratesPredicate(t *testing.T) {
	s, err := Load(filepath.Join(corpus, "broken/skill-bad-crates-predicate/serde-new-api/SKILL.md"))
	if err != nil {
		t.Fatal(err)
	}
	type view struct {
		Name, Crates    string
		Line, Col       int
		DirBase, Prefix string
	}
	want := view{"serde-new-api", "serde>=abc", 4, 1, "serde-new-api", "\n# serde 2\n"}
	got := view{s.Name, s.Crates, s.CratesLine, s.CratesCol, filepath.Base(s.Dir), string(s.Body[:11])}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Load (-want +got):\n%s", d)
	}
}

// indexEntry is one file of ../shared/corpus/skills/index.json.
type indexEntry struct {
	Path        string         `json:"path"`
	Frontmatter map[string]any `json:"frontmatter"`
	YAMLError   *struct {
		LineInFile int `json:"line_in_file"`
	} `json:"yaml_error"`
}

// TestRealSkills parses every real SKILL.md of the corpus. The skills
// index records, per file, what a strict YAML parser sees: the fields, or
// a yaml_error with its file line (README.md: one real-life file,
// microsoft-apm/docs-grounding-verifier, is invalid YAML). Each file must
// give the same fields, or fail at that line.
func TestRealSkills(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(corpus, "skills/index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var index struct{ Files []indexEntry }
	if err := json.Unmarshal(raw, &index); err != nil {
		t.Fatal(err)
	}
	byPath := map[string]indexEntry{}
	wantFailures := 0
	for _, e := range index.Files {
		byPath[filepath.Join(corpus, "skills", e.Path)] = e
		if e.YAMLError != nil {
			wantFailures++
		}
	}
	if wantFailures != 1 {
		t.Errorf("index.json lists %d invalid files; README.md says exactly one", wantFailures)
	}

	seen, failures, withCrates := 0, 0, 0
	for _, root := range []string{"skills", "recommendations"} {
		err := filepath.WalkDir(filepath.Join(corpus, root), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || d.Name() != FileName {
				return err
			}
			seen++
			s, err := Load(path)
			e, indexed := byPath[path]
			if indexed && e.YAMLError != nil {
				failures++
				var se *Error
				if !errors.As(err, &se) || se.File != path || se.Line != e.YAMLError.LineInFile || !errors.Is(err, ErrInvalidYAML) {
					t.Errorf("Load(%s) = %v, want an invalid-YAML error at line %d", path, err, e.YAMLError.LineInFile)
				}
				return nil
			}
			if err != nil {
				t.Errorf("Load(%s): %v", path, err)
				return nil
			}
			if s.Name == "" || s.Description == "" || s.Dir != filepath.Dir(path) || s.Path != path || len(s.Body) == 0 {
				t.Errorf("Load(%s): incomplete skill %+v", path, s)
			}
			if indexed {
				if d := cmp.Diff(asJSON(t, e.Frontmatter), asJSON(t, s.Fields)); d != "" {
					t.Errorf("Load(%s).Fields differ from index.json (-want +got):\n%s", path, d)
				}
			}
			if line := crateKeyLine(t, path); line != s.CratesLine {
				t.Errorf("Load(%s).CratesLine = %d, want %d", path, s.CratesLine, line)
			} else if line > 0 {
				withCrates++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// 27 in skills/ (README.md) and 5 in recommendations/.
	if seen != len(index.Files)+5 || failures != wantFailures {
		t.Errorf("saw %d SKILL.md files (%d failing), want %d (%d failing)", seen, failures, len(index.Files)+5, wantFailures)
	}
	// assert-struct, formality-core and toasty, in both trees (SOURCE.md).
	if withCrates != 6 {
		t.Errorf("%d skills have crates, want 6", withCrates)
	}
}

// asJSON round-trips v through JSON, as index.json was made, and drops the
// final newline of top-level strings on both sides: the index parsed the
// text between the --- lines without the last line's newline, so a block
// scalar ending the frontmatter (cargo-fuzz's "description: >") lost its
// clip newline there, while one in the middle (brag-sheet's) kept it.
func asJSON(t *testing.T, v map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	for k, x := range out {
		if s, ok := x.(string); ok {
			out[k] = strings.TrimSuffix(s, "\n")
		}
	}
	return out
}

// crateKeyLine finds the "crates:" line of a file by a plain text scan,
// independent of the YAML parser.
func crateKeyLine(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if i > 0 && strings.TrimSpace(l) == "---" {
			return 0
		}
		if strings.HasPrefix(l, "crates:") {
			return i + 1
		}
	}
	return 0
}

// TestFields checks fields that YAML reads as lists stay lists.
func TestFields(t *testing.T) {
	tests := []struct {
		file, field string
		want        any
	}{
		{"skills/trailofbits-skills/firebase-apk-scanner/SKILL.md", "argument-hint", []any{"apk-file-or-directory"}},
		{"skills/trailofbits-skills/firebase-apk-scanner/SKILL.md", "disable-model-invocation", true},
		{"skills/github-awesome-copilot/azure-role-selector/SKILL.md", "allowed-tools", []any{
			"Azure MCP/documentation", "Azure MCP/bicepschema", "Azure MCP/extension_cli_generate", "Azure MCP/get_bestpractices"}},
		{"skills/openai-skills/gh-fix-ci/SKILL.md", "metadata", map[string]any{"short-description": "Fix failing Github CI actions"}},
		{"recommendations/toasty/SKILL.md", "activation", "always"},
	}
	for _, tc := range tests {
		t.Run(tc.file+"#"+tc.field, func(t *testing.T) {
			s, err := Load(filepath.Join(corpus, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, s.Fields[tc.field]); d != "" {
				t.Errorf("Fields[%q] (-want +got):\n%s", tc.field, d)
			}
		})
	}
}

func TestParse(t *testing.T) {
	type view struct {
		Name, Description, Crates string
		CratesLine, CratesCol     int
		Body                      string
	}
	tests := []struct {
		name, in string
		want     view
		wantErr  string // the whole error text
	}{
		{name: "minimal", in: "---\nname: a\ndescription: d\n---\nbody\n",
			want: view{Name: "a", Description: "d", Body: "body\n"}},
		{name: "crates string", in: "---\nname: a\ndescription: d\ncrates: serde, tokio>=1.40\n---\n",
			want: view{Name: "a", Description: "d", Crates: "serde, tokio>=1.40", CratesLine: 4, CratesCol: 1}},
		{name: "crates list", in: "---\nname: a\ndescription: d\ncrates:\n  - serde\n  - ' tokio>=1'\n---\nbody\n",
			want: view{Name: "a", Description: "d", Crates: "serde, tokio>=1", CratesLine: 4, CratesCol: 1, Body: "body\n"}},
		{name: "crates flow list", in: "---\nname: a\ndescription: d\ncrates: [serde, anyhow]\n---\n",
			want: view{Name: "a", Description: "d", Crates: "serde, anyhow", CratesLine: 4, CratesCol: 1}},
		{name: "crates empty", in: "---\nname: a\ndescription: d\ncrates:\n---\n",
			want: view{Name: "a", Description: "d", CratesLine: 4, CratesCol: 1}},
		{name: "crlf", in: "---\r\nname: a\r\ndescription: d\r\ncrates: serde\r\n---\r\nbody\r\n",
			want: view{Name: "a", Description: "d", Crates: "serde", CratesLine: 4, CratesCol: 1, Body: "body\r\n"}},
		{name: "bom", in: "\ufeff---\nname: a\ndescription: d\n---\n",
			want: view{Name: "a", Description: "d"}},
		{name: "blank lines before", in: "\n\n---\nname: a\ndescription: d\ncrates: x\n---\n",
			want: view{Name: "a", Description: "d", Crates: "x", CratesLine: 6, CratesCol: 1}},
		{name: "folded description", in: "---\nname: a\ndescription: >\n  one\n  two\n---\n",
			want: view{Name: "a", Description: "one two"}},
		{name: "no final newline", in: "---\nname: a\ndescription: d\n---",
			want: view{Name: "a", Description: "d"}},
		{name: "dashes in body", in: "---\nname: a\ndescription: d\n---\ntext\n---\nmore\n",
			want: view{Name: "a", Description: "d", Body: "text\n---\nmore\n"}},

		{name: "name not string", in: "---\nname: [a]\ndescription: d\n---\n",
			wantErr: "x/SKILL.md:2:1: name must be a string, not a list"},
		{name: "name number", in: "---\nname: 12\ndescription: d\n---\n",
			wantErr: "x/SKILL.md:2:1: name must be a string, not a number"},
		{name: "name empty", in: "---\nname: ''\ndescription: d\n---\n",
			wantErr: "x/SKILL.md:2:1: name is empty; it must be a non-empty string"},
		{name: "description map", in: "---\nname: a\ndescription:\n  k: v\n---\n",
			wantErr: "x/SKILL.md:3:1: description must be a string, not a mapping"},
		{name: "description missing", in: "---\nname: a\n---\n",
			wantErr: "x/SKILL.md:1:1: missing required field description"},
		{name: "crates number", in: "---\nname: a\ndescription: d\ncrates: 3\n---\n",
			wantErr: "x/SKILL.md:4:1: crates must be a string of comma-separated crate atoms, not a number"},
		{name: "crates list of maps", in: "---\nname: a\ndescription: d\ncrates:\n  - serde: 1\n---\n",
			wantErr: "x/SKILL.md:4:1: crates: item 1 is a mapping, want a crate atom string"},
		{name: "yaml error after blank lines", in: "\n---\nname: a\ndescription: d\ncrates: x: y\n---\n",
			wantErr: "x/SKILL.md:5:9: invalid YAML in frontmatter: mapping value is not allowed in this context"},
		{name: "crates star unquoted", in: "---\nname: a\ndescription: d\ncrates: *\n---\n",
			wantErr: `x/SKILL.md:4:9: crates: * is read by YAML as an alias, not a crate; quote it: crates: "*"`},
		{name: "crates star in a list", in: "---\nname: a\ndescription: d\ncrates:\n  - *\n---\n",
			wantErr: `x/SKILL.md:5:5: crates: * is read by YAML as an alias, not a crate; quote it: crates: "*"`},
		{name: "crates star quoted", in: "---\nname: a\ndescription: d\ncrates: \"*\"\n---\n",
			want: view{Name: "a", Description: "d", Crates: "*", CratesLine: 4, CratesCol: 1}},
		{name: "empty frontmatter", in: "---\n---\nbody",
			wantErr: "x/SKILL.md:1:1: missing required field name"},
		{name: "not a mapping", in: "---\n- a\n- b\n---\n",
			wantErr: "x/SKILL.md:2:1: frontmatter must be a mapping of fields, not sequence"},
		{name: "unterminated after blank line", in: "\n---\nname: a\ndescription: d\n",
			wantErr: "x/SKILL.md:2:1: frontmatter opened with --- but never closed"},
		{name: "only opening", in: "---",
			wantErr: "x/SKILL.md:1:1: frontmatter opened with --- but never closed"},
		{name: "empty file", in: "",
			wantErr: "x/SKILL.md:1:1: no frontmatter: SKILL.md must start with a --- line followed by name and description"},
		{name: "toml frontmatter", in: "+++\nname = 'a'\n+++\n",
			wantErr: "x/SKILL.md:1:1: no frontmatter: SKILL.md must start with a --- line followed by name and description"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse("x/SKILL.md", []byte(tc.in))
			if tc.wantErr != "" {
				if err == nil {
					t.Fatalf("Parse(%q) = %+v, want error %q", tc.in, s, tc.wantErr)
				}
				if d := cmp.Diff(tc.wantErr, err.Error()); d != "" {
					t.Errorf("Parse(%q) error (-want +got):\n%s", tc.in, d)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.in, err)
			}
			got := view{s.Name, s.Description, s.Crates, s.CratesLine, s.CratesCol, string(s.Body)}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tc.in, d)
			}
			if s.Dir != "x" || s.Path != "x/SKILL.md" {
				t.Errorf("Parse: Dir %q Path %q", s.Dir, s.Path)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "SKILL.md"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want fs.ErrNotExist", err)
	}
}

// TestPredicatesField: upstream's depends-on is the book's crates, and
// predicates is split at the commas outside parentheses.
func TestPredicatesField(t *testing.T) {
	tests := []struct {
		name, fm   string
		crates     string
		crateLine  int
		preds      []string
		predLine   int
		wantErrMsg string
	}{
		{"upstream", "depends-on: serde, tokio>=1.40\npredicates: path_exists(rg), shell(test -f Cargo.toml)\n",
			"serde, tokio>=1.40", 4, []string{"path_exists(rg)", "shell(test -f Cargo.toml)"}, 5, ""},
		{"commas in parentheses", "predicates: shell(echo a, b | grep -q a), any(env(A), env(B))\n",
			"", 0, []string{"shell(echo a, b | grep -q a)", "any(env(A), env(B))"}, 4, ""},
		{"list", "predicates:\n  - env(CI)\n  - shell(echo a, b)\n", "", 0, []string{"env(CI)", "shell(echo a, b)"}, 4, ""},
		{"book", "crates: serde\n", "serde", 4, nil, 0, ""},
		{"both", "crates: serde\ndepends-on: serde\n", "", 0, nil, 0, "4:1: both crates and depends-on are set"},
		{"wrong type", "predicates: {a: 1}\n", "", 0, nil, 0, "4:1: predicates must be a string of comma-separated predicates, not a mapping"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "---\nname: n\ndescription: d\n" + tt.fm + "---\nbody\n"
			s, err := Parse("S.md", []byte(src))
			if tt.wantErrMsg != "" {
				if err == nil || !strings.Contains(err.Error(), "S.md:"+tt.wantErrMsg) {
					t.Fatalf("err = %v, want %q", err, tt.wantErrMsg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Crates != tt.crates || s.CratesLine != tt.crateLine || s.PredicatesLine != tt.predLine {
				t.Errorf("crates %q line %d, predicates line %d", s.Crates, s.CratesLine, s.PredicatesLine)
			}
			if diff := cmp.Diff(tt.preds, s.Predicates); diff != "" {
				t.Errorf("predicates (-want +got)\n%s", diff)
			}
		})
	}
}
