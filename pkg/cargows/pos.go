package cargows

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// PosError is an error at a place in a file: `path:line:col: message`.
type PosError = pos.Error

// Warning is a problem sym-deps worked around, at a place like PosError.
type Warning = pos.Warning

// unclosedInlineTable finds the '{' still open at line:col, when it was
// opened on an earlier line, and the key it belongs to.
func unclosedInlineTable(data []byte, line, col int) (l, c int, key string, ok bool) {
	end := 0
	for ln := 1; ln < line && end < len(data); end++ {
		if data[end] == '\n' {
			ln++
		}
	}
	end = min(end+col-1, len(data))
	var open []int // offsets of unclosed '{'
	for i := 0; i < end; i++ {
		switch data[i] {
		case '"', '\'':
			q := data[i]
			for i++; i < end && data[i] != q && data[i] != '\n'; i++ {
				if q == '"' && data[i] == '\\' {
					i++
				}
			}
		case '#':
			for i < end && data[i] != '\n' {
				i++
			}
		case '{':
			open = append(open, i)
		case '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	if len(open) == 0 {
		return 0, 0, "", false
	}
	at := open[len(open)-1]
	start := bytes.LastIndexByte(data[:at], '\n') + 1
	l = bytes.Count(data[:at], []byte("\n")) + 1
	if l >= line {
		return 0, 0, "", false
	}
	key, _, _ = strings.Cut(string(data[start:at]), "=")
	return l, at - start + 1, strings.TrimSpace(key), true
}

// locate finds where a key (or an array element) is written in a TOML
// document. Path elements are keys; an array element or an [[array table]]
// entry is addressed by its 0-based index written in decimal. A path that
// stops at a table header (such as ["package", "3"]) gives the header's line.
// It returns 0, 0 when the path is not found. It re-parses the document, so
// it is only for error paths.
func locate(data []byte, path ...string) (line, col int) {
	lc := &locator{path: path}
	lc.p.Reset(data)
	var table []string
	arrays := map[string]int{} // [[x]] header → entries seen
	for lc.p.NextExpression() {
		e := lc.p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = table[:0]
			var first unstable.Range
			it := e.Key()
			for it.Next() {
				if first.Length == 0 {
					first = it.Node().Raw
				}
				table = append(table, string(it.Node().Data))
			}
			if e.Kind == unstable.ArrayTable {
				k := fmt.Sprint(table)
				idx := arrays[k]
				arrays[k]++
				table = append(table, strconv.Itoa(idx))
			}
			if slices.Equal(table, path) {
				line, col, _ := lc.found(first)
				return line, max(col-1, 1) // the '[' before the key
			}
		case unstable.KeyValue:
			if !isPrefix(table, path) {
				continue
			}
			if line, col, ok := lc.keyValue(table, e); ok {
				return line, col
			}
		}
	}
	return 0, 0
}

// locator is one locate: the parser and the path it looks for.
type locator struct {
	p    unstable.Parser
	path []string
}

func (l *locator) found(r unstable.Range) (int, int, bool) {
	s := l.p.Shape(r)
	return s.Start.Line, s.Start.Column, true
}

// keyValue looks for the path in kv, a key/value under prefix.
func (l *locator) keyValue(prefix []string, kv *unstable.Node) (int, int, bool) {
	if kv.Kind != unstable.KeyValue {
		return 0, 0, false
	}
	full := prefix[:len(prefix):len(prefix)]
	var first unstable.Range
	it := kv.Key()
	for it.Next() {
		if first.Length == 0 {
			first = it.Node().Raw
		}
		full = append(full, string(it.Node().Data))
		if slices.Equal(full, l.path) {
			return l.found(first)
		}
	}
	if isPrefix(full, l.path) {
		return l.value(full, kv.Value())
	}
	return 0, 0, false
}

// value looks for the path in v, the value at prefix: in an inline
// table's keys or an array's elements.
func (l *locator) value(prefix []string, v *unstable.Node) (int, int, bool) {
	switch v.Kind {
	case unstable.InlineTable:
		return l.inlineTable(prefix, v)
	case unstable.Array:
		it := v.Children()
		for i := 0; it.Next(); i++ {
			el := append(prefix[:len(prefix):len(prefix)], strconv.Itoa(i))
			if slices.Equal(el, l.path) {
				return l.found(it.Node().Raw)
			}
			if isPrefix(el, l.path) {
				// Only an element that is itself an inline table has
				// keys to descend into.
				if it.Node().Kind != unstable.InlineTable {
					return 0, 0, false
				}
				return l.inlineTable(el, it.Node())
			}
		}
	}
	return 0, 0, false
}

// inlineTable looks for the path among the key/values of n.
func (l *locator) inlineTable(prefix []string, n *unstable.Node) (int, int, bool) {
	it := n.Children()
	for it.Next() {
		if line, col, ok := l.keyValue(prefix, it.Node()); ok {
			return line, col, ok
		}
	}
	return 0, 0, false
}

// isPrefix reports whether a is a prefix of b.
func isPrefix(a, b []string) bool {
	return len(a) <= len(b) && slices.Equal(a, b[:len(a)])
}
