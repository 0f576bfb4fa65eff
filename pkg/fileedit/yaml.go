package fileedit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
	yamlv3 "go.yaml.in/yaml/v3"

	"github.com/symposium-dev/symposium-go/pkg/ordjson"
	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// YAML is a YAML document edited by splicing whole lines: goccy/go-yaml
// locates the nodes (by token line and column; its byte offsets are not
// exact) and everything else (comments, blank lines, quoting, CRLF) stays
// as the user wrote it. Only block mappings are edited.
type YAML struct {
	path string
	data []byte
	file *ast.File
	nl   string // line ending: "\n" or "\r\n"
	bom  bool   // the file starts with a UTF-8 BOM: kept out of data, put back by Bytes
}

// ParseYAML parses data; errors read "path:line:col: message".
func ParseYAML(path string, data []byte) (*YAML, error) {
	d := &YAML{path: path}
	d.bom, data = cutBOM(data)
	if err := d.load(data); err != nil {
		return nil, err
	}
	return d, nil
}

type tokenError interface {
	GetToken() *token.Token
	GetMessage() string
}

func (d *YAML) load(data []byte) error {
	// goccy miscounts lines after a comment ending in CRLF: locate nodes
	// in an LF copy; line numbers are the same.
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	f, err := parser.ParseBytes(lf, parser.ParseComments)
	if err == nil {
		var v any
		err = yaml.Unmarshal(lf, &v)
	}
	if err != nil {
		var te tokenError
		if errors.As(err, &te) && te.GetToken() != nil {
			p := te.GetToken().Position
			return pos.Errorf(d.path, p.Line, p.Column, "%s", te.GetMessage())
		}
		return fmt.Errorf("%s: %w", d.path, err)
	}
	d.data, d.file = data, f
	d.nl = "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		d.nl = "\r\n"
	}
	return nil
}

// Bytes returns the document.
func (d *YAML) Bytes() []byte { return withBOM(d.bom, bytes.Clone(d.data)) }

// Get returns the value at keys as decoded by goccy/go-yaml.
func (d *YAML) Get(keys ...string) (any, bool) {
	var v any
	if err := yaml.Unmarshal(d.data, &v); err != nil {
		return nil, false
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, true
}

// lines splits data keeping line endings.
func (d *YAML) lines() []string {
	return strings.SplitAfter(string(d.data), "\n")
}

func mappingValues(n ast.Node) ([]*ast.MappingValueNode, bool) {
	switch m := n.(type) {
	case *ast.MappingNode:
		return m.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{m}, true
	}
	return nil, false
}

func keyString(mv *ast.MappingValueNode) string {
	if s, ok := mv.Key.(*ast.StringNode); ok {
		return s.Value
	}
	return mv.Key.GetToken().Value
}

// body is the document's top-level node (nil for an empty document).
func (d *YAML) body() ast.Node {
	if len(d.file.Docs) == 0 {
		return nil
	}
	return d.file.Docs[0].Body
}

// locate finds the mapping entry at keys.
func (d *YAML) locate(keys []string) *ast.MappingValueNode {
	n := d.body()
	var found *ast.MappingValueNode
	for _, k := range keys {
		vals, ok := mappingValues(n)
		if !ok {
			return nil
		}
		found = nil
		for _, mv := range vals {
			if keyString(mv) == k {
				found = mv
				break
			}
		}
		if found == nil {
			return nil
		}
		n = found.Value
	}
	return found
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

func blankLine(line string) bool { return strings.TrimSpace(line) == "" }

func blankOrComment(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "#")
}

// span returns the 0-based line range [first, last] of the entry whose key
// is on line first (0-based) at indentation ind: the key line and every
// following line indented deeper (or a "- " item at the same indentation,
// serde_yaml's unindented sequences), up to the last such content line.
func span(lines []string, first, ind int) int {
	last := first
	for i := first + 1; i < len(lines); i++ {
		l := lines[i]
		if blankOrComment(l) {
			continue
		}
		li := indentOf(l)
		rest := strings.TrimLeft(l, " ")
		if li > ind || (li == ind && (strings.HasPrefix(rest, "- ") || strings.TrimRight(rest, "\r\n") == "-")) {
			last = i
			continue
		}
		break
	}
	return last
}

// unit detects one indentation step (default 2) and whether sequences are
// indented under their key.
func (d *YAML) style() (unit int, indentSeq bool) {
	lines := d.lines()
	unit = 0
	for i, l := range lines {
		if blankOrComment(l) {
			continue
		}
		if ind := indentOf(l); ind > 0 && !strings.HasPrefix(strings.TrimLeft(l, " "), "- ") && (unit == 0 || ind < unit) {
			unit = ind
		}
		if strings.HasSuffix(strings.TrimRight(l, "\r\n"), ":") && i+1 < len(lines) {
			next := lines[i+1]
			if strings.HasPrefix(strings.TrimLeft(next, " "), "- ") {
				indentSeq = indentOf(next) > indentOf(l)
			}
		}
	}
	if unit == 0 {
		unit = 2
	}
	return unit, indentSeq
}

// toOrdered converts value through JSON into YAML values that keep object
// key order (MapSlice), so json.Marshaler types like ordered lists render
// as mappings.
func toOrdered(value any) (any, error) {
	b, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return decodeOrdered(dec)
}

func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			ms := yaml.MapSlice{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				ms = append(ms, yaml.MapItem{Key: kt.(string), Value: v})
			}
			_, err := dec.Token()
			return ms, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token()
			return arr, err
		}
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i, nil
		}
		return t.Float64()
	}
	return tok, nil
}

