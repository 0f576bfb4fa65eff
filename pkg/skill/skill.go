// Package skill reads SKILL.md files (book: "Skill definitions"; the
// agentskills.io format): YAML frontmatter between two --- lines, then a
// markdown body. Symposium adds crates (upstream: depends-on), a
// comma-separated list of crate atoms, and predicates; this package
// records them with their lines but leaves their syntax to pkg/cratepred
// and pkg/predexpr, so that one error report covers predicates wherever
// they are written.
//
// Frontmatter is split off by adrg/frontmatter and decoded by goccy/go-yaml
// (its defaults would link yaml.v2, a YAML 1.1 reader); the common simple
// case, one-line plain `key: value` fields, is read by hand (simple.go),
// giving the same result faster. Errors carry file
// positions, path:line:col, with the frontmatter's YAML positions shifted
// by the line of the opening ---.
package skill

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/adrg/frontmatter"
	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/predexpr"
	"github.com/symposium-dev/symposium-go/pkg/rawfile"
)

// FileName is the name of a skill's definition file.
const FileName = "SKILL.md"

// Skill is one parsed SKILL.md.
type Skill struct {
	Name string
	// Description is the description field without trailing whitespace
	// (a block scalar keeps its final newline; Fields has it as parsed).
	Description string
	// Crates is the crates field as written ("" when absent). A YAML list
	// is joined with ", " so it reads like the comma form.
	Crates string
	// CratesLine and CratesCol locate the crates key in SKILL.md (1-based;
	// 0 when absent). A present but empty crates field has Crates == ""
	// and CratesLine > 0, so the caller can report it.
	CratesLine int
	CratesCol  int
	// Predicates is the predicates field split at the commas outside
	// parentheses (upstream: "Skill frontmatter"), so that
	// shell(echo a, b) stays one predicate; a YAML list is taken item by
	// item. Parsing each is left to the caller, as for Crates.
	Predicates     []string
	PredicatesLine int
	Path           string // the SKILL.md file
	Dir            string // the skill directory (the SKILL.md's directory)
	// Fields holds every frontmatter field as decoded, lists and maps
	// included (allowed-tools, argument-hint, metadata, ...).
	Fields map[string]any
	Body   []byte
}

// Error is a positioned problem in a SKILL.md (1-based line and column;
// Col is 0 when only the line is known).
type Error = pos.Error

// ErrUnterminated, ErrNoFrontmatter and ErrMissingField classify errors for
// errors.Is; the *Error carries the position.
var (
	ErrNoFrontmatter = errors.New("no frontmatter")
	ErrUnterminated  = errors.New("unterminated frontmatter")
	ErrMissingField  = errors.New("missing required field")
	ErrInvalidYAML   = errors.New("invalid YAML")
	ErrInvalidField  = errors.New("invalid field")
)

