package cargows

import (
	"bytes"
	"errors"
	"fmt"
	"unsafe"

	"github.com/pelletier/go-toml/v2/unstable"
)

// Cargo.toml and Cargo.lock are read with go-toml's parser rather than
// toml.Unmarshal: sym-deps needs a few dozen keys out of each file, and
// decoding whole documents through reflection into maps made a 70-member
// workspace cost twice the time budget of the whole process. The parser
// still checks the syntax; the one semantic rule cargo users meet, a key or
// table defined twice, is checked here as cargo does ("duplicate key").

// walkTOML parses data and calls visit for every value that is not an inline
// table, with its full key path (table header plus dotted key), and once for
// every table header (v.Kind is unstable.Table or unstable.ArrayTable). The key
// slice is reused: visit must copy what it keeps. An error from visit is
// positioned at the value.
func walkTOML(p *unstable.Parser, path string, data []byte, visit func(key [][]byte, v *unstable.Node) error) error {
	p.Reset(data)
	w := &tomlWalker{p: p, path: path, visit: visit, defined: map[string]bool{}}
	w.element.ends = make([]int, 0, 16)
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			if err := w.header(e); err != nil {
				return err
			}
		case unstable.KeyValue:
			w.key = append(w.key[:0], w.table...)
			if err := w.keyValue(e); err != nil {
				return err
			}
		}
	}
	if err := p.Error(); err != nil {
		return parseError(path, data, err)
	}
	return nil
}

// tomlWalker is one walkTOML: where it is in the document and what it has
// seen defined.
type tomlWalker struct {
	p     *unstable.Parser
	path  string
	visit func(key [][]byte, v *unstable.Node) error
	table [][]byte // the current table header's key
	key   [][]byte // the current value's full key path
	// defined holds every key path and table header seen outside an
	// array-of-tables element, and element the key paths of the current
	// element (inElement), to refuse a second definition.
	defined   map[string]bool
	element   definitions
	inElement bool
}

// definitions are the key paths defined in one array-of-tables element,
// each joined with NULs, end to end in one buffer: an element (a
// Cargo.lock package) holds a handful, and a key once left is never
// entered again, so they need neither a map nor a string each.
type definitions struct {
	buf  []byte
	ends []int // where each key path ends in buf
}

// add records k, or reports false when it is already there.
func (d *definitions) add(k [][]byte) bool {
	start := len(d.buf)
	for i, part := range k {
		if i > 0 {
			d.buf = append(d.buf, 0)
		}
		d.buf = append(d.buf, part...)
	}
	id, from := d.buf[start:], 0
	for _, end := range d.ends {
		if bytes.Equal(d.buf[from:end], id) {
			d.buf = d.buf[:start]
			return false
		}
		from = end
	}
	d.ends = append(d.ends, len(d.buf))
	return true
}

func (d *definitions) reset() { d.buf, d.ends = d.buf[:0], d.ends[:0] }

// fail positions err at n (nil: no position).
func (w *tomlWalker) fail(n *unstable.Node, err error) error {
	line, col := 0, 0
	if n != nil && n.Raw.Length > 0 {
		s := w.p.Shape(n.Raw)
		line, col = s.Start.Line, s.Start.Column
	}
	return &PosError{File: w.path, Line: line, Col: col, Msg: err.Error(), Err: err}
}

// define records key path k (under prefix), refusing a second definition.
func (w *tomlWalker) define(prefix string, k [][]byte, at *unstable.Node) error {
	if w.inElement {
		if !w.element.add(k) {
			return w.fail(at, errors.New("duplicate key"))
		}
		return nil
	}
	id := prefix + string(bytes.Join(k, []byte{0}))
	if w.defined[id] {
		return w.fail(at, errors.New("duplicate key"))
	}
	w.defined[id] = true
	return nil
}