// render writes "key: value" as block YAML lines indented by ind. The
// layout is the YAML library's; every string scalar (keys too) is written
// here: plain when YAML would read it back as the same string, else double
// quoted with every control or line-breaking character escaped. Values
// come from plugins, and one tab, NUL or U+2028 written raw would make the
// user's whole file unreadable to their agent. Keys with control
// characters are refused.
func (d *YAML) render(key string, value any, ind int) (string, error) {
	v, err := toOrdered(value)
	if err != nil {
		return "", fmt.Errorf("%s: encoding value: %w", d.path, err)
	}
	sc := &scalars{}
	v, err = sc.hide(v)
	if err != nil {
		return "", fmt.Errorf("%s: %w", d.path, err)
	}
	k, err := sc.key(key)
	if err != nil {
		return "", fmt.Errorf("%s: %w", d.path, err)
	}
	unit, seq := d.style()
	b, err := yaml.MarshalWithOptions(yaml.MapSlice{{Key: k, Value: v}}, yaml.Indent(unit), yaml.IndentSequence(seq))
	if err != nil {
		return "", fmt.Errorf("%s: encoding value: %w", d.path, err)
	}
	var out strings.Builder
	pad := strings.Repeat(" ", ind)
	for _, l := range strings.Split(strings.TrimRight(sc.reveal(string(b)), "\n"), "\n") {
		out.WriteString(pad + l + d.nl)
	}
	return out.String(), nil
}

// scalars stands every string in for a placeholder the YAML library writes
// plain, then puts the string back in its safe form.
type scalars struct{ rendered []string }

func (s *scalars) placeholder(str string) string {
	s.rendered = append(s.rendered, yamlScalar(str))
	return fmt.Sprintf("symposiumscalar%dz", len(s.rendered)-1)
}

func (s *scalars) key(k string) (string, error) {
	for _, r := range k {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' {
			return "", fmt.Errorf("name %q has a control character; refusing to write it", k)
		}
	}
	return s.placeholder(k), nil
}

func (s *scalars) hide(v any) (any, error) {
	switch t := v.(type) {
	case string:
		return s.placeholder(t), nil
	case yaml.MapSlice:
		out := make(yaml.MapSlice, len(t))
		for i, it := range t {
			k, err := s.key(fmt.Sprint(it.Key))
			if err != nil {
				return nil, err
			}
			val, err := s.hide(it.Value)
			if err != nil {
				return nil, err
			}
			out[i] = yaml.MapItem{Key: k, Value: val}
		}
		return out, nil
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			val, err := s.hide(e)
			if err != nil {
				return nil, err
			}
			out[i] = val
		}
		return out, nil
	}
	return v, nil
}

var placeholderRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`symposiumscalar([0-9]+)z`) })

func (s *scalars) reveal(text string) string {
	return placeholderRE().ReplaceAllStringFunc(text, func(m string) string {
		i, _ := strconv.Atoi(m[len("symposiumscalar") : len(m)-1])
		return s.rendered[i]
	})
}

// yamlScalar is str as a YAML scalar: plain when that reads back as the
// same string, else double quoted. Go's quoting escapes every
// non-printable rune (\t, \x00, \u0085, \u2028 ...) with escapes YAML's
// double-quoted style shares.
func yamlScalar(str string) string {
	if plainSafe(str) {
		return str
	}
	return strconv.Quote(str)
}

// plainSafe reports whether str can be written as a plain scalar: printable
// ASCII, no indicator first, no ": " or " #" inside, not a word YAML reads
// as another type.
func plainSafe(str string) bool {
	if str == "" || strings.ContainsAny(str[:1], "?:,[]{}#&*!|>'\"%@` ") || strings.HasSuffix(str, " ") || strings.HasSuffix(str, ":") {
		return false
	}
	if str[0] == '-' && (len(str) == 1 || str[1] == ' ') { // "--stdio" is plain, "- x" a list item
		return false
	}
	for i := 0; i < len(str); i++ {
		if str[i] < 0x20 || str[i] > 0x7e {
			return false
		}
	}
	if strings.Contains(str, ": ") || strings.Contains(str, " #") {
		return false
	}
	switch strings.ToLower(str) {
	case "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~":
		return false
	}
	_, errF := strconv.ParseFloat(str, 64)
	_, errI := strconv.ParseInt(str, 0, 64)
	return errF != nil && errI != nil && !strings.HasPrefix(str, ".")
}

// commit re-parses the edited lines.
func (d *YAML) commit(lines []string) error {
	out := []byte(strings.Join(lines, ""))
	if len(d.data) > 0 && !bytes.HasSuffix(d.data, []byte("\n")) {
		// Keep the user's missing final newline missing.
		out = bytes.TrimRight(out, "\r\n")
	}
	nd := &YAML{path: d.path, bom: d.bom}
	if err := nd.load(out); err != nil {
		return fmt.Errorf("%s: internal: edit produced invalid YAML: %w", d.path, err)
	}
	// goccy, which locates and writes, is lenient; the agent's own parser
	// (Goose: serde_yaml) is not. A strict YAML 1.2 parser must accept the
	// result too, or nothing is written.
	var strict yamlv3.Node
	if err := yamlv3.Unmarshal(out, &strict); err != nil {
		return fmt.Errorf("%s: internal: edit produced YAML a strict parser rejects (%v); not written", d.path, err)
	}
	*d = *nd
	return nil
}

func splice3(lines []string, from, to int, insert string) []string {
	out := append([]string{}, lines[:from]...)
	if insert != "" {
		out = append(out, insert)
	}
	return append(out, lines[to:]...)
}

// SetMapping makes keys hold value: an existing entry's block is replaced
// where it stands; a new one goes after its last sibling, indented like
// the siblings; missing parents are created at the end of the file.
func (d *YAML) SetMapping(value any, keys ...string) error {
	if len(keys) == 0 {
		return fmt.Errorf("%s: cannot replace the whole document", d.path)
	}
	if cur, ok := d.Get(keys...); ok && sameValue(cur, value) {
		return nil
	}
	lines := d.lines()
	if mv := d.locate(keys); mv != nil {
		pos := mv.Key.GetToken().Position
		first, ind := pos.Line-1, pos.Column-1
		last := span(lines, first, ind)
		text, err := d.render(keys[len(keys)-1], value, ind)
		if err != nil {
			return err
		}
		return d.commit(splice3(lines, first, last+1, text))
	}
	// Deepest existing parent.
	i := len(keys) - 1
	for i > 0 && d.locate(keys[:i]) == nil {
		i--
	}
	for j := len(keys) - 1; j > i; j-- {
		value = ordjson.Object{{Key: keys[j], Value: value}}
	}
	if i == 0 {
		return d.addTopLevel(lines, keys[0], value)
	}
	return d.addUnder(lines, keys[:i], keys[i], value)
}

