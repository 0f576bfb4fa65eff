package fileedit

import (
	"bytes"
	"fmt"
	"reflect"
)

// Array edits splice one element into, or out of, an array value written
// in the file, so the user's comments between elements, their line breaks
// and the order of the other elements stay as written. SetValue would
// rewrite the whole array on one line.

// arrayElems returns the byte ranges of the elements of the array written
// at data[start:end] (which must begin with '['), and the offset of its
// closing ']'.
func arrayElems(data []byte, start, end int) (elems [][2]int, closing int, err error) {
	if start >= end || data[start] != '[' {
		return nil, 0, fmt.Errorf("not an array")
	}
	i := start + 1
	elemStart, tokEnd := -1, -1
	depth := 0 // nesting inside the current element
	for i < end {
		c := data[i]
		if c != '#' && c != ' ' && c != '\t' && c != '\r' && c != '\n' && !(c == ',' && depth == 0) && !(c == ']' && depth == 0) {
			tokEnd = i + 1
		}
		switch {
		case c == '#':
			if j := bytes.IndexByte(data[i:end], '\n'); j >= 0 {
				i += j
				continue
			}
			i = end
			continue
		case c == '"' || c == '\'':
			if elemStart < 0 {
				elemStart = i
			}
			i = skipString(data, i, end)
			tokEnd = i
			continue
		case c == '[' || c == '{':
			if elemStart < 0 {
				elemStart = i
			}
			depth++
		case (c == ']' || c == '}') && depth > 0:
			depth--
		case c == ']' && depth == 0:
			if elemStart >= 0 {
				elems = append(elems, [2]int{elemStart, tokEnd})
			}
			return elems, i, nil
		case c == ',' && depth == 0:
			if elemStart >= 0 {
				elems = append(elems, [2]int{elemStart, tokEnd})
				elemStart = -1
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		default:
			if elemStart < 0 {
				elemStart = i
			}
		}
		i++
	}
	return nil, 0, fmt.Errorf("array is not closed")
}

// skipString returns the offset after the string starting at i.
func skipString(data []byte, i, end int) int {
	q := data[i]
	if i+2 < end && data[i+1] == q && data[i+2] == q {
		delim := []byte{q, q, q}
		if j := bytes.Index(data[i+3:end], delim); j >= 0 {
			k := i + 3 + j + 3
			for k < end && data[k] == q { // """a"""" ends with the last three
				k++
			}
			return k
		}
		return end
	}
	for j := i + 1; j < end; j++ {
		switch data[j] {
		case '\\':
			if q == '"' {
				j++
			}
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return end
}

// arrayStmt finds the key/value holding the array at keys.
func (d *TOML) arrayStmt(keys []string) (tomlStmt, bool) {
	for _, s := range d.stmts {
		if s.kind == stmtKeyValue && reflect.DeepEqual(s.path, keys) && s.valStart < s.valEnd && d.data[s.valStart] == '[' {
			return s, true
		}
	}
	return tomlStmt{}, false
}

// ArrayAppend adds value as the last element of the array at keys,
// creating the key (SetValue) when it is missing. A multi-line array gets
// the element on a line of its own, indented like the last one.
func (d *TOML) ArrayAppend(value any, keys ...string) error {
	text, err := renderValue(value)
	if err != nil {
		return fmt.Errorf("%s: %w", d.path, err)
	}
	s, ok := d.arrayStmt(keys)
	if !ok {
		if cur, exists := d.Get(keys...); exists {
			list, isList := cur.([]any)
			if !isList {
				return fmt.Errorf("%s: %v is not an array", d.path, keys)
			}
			return d.SetValue(append(append([]any{}, list...), value), keys...)
		}
		return d.SetValue([]any{value}, keys...)
	}
	elems, closing, err := arrayElems(d.data, s.valStart, s.valEnd)
	if err != nil {
		return fmt.Errorf("%s: %v: %w", d.path, keys, err)
	}
	var ins []splice
	multi := bytes.IndexByte(d.data[s.valStart:closing], '\n') >= 0
	switch {
	case len(elems) == 0:
		ins = append(ins, splice{start: s.valStart + 1, end: closing, text: text})
	case !multi:
		last := elems[len(elems)-1][1]
		ins = append(ins, splice{start: last, end: last, text: ", " + text})
	default:
		last := elems[len(elems)-1]
		// A comma after the last element, before any comment.
		j := last[1]
		for j < closing && (d.data[j] == ' ' || d.data[j] == '\t') {
			j++
		}
		if d.data[j] != ',' {
			ins = append(ins, splice{start: last[1], end: last[1], text: ","})
		}
		ls := lineStart(d.data, last[0])
		indent := d.data[ls:last[0]]
		if len(bytes.TrimSpace(indent)) > 0 {
			indent = []byte("  ")
		}
		le := lineEnd(d.data, last[1])
		if le > closing {
			// The last element shares its line with ']'.
			ins = append(ins, splice{start: closing, end: closing, text: ",\n" + string(indent) + text + "\n"})
			if d.data[j] == ',' {
				ins[len(ins)-1].text = "\n" + string(indent) + text + ",\n"
			}
			break
		}
		ins = append(ins, splice{start: le, end: le, text: string(indent) + text + ",\n"})
	}
	return d.commit(d.apply(ins), keys)
}

// ArrayRemove removes the elements of the array at keys for which match
// is true (given the element's decoded value) and returns how many. A
// removed element's own line goes with it when nothing else is on it.
func (d *TOML) ArrayRemove(match func(v any) bool, keys ...string) (int, error) {
	cur, ok := d.Get(keys...)
	if !ok {
		return 0, nil
	}
	list, ok := cur.([]any)
	if !ok {
		return 0, fmt.Errorf("%s: %v is not an array", d.path, keys)
	}
	s, ok := d.arrayStmt(keys)
	if !ok {
		var keep []any
		for _, v := range list {
			if !match(v) {
				keep = append(keep, v)
			}
		}
		if len(keep) == len(list) {
			return 0, nil
		}
		if keep == nil {
			keep = []any{}
		}
		return len(list) - len(keep), d.SetValue(keep, keys...)
	}
	elems, closing, err := arrayElems(d.data, s.valStart, s.valEnd)
	if err != nil || len(elems) != len(list) {
		return 0, fmt.Errorf("%s: %v: cannot locate the array's elements", d.path, keys)
	}
	var cuts []splice
	n := 0
	for i, e := range elems {
		if !match(list[i]) {
			continue
		}
		n++
		from, to := e[0], e[1]
		// Take the comma after it (or, for the last, the one before it).
		j := to
		for j < closing && (d.data[j] == ' ' || d.data[j] == '\t') {
			j++
		}
		if j < closing && d.data[j] == ',' {
			to = j + 1
			for to < closing && (d.data[to] == ' ' || d.data[to] == '\t') {
				to++
			}
		} else if i > 0 {
			k := from
			for k > s.valStart && bytes.IndexByte([]byte(" \t\r\n,"), d.data[k-1]) >= 0 {
				k--
				if d.data[k] == ',' {
					from = k
					break
				}
			}
		}
		// Whole line: the element alone on it (a comment after it goes too).
		ls, le := lineStart(d.data, e[0]), lineEnd(d.data, to)
		if len(bytes.TrimSpace(d.data[ls:e[0]])) == 0 && le <= closing {
			rest := bytes.TrimSpace(d.data[to:le])
			if len(rest) == 0 || rest[0] == '#' {
				from, to = ls, le
			}
		}
		cuts = append(cuts, splice{start: from, end: to})
	}
	if n == 0 {
		return 0, nil
	}
	return n, d.commit(d.apply(cuts), keys)
}