// header enters the table or array-of-tables element e opens.
func (w *tomlWalker) header(e *unstable.Node) error {
	w.table = w.table[:0]
	var first *unstable.Node
	it := e.Key()
	for it.Next() {
		if first == nil {
			first = it.Node()
		}
		w.table = append(w.table, it.Node().Data)
	}
	w.element.reset()
	w.inElement = e.Kind == unstable.ArrayTable
	if !w.inElement {
		if err := w.define("[", w.table, first); err != nil {
			return err
		}
	}
	if err := w.visit(w.table, e); err != nil {
		return w.fail(nil, err)
	}
	return nil
}

// keyValue visits the value of kv under w.key, or each of an inline
// table's values.
func (w *tomlWalker) keyValue(kv *unstable.Node) error {
	n := len(w.key)
	var first *unstable.Node
	it := kv.Key()
	for it.Next() {
		if first == nil {
			first = it.Node()
		}
		w.key = append(w.key, it.Node().Data)
	}
	if err := w.define("=", w.key, first); err != nil {
		return err
	}
	v := kv.Value()
	if v.Kind == unstable.InlineTable {
		c := v.Children()
		for c.Next() {
			if err := w.keyValue(c.Node()); err != nil {
				return err
			}
		}
	} else if err := w.visit(w.key, v); err != nil {
		at := v
		if v.Raw.Length == 0 {
			at = first
		}
		return w.fail(at, err)
	}
	w.key = w.key[:n]
	return nil
}

// parseError positions a parser error as `path:line:col: message`.
func parseError(path string, data []byte, err error) error {
	var pe *unstable.ParserError
	line, col := 0, 0
	if errors.As(err, &pe) {
		off := len(data)
		if cap(pe.Highlight) > 0 && cap(pe.Highlight) <= cap(data) {
			off = cap(data) - cap(pe.Highlight)
		}
		line, col = 1, 1
		for _, c := range data[:min(off, len(data))] {
			col++
			if c == '\n' {
				line, col = line+1, 1
			}
		}
	}
	msg := err.Error()
	if l, c, k, ok := unclosedInlineTable(data, line, col); ok {
		// The parser notices on the next line; the fault is the opening
		// brace (TOML 1.0 inline tables end on their line).
		return &PosError{File: path, Line: l, Col: c, Msg: fmt.Sprintf("inline table for %s is not closed: the line ends without '}' (%s)", k, msg), Err: err}
	}
	return &PosError{File: path, Line: line, Col: col, Msg: msg, Err: err}
}

// tomlString returns a string value, or an error naming the key. The string
// shares the value's bytes (the document, or the parser's copy when it had
// escapes) instead of copying them: those are never modified, and copying
// every string of a large workspace was a measurable part of a run.
func tomlString(key [][]byte, v *unstable.Node) (string, error) {
	if v.Kind != unstable.String {
		return "", fmt.Errorf("%s must be a string, found %s", dotted(key), kindName(v.Kind))
	}
	return bytesString(v.Data), nil
}

// bytesString views b as a string without copying; b must never change.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

func tomlBool(key [][]byte, v *unstable.Node) (bool, error) {
	if v.Kind != unstable.Bool {
		return false, fmt.Errorf("%s must be true or false, found %s", dotted(key), kindName(v.Kind))
	}
	return string(v.Data) == "true", nil
}

func tomlStrings(key [][]byte, v *unstable.Node) ([]string, error) {
	if v.Kind != unstable.Array {
		return nil, fmt.Errorf("%s must be an array of strings, found %s", dotted(key), kindName(v.Kind))
	}
	var out []string
	it := v.Children()
	for it.Next() {
		s, err := tomlString(key, it.Node())
		if err != nil {
			return nil, fmt.Errorf("%s must be an array of strings", dotted(key))
		}
		out = append(out, s)
	}
	return out, nil
}

func kindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "a string"
	case unstable.Bool:
		return "a boolean"
	case unstable.Integer, unstable.Float:
		return "a number"
	case unstable.Array:
		return "an array"
	case unstable.InlineTable:
		return "a table"
	}
	return "a date or time"
}

func dotted(key [][]byte) string {
	var b []byte
	for i, k := range key {
		if i > 0 {
			b = append(b, '.')
		}
		b = append(b, k...)
	}
	return string(b)
}