// Load reads and parses the SKILL.md at path.
func Load(path string) (*Skill, error) {
	data, err := rawfile.Read(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses data as the SKILL.md at path (used for positions and Dir).
func Parse(path string, data []byte) (*Skill, error) { return parse(path, data, false) }

// LoadInformal reads and parses the SKILL.md at path as ParseInformal does.
func LoadInformal(path string) (*Skill, error) {
	data, err := rawfile.Read(path)
	if err != nil {
		return nil, err
	}
	return ParseInformal(path, data)
}

// ParseInformal parses a workspace's own skill (upstream: "Informal
// skills"): the frontmatter, and its name and description, are optional,
// because these are the project's notes, not a published skill. Without a
// name the skill is named after its directory. Frontmatter that is there
// but broken is still an error, with its position: the author meant
// something by it.
func ParseInformal(path string, data []byte) (*Skill, error) { return parse(path, data, true) }

func parse(path string, data []byte, informal bool) (*Skill, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	open := openingLine(data)
	if open == 0 && informal {
		return &Skill{Name: filepath.Base(filepath.Dir(path)), Path: path, Dir: filepath.Dir(path), Fields: map[string]any{}, Body: data}, nil
	}
	if open == 0 {
		return nil, &Error{File: path, Line: 1, Col: 1, Err: ErrNoFrontmatter,
			Msg: "no frontmatter: SKILL.md must start with a --- line followed by name and description"}
	}
	fields, keys, body, simple := simpleFrontmatter(data, open)
	if !simple {
		var root ast.Node
		var err error
		if fields, root, body, err = splitFrontmatter(path, data, open); err != nil {
			return nil, err
		}
		keys = keyPositions(root, open)
	}
	s := &Skill{Path: path, Dir: filepath.Dir(path), Fields: fields, Body: body}
	if s.Fields == nil {
		s.Fields = map[string]any{}
	}
	var err error
	if _, ok := keys["name"]; ok || !informal {
		if s.Name, err = requiredString(path, open, s.Fields, keys, "name"); err != nil {
			return nil, err
		}
	} else {
		s.Name = filepath.Base(s.Dir)
	}
	if _, ok := keys["description"]; ok || !informal {
		if s.Description, err = requiredString(path, open, s.Fields, keys, "description"); err != nil {
			return nil, err
		}
	}
	s.Description = strings.TrimRight(s.Description, " \t\r\n")
	cratesKey, err := cratesField(path, keys)
	if err != nil {
		return nil, err
	}
	if err := s.readPredicates(keys); err != nil {
		return nil, err
	}
	if err := s.readCrates(keys, cratesKey); err != nil {
		return nil, err
	}
	return s, nil
}

// splitFrontmatter decodes the frontmatter that opens on line open into
// its fields, and returns them with its YAML root node (nil when empty)
// and the body after it. Errors carry SKILL.md's own positions.
func splitFrontmatter(path string, data []byte, open int) (map[string]any, ast.Node, []byte, error) {
	var (
		root      ast.Node
		decodeErr error
	)
	format := frontmatter.NewFormat("---", "---", func(fm []byte, v any) error {
		f, err := parser.ParseBytes(fm, 0)
		if err != nil {
			decodeErr = err
			return err
		}
		if len(f.Docs) > 0 && f.Docs[0] != nil {
			root = f.Docs[0].Body
		}
		if root == nil {
			return nil // empty frontmatter: no fields
		}
		if root.Type() != ast.MappingType && root.Type() != ast.MappingValueType {
			return nil // reported below, with the node's position
		}
		if err := yaml.NodeToValue(root, v); err != nil {
			decodeErr = err
			return err
		}
		return nil
	})
	var fields map[string]any
	body, err := frontmatter.MustParse(bytes.NewReader(data), &fields, format)
	switch {
	case errors.Is(err, frontmatter.ErrNotFound):
		// The opening --- was seen (openingLine), so the closing one is
		// missing. A YAML error here would blame the body's text instead.
		return nil, nil, nil, &Error{File: path, Line: open, Col: 1, Err: ErrUnterminated,
			Msg: "frontmatter opened with --- but never closed"}
	case err != nil && decodeErr != nil:
		return nil, nil, nil, yamlError(path, open, decodeErr)
	case err != nil:
		return nil, nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if root != nil && root.Type() != ast.MappingType && root.Type() != ast.MappingValueType {
		line, col := nodePos(root, open)
		return nil, nil, nil, &Error{File: path, Line: line, Col: col, Err: ErrInvalidField,
			Msg: fmt.Sprintf("frontmatter must be a mapping of fields, not %s", root.Type().YAMLName())}
	}
	return fields, root, body, nil
}

// readPredicates sets Predicates from the predicates field: a string of
// comma-separated predicates or a list of them.
func (s *Skill) readPredicates(keys map[string]keyPos) error {
	p, ok := keys["predicates"]
	if !ok {
		return nil
	}
	s.PredicatesLine = p.line
	switch v := s.Fields["predicates"].(type) {
	case nil:
	case string:
		s.Predicates = predexpr.SplitTop(v)
	case []any:
		for i, it := range v {
			str, ok := it.(string)
			if !ok {
				return &Error{File: s.Path, Line: p.line, Col: p.col, Err: ErrInvalidField,
					Msg: fmt.Sprintf("predicates: item %d is %s, want a predicate string", i+1, typeName(it))}
			}
			s.Predicates = append(s.Predicates, strings.TrimSpace(str))
		}
	default:
		return &Error{File: s.Path, Line: p.line, Col: p.col, Err: ErrInvalidField,
			Msg: fmt.Sprintf("predicates must be a string of comma-separated predicates, not %s", typeName(v))}
	}
	return nil
}

// cratesField names the field that holds the skill's crates: depends-on
// is upstream's name for the book's crates, one field written either way.
func cratesField(path string, keys map[string]keyPos) (string, error) {
	if _, ok := keys["depends-on"]; !ok {
		return "crates", nil
	}
	if p, both := keys["crates"]; both {
		return "", &Error{File: path, Line: p.line, Col: p.col, Err: ErrInvalidField,
			Msg: "both crates and depends-on are set: they are the same field; keep depends-on"}
	}
	return "depends-on", nil
}

// readCrates sets Crates from the field cratesKey (cratesField).
func (s *Skill) readCrates(keys map[string]keyPos, cratesKey string) error {
	p, ok := keys[cratesKey]
	if !ok {
		return nil
	}
	s.CratesLine, s.CratesCol = p.line, p.col
	switch v := s.Fields[cratesKey].(type) {
	case nil:
	case string:
		s.Crates = v
	case []any:
		parts := make([]string, len(v))
		for i, it := range v {
			str, ok := it.(string)
			if !ok {
				return &Error{File: s.Path, Line: p.line, Col: p.col, Err: ErrInvalidField,
					Msg: fmt.Sprintf("%s: item %d is %s, want a crate atom string", cratesKey, i+1, typeName(it))}
			}
			parts[i] = strings.TrimSpace(str)
		}
		s.Crates = strings.Join(parts, ", ")
	default:
		return &Error{File: s.Path, Line: p.line, Col: p.col, Err: ErrInvalidField,
			Msg: fmt.Sprintf("%s must be a string of comma-separated crate atoms, not %s", cratesKey, typeName(v))}
	}
	return nil
}

// openingLine returns the 1-based line of the opening ---, or 0 when the
// first non-blank line is something else. It skips blank lines the way
// adrg/frontmatter does, so the two agree on where the frontmatter starts.
func openingLine(data []byte) int {
	line := 0
	for len(data) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		t := bytes.TrimSpace(l)
		if len(t) == 0 {
			continue
		}
		if string(t) == "---" {
			return line
		}
		return 0
	}
	return 0
}

type keyPos struct{ line, col int }

// keyPositions maps each top-level key to its file position.
func keyPositions(root ast.Node, open int) map[string]keyPos {
	out := map[string]keyPos{}
	var values []*ast.MappingValueNode
	switch n := root.(type) {
	case *ast.MappingNode:
		values = n.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{n}
	}
	for _, mv := range values {
		if mv == nil || mv.Key == nil {
			continue
		}
		name := mv.Key.GetToken().Value
		if sn, ok := mv.Key.(*ast.StringNode); ok {
			name = sn.Value
		}
		line, col := nodePos(mv.Key, open)
		if _, dup := out[name]; !dup {
			out[name] = keyPos{line, col}
		}
	}
	return out
}

func nodePos(n ast.Node, open int) (line, col int) {
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return open, 0
	}
	return tk.Position.Line + open, tk.Position.Column
}

// requiredString returns the non-empty string field key, or a positioned
// error: at the opening --- when the field is missing, at the key when its
// value is null, empty or not a string.
func requiredString(path string, open int, fields map[string]any, keys map[string]keyPos, key string) (string, error) {
	p, ok := keys[key]
	if !ok {
		return "", &Error{File: path, Line: open, Col: 1, Err: ErrMissingField,
			Msg: "missing required field " + key}
	}
	switch v := fields[key].(type) {
	case string:
		if strings.TrimSpace(v) == "" {
			return "", &Error{File: path, Line: p.line, Col: p.col, Err: ErrInvalidField,
				Msg: key + " is empty; it must be a non-empty string"}
		}
		return v, nil
	case nil:
		return "", &Error{File: path, Line: p.line, Col: p.col, Err: ErrInvalidField,
			Msg: key + " has no value; it must be a non-empty string"}
	default:
		return "", &Error{File: path, Line: p.line, Col: p.col, Err: ErrInvalidField,
			Msg: fmt.Sprintf("%s must be a string, not %s", key, typeName(v))}
	}
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	case float32, float64:
		return "a number"
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return "a number"
	}
	return fmt.Sprintf("%T", v)
}

// yamlError positions a goccy error in the file.
func yamlError(path string, open int, err error) error {
	var ye yaml.Error
	if errors.As(err, &ye) {
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			msg := "invalid YAML in frontmatter: " + ye.GetMessage()
			// `crates: *` is the natural way to write "every crate", and
			// YAML reads it as an alias; goccy's "undefined alias name"
			// does not say what to write instead.
			if tk.Type == token.AliasType && tk.Value == "*" {
				msg = `crates: * is read by YAML as an alias, not a crate; quote it: crates: "*"`
			}
			return &Error{File: path, Line: tk.Position.Line + open, Col: tk.Position.Column,
				Msg: msg, Err: errors.Join(ErrInvalidYAML, err)}
		}
	}
	return &Error{File: path, Line: open, Col: 1, Msg: "invalid YAML in frontmatter: " + err.Error(),
		Err: errors.Join(ErrInvalidYAML, err)}
}