// addTopLevel adds key: value at the end of the document, which must be a
// mapping or empty.
func (d *YAML) addTopLevel(lines []string, key string, value any) error {
	at := len(lines)
	if at > 0 && lines[at-1] == "" {
		at-- // SplitAfter's empty tail
	}
	if at > 0 && !strings.HasSuffix(lines[at-1], "\n") {
		lines[at-1] += d.nl
	}
	if b := d.body(); b != nil {
		if _, isMap := mappingValues(b); !isMap {
			if _, null := b.(*ast.NullNode); !null {
				return fmt.Errorf("%s: the document is not a mapping", d.path)
			}
		}
	}
	text, err := d.render(key, value, 0)
	if err != nil {
		return err
	}
	return d.commit(splice3(lines, at, at, text))
}

// addUnder adds key: value to the existing mapping at parentKeys: after its
// last entry, indented like its entries, or as its first block entry when
// it is empty ("{}" or no value).
func (d *YAML) addUnder(lines []string, parentKeys []string, key string, value any) error {
	parent := d.locate(parentKeys)
	ppos := parent.Key.GetToken().Position
	pfirst, pind := ppos.Line-1, ppos.Column-1
	plast := span(lines, pfirst, pind)
	unit, _ := d.style()
	switch pv := parent.Value.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		vals, _ := mappingValues(pv)
		if m, ok := pv.(*ast.MappingNode); ok && m.IsFlowStyle {
			if len(vals) > 0 {
				return pos.Errorf(d.path, ppos.Line, ppos.Column, "cannot add to a flow mapping")
			}
			// "parent: {}": drop the "{}" and add the block below.
			l := strings.TrimRight(lines[pfirst], "\r\n")
			l = strings.TrimRight(strings.TrimSuffix(strings.TrimRight(l, " "), "{}"), " ")
			lines[pfirst] = l + d.nl
			text, err := d.render(key, value, pind+unit)
			if err != nil {
				return err
			}
			return d.commit(splice3(lines, pfirst+1, pfirst+1, text))
		}
		ind := vals[0].Key.GetToken().Position.Column - 1
		text, err := d.render(key, value, ind)
		if err != nil {
			return err
		}
		if !strings.HasSuffix(lines[plast], "\n") {
			lines[plast] += d.nl
		}
		return d.commit(splice3(lines, plast+1, plast+1, text))
	case *ast.NullNode, nil:
		text, err := d.render(key, value, pind+unit)
		if err != nil {
			return err
		}
		if !strings.HasSuffix(lines[plast], "\n") {
			lines[plast] += d.nl
		}
		return d.commit(splice3(lines, plast+1, plast+1, text))
	}
	return pos.Errorf(d.path, ppos.Line, ppos.Column, "%s is not a mapping", strings.Join(parentKeys, "."))
}

// Delete removes the entry at keys with its lines. When it was the last
// entry of its parent mapping, the parent becomes "{}" so it stays a
// mapping.
func (d *YAML) Delete(keys ...string) bool {
	mv := d.locate(keys)
	if mv == nil {
		return false
	}
	lines := d.lines()
	pos := mv.Key.GetToken().Position
	first, ind := pos.Line-1, pos.Column-1
	last := span(lines, first, ind)
	if m := d.locate(keys[:len(keys)-1]); m != nil && len(keys) > 1 {
		if vals, _ := mappingValues(m.Value); len(vals) == 1 {
			pl := m.Key.GetToken().Position.Line - 1
			lines[pl] = strings.TrimRight(lines[pl], "\r\n") + " {}" + d.nl
		}
	}
	// A blank-line gap on both sides: drop the one above, so deleting an
	// entry that stood between blank lines leaves one gap, not two.
	if first > 0 && last+1 < len(lines) && blankLine(lines[first-1]) && blankLine(lines[last+1]) {
		for first > 0 && blankLine(lines[first-1]) {
			first--
		}
	}
	if d.commit(splice3(lines, first, last+1, "")) != nil {
		return false
	}
	return true
}
