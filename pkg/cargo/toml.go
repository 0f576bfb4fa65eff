package cargo

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
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
	var table, key [][]byte
	fail := func(n *unstable.Node, err error) error {
		line, col := 0, 0
		if n != nil && n.Raw.Length > 0 {
			s := p.Shape(n.Raw)
			line, col = s.Start.Line, s.Start.Column
		}
		return &PosError{File: path, Line: line, Col: col, Msg: err.Error(), Err: err}
	}
	// defined holds every key path and table header seen, scoped to the
	// current array-of-tables element, to refuse a second definition.
	defined := map[string]bool{}
	scope := ""
	arrays := map[string]int{}
	define := func(prefix string, k [][]byte, at *unstable.Node) error {
		id := prefix + string(bytes.Join(k, []byte{0}))
		if defined[id] {
			return fail(at, errors.New("duplicate key"))
		}
		defined[id] = true
		return nil
	}
	var walkKV func(kv *unstable.Node) error
	walkKV = func(kv *unstable.Node) error {
		n := len(key)
		var first *unstable.Node
		it := kv.Key()
		for it.Next() {
			if first == nil {
				first = it.Node()
			}
			key = append(key, it.Node().Data)
		}
		if err := define(scope+"=", key, first); err != nil {
			return err
		}
		v := kv.Value()
		if v.Kind == unstable.InlineTable {
			c := v.Children()
			for c.Next() {
				if err := walkKV(c.Node()); err != nil {
					return err
				}
			}
		} else if err := visit(key, v); err != nil {
			at := v
			if v.Raw.Length == 0 {
				at = first
			}
			return fail(at, err)
		}
		key = key[:n]
		return nil
	}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = table[:0]
			var first *unstable.Node
			it := e.Key()
			for it.Next() {
				if first == nil {
					first = it.Node()
				}
				table = append(table, it.Node().Data)
			}
			name := string(bytes.Join(table, []byte{0}))
			if e.Kind == unstable.ArrayTable {
				arrays[name]++
				scope = name + "#" + strconv.Itoa(arrays[name]) + "\x00"
			} else {
				scope = ""
				if err := define("[", table, first); err != nil {
					return err
				}
			}
			if err := visit(table, e); err != nil {
				return fail(nil, err)
			}
		case unstable.KeyValue:
			key = append(key[:0], table...)
			if err := walkKV(e); err != nil {
				return err
			}
		}
	}
	if err := p.Error(); err != nil {
		return parseError(path, data, err)
	}
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
