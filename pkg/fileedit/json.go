package fileedit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/tailscale/hujson"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// JSON is a JSON or JSONC document edited in place: comments, key order,
// indentation and the final newline (or its absence) are kept, and inserted
// text is indented like its siblings.
type JSON struct {
	path  string
	orig  []byte
	root  hujson.Value
	dirty bool
	unit  string // one indentation level, detected from the file
	crlf  bool   // every line ends with CRLF: so must the lines we add
	bom   bool   // the file starts with a UTF-8 BOM, which the parser refuses
}

// Compiled on first use: cargo-agents links this package, and its hook
// path must not pay for it.
var hujsonPos = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^hujson: line (\d+), column (\d+): `) })

// ParseJSON parses data (JSON or JSONC). Empty or blank data is an empty
// object. Errors read "path:line:col: message", as a *pos.Error, so a
// caller's --json error record carries the place as fields.
func ParseJSON(path string, data []byte) (*JSON, error) {
	d := &JSON{path: path, orig: data}
	d.bom, data = cutBOM(data)
	src := data
	if len(bytes.TrimSpace(data)) == 0 {
		src = []byte("{}\n")
	}
	v, err := hujson.Parse(src)
	if err != nil {
		msg := err.Error()
		if m := hujsonPos().FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			return nil, pos.Errorf(path, line, col, "%s", msg[len(m[0]):])
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	d.root = v
	d.unit = detectIndent(src)
	d.crlf = isCRLF(data)
	return d, nil
}

// detectIndent returns the first indentation found on a line that opens
// a member or element: a tab, or the smallest run of spaces.
func detectIndent(b []byte) string {
	small := ""
	for _, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" || len(trimmed) == len(line) {
			continue
		}
		ws := line[:len(line)-len(trimmed)]
		if ws[0] == '\t' {
			if small == "" {
				return "\t"
			}
			continue
		}
		if strings.Trim(ws, " ") == "" && (small == "" || len(ws) < len(small)) {
			small = ws
		}
	}
	if small == "" {
		return "  "
	}
	return small
}

// Bytes returns the document; the original bytes when nothing changed.
func (d *JSON) Bytes() []byte {
	if !d.dirty {
		return bytes.Clone(d.orig)
	}
	return withBOM(d.bom, d.root.Pack())
}

// pointer is the JSON pointer (RFC 6901) of the keys ptr: "~" escaped as
// "~0", then "/" as "~1". Two ReplaceAlls, not a strings.Replacer: one
// made per call built a 256-entry table each time, and settings files are
// searched thousands of times a sync (a third of the agents' hook
// registration, in page faults).
func pointer(ptr []string) string {
	var b strings.Builder
	for _, p := range ptr {
		b.WriteByte('/')
		if strings.ContainsAny(p, "~/") {
			p = strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1")
		}
		b.WriteString(p)
	}
	return b.String()
}

func (d *JSON) find(ptr []string) *hujson.Value {
	return d.root.Find(pointer(ptr))
}

// Path is the file the document was read from.
func (d *JSON) Path() string { return d.path }

// Get returns the standard JSON (comments stripped, compact) at ptr.
func (d *JSON) Get(ptr ...string) (json.RawMessage, bool) {
	v := d.find(ptr)
	if v == nil {
		return nil, false
	}
	c := v.Clone()
	c.BeforeExtra, c.AfterExtra = nil, nil
	c.Standardize()
	var out bytes.Buffer
	if err := json.Compact(&out, c.Pack()); err != nil {
		return json.RawMessage(bytes.TrimSpace(c.Pack())), true
	}
	return out.Bytes(), true
}

// Len is the length of the array or the number of keys of the object at
// ptr; -1 when absent (0 for a scalar).
func (d *JSON) Len(ptr ...string) int {
	v := d.find(ptr)
	if v == nil {
		return -1
	}
	switch c := v.Value.(type) {
	case *hujson.Object:
		return len(c.Members)
	case *hujson.Array:
		return len(c.Elements)
	}
	return 0
}

// Keys lists the keys of the object at ptr in file order.
func (d *JSON) Keys(ptr ...string) []string {
	v := d.find(ptr)
	if v == nil {
		return nil
	}
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil
	}
	keys := make([]string, 0, len(obj.Members))
	for _, m := range obj.Members {
		keys = append(keys, m.Name.Value.(hujson.Literal).String())
	}
	return keys
}

// commit re-parses the packed document so offsets and the AST stay canonical.
func (d *JSON) commit() error {
	b := d.root.Pack()
	if d.crlf {
		// Our inserts use LF; the file had nothing else, so any LF that
		// lacks its CR is ours.
		b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	}
	v, err := hujson.Parse(b)
	if err != nil {
		return fmt.Errorf("%s: internal: edit produced invalid JSON: %w", d.path, err)
	}
	d.root = v
	d.dirty = true
	return nil
}

// lineIndent is the leading whitespace of the line holding offset off in
// the packed document.
func lineIndent(b []byte, off int) string {
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	i := start
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return string(b[start:i])
}

// render encodes value as JSON whose continuation lines start with indent.
func (d *JSON) render(value any, indent string, multiline bool) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if multiline {
		enc.SetIndent(indent, d.unit)
	}
	if err := enc.Encode(value); err != nil {
		return nil, fmt.Errorf("%s: encoding value: %w", d.path, err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

func parseValue(b []byte) (hujson.Value, error) {
	v, err := hujson.Parse(b)
	if err != nil {
		return v, err
	}
	v.BeforeExtra, v.AfterExtra = nil, nil
	return v, nil
}

// isMultiline reports whether a container's members sit on their own lines.
func isMultiline(v *hujson.Value) bool {
	switch c := v.Value.(type) {
	case *hujson.Object:
		if len(c.Members) == 0 {
			return true
		}
		return bytes.Contains(c.Members[0].Name.BeforeExtra, []byte("\n")) || bytes.Contains(c.AfterExtra, []byte("\n"))
	case *hujson.Array:
		if len(c.Elements) == 0 {
			return true
		}
		return bytes.Contains(c.Elements[0].BeforeExtra, []byte("\n")) || bytes.Contains(c.AfterExtra, []byte("\n"))
	}
	return false
}

// Set replaces the value at ptr in place, or adds the key at the end of
// its object, creating missing parent objects.
func (d *JSON) Set(value any, ptr ...string) error {
	if len(ptr) == 0 {
		return fmt.Errorf("%s: cannot replace the whole document", d.path)
	}
	packed := d.root.Pack()
	if v := d.find(ptr); v != nil {
		if cur, ok := d.Get(ptr...); ok && sameJSONValue(cur, value) {
			return nil
		}
		ind := lineIndent(packed, v.StartOffset)
		multi := isMultiline(d.find(ptr[:len(ptr)-1])) || bytes.Contains(v.Pack(), []byte("\n"))
		text, err := d.render(value, ind, multi)
		if err != nil {
			return err
		}
		nv, err := parseValue(text)
		if err != nil {
			return err
		}
		v.Value = nv.Value
		return d.commit()
	}
	// Find the deepest existing parent and wrap value for what is missing.
	i := len(ptr) - 1
	for i > 0 && d.find(ptr[:i]) == nil {
		i--
	}
	parent := d.find(ptr[:i])
	for j := len(ptr) - 1; j > i; j-- {
		value = map[string]any{ptr[j]: value}
	}
	key := ptr[i]
	switch c := parent.Value.(type) {
	case *hujson.Object:
		return d.insert(parent, c, key, value)
	case *hujson.Array:
		if n, err := strconv.Atoi(key); err == nil && n == len(c.Elements) {
			return d.Append(value, ptr[:i]...)
		}
		return fmt.Errorf("%s: %s: no element %s in the array", d.path, pointer(ptr), key)
	}
	return fmt.Errorf("%s: %s: %s is not an object", d.path, pointer(ptr), pointer(ptr[:i]))
}

// newSlot computes the extra text before a new last member/element and the
// container's new closing extra, keeping a same-line trailing comment of the
// previous last entry on its line.
func (d *JSON) newSlot(v *hujson.Value, after hujson.Extra, siblingBefore hujson.Extra, empty bool, packed []byte) (before, newAfter []byte, indent string, multi bool) {
	multi = isMultiline(v)
	parentInd := lineIndent(packed, v.StartOffset)
	if !multi {
		if empty {
			return nil, after, parentInd, false
		}
		return []byte(" "), after, parentInd, false
	}
	indent = parentInd + d.unit
	if !empty {
		sb := siblingBefore
		if k := bytes.LastIndexByte(sb, '\n'); k >= 0 {
			indent = string(sb[k+1:])
		}
	}
	if empty {
		if len(bytes.TrimSpace(after)) == 0 {
			return []byte("\n" + indent), []byte("\n" + parentInd), indent, true
		}
		return append([]byte("\n"+indent), nil...), append(after, []byte("\n"+parentInd)...), indent, true
	}
	nl := bytes.IndexByte(after, '\n')
	if nl < 0 {
		// "}" on the last member's line: put ours on a new line and keep it.
		return []byte("\n" + indent), append([]byte("\n"+parentInd), after...), indent, true
	}
	head := after[:nl]
	return append(bytes.Clone(head), "\n"+indent...), bytes.Clone(after[nl:]), indent, true
}

func (d *JSON) insert(parent *hujson.Value, obj *hujson.Object, key string, value any) error {
	packed := d.root.Pack()
	var sib hujson.Extra
	if n := len(obj.Members); n > 0 {
		sib = obj.Members[n-1].Name.BeforeExtra
	}
	before, after, indent, multi := d.newSlot(parent, obj.AfterExtra, sib, len(obj.Members) == 0, packed)
	text, err := d.render(value, indent, multi)
	if err != nil {
		return err
	}
	nv, err := parseValue(text)
	if err != nil {
		return err
	}
	name, _ := json.Marshal(key)
	nv.BeforeExtra = []byte(" ")
	m := hujson.ObjectMember{Name: hujson.Value{BeforeExtra: before, Value: hujson.Literal(name)}, Value: nv}
	if n := len(obj.Members); n > 0 {
		last := &obj.Members[n-1].Value
		if last.AfterExtra != nil { // trailing comma style: keep it
			m.Value.AfterExtra = []byte{}
		} else {
			last.AfterExtra = []byte{}
		}
	}
	obj.Members = append(obj.Members, m)
	obj.AfterExtra = after
	return d.commit()
}

// Append adds value at the end of the array at ptr (created when missing).
func (d *JSON) Append(value any, ptr ...string) error {
	v := d.find(ptr)
	if v == nil {
		return d.Set([]any{value}, ptr...)
	}
	arr, ok := v.Value.(*hujson.Array)
	if !ok {
		return fmt.Errorf("%s: %s is not an array", d.path, pointer(ptr))
	}
	packed := d.root.Pack()
	var sib hujson.Extra
	if n := len(arr.Elements); n > 0 {
		sib = arr.Elements[n-1].BeforeExtra
	}
	before, after, indent, multi := d.newSlot(v, arr.AfterExtra, sib, len(arr.Elements) == 0, packed)
	text, err := d.render(value, indent, multi)
	if err != nil {
		return err
	}
	nv, err := parseValue(text)
	if err != nil {
		return err
	}
	nv.BeforeExtra = before
	if n := len(arr.Elements); n > 0 {
		last := &arr.Elements[n-1]
		if last.AfterExtra != nil {
			nv.AfterExtra = []byte{}
		} else {
			last.AfterExtra = []byte{}
		}
	}
	arr.Elements = append(arr.Elements, nv)
	arr.AfterExtra = after
	return d.commit()
}

// Delete removes the key or element at ptr with its comma and its line;
// comments on lines above it are kept.
func (d *JSON) Delete(ptr ...string) bool {
	if len(ptr) == 0 || d.find(ptr) == nil {
		return false
	}
	parent := d.find(ptr[:len(ptr)-1])
	befores, afters, closing, idx := entryExtras(parent, ptr[len(ptr)-1])
	if idx < 0 {
		return false
	}
	spliceExtras(befores, afters, closing, idx)
	switch c := parent.Value.(type) {
	case *hujson.Object:
		c.Members = append(c.Members[:idx], c.Members[idx+1:]...)
		if len(c.Members) == 0 && len(bytes.TrimSpace(c.AfterExtra)) == 0 {
			c.AfterExtra = nil
		}
	case *hujson.Array:
		c.Elements = append(c.Elements[:idx], c.Elements[idx+1:]...)
		if len(c.Elements) == 0 && len(bytes.TrimSpace(c.AfterExtra)) == 0 {
			c.AfterExtra = nil
		}
	}
	return d.commit() == nil
}

// entryExtras gives a uniform view of parent's entries for Delete:
// befores[i] is the extra before entry i, afters[i] its extra before the
// comma, closing the extra before the closing bracket; idx is the entry
// named key, or -1 when there is none.
func entryExtras(parent *hujson.Value, key string) (befores, afters []*hujson.Extra, closing *hujson.Extra, idx int) {
	idx = -1
	switch c := parent.Value.(type) {
	case *hujson.Object:
		for i := range c.Members {
			befores = append(befores, &c.Members[i].Name.BeforeExtra)
			afters = append(afters, &c.Members[i].Value.AfterExtra)
			if c.Members[i].Name.Value.(hujson.Literal).String() == key {
				idx = i
			}
		}
		closing = &c.AfterExtra
	case *hujson.Array:
		n, err := strconv.Atoi(key)
		if err != nil || n < 0 || n >= len(c.Elements) {
			return nil, nil, nil, -1
		}
		for i := range c.Elements {
			befores = append(befores, &c.Elements[i].BeforeExtra)
			afters = append(afters, &c.Elements[i].AfterExtra)
		}
		idx = n
		closing = &c.AfterExtra
	}
	return befores, afters, closing, idx
}

// spliceExtras moves the comments and spacing around entry idx onto its
// neighbours (the next entry, or the closing bracket and the comma of the
// previous one) so that removing the entry leaves the rest as it was.
func spliceExtras(befores, afters []*hujson.Extra, closing *hujson.Extra, idx int) {
	n := len(befores)
	rb := bytes.Clone(*befores[idx])
	// keep: what stands before the removed entry up to (not including) its
	// own line's indentation: the previous line's trailing comment and any
	// comment lines above it.
	var keep []byte
	if k := bytes.LastIndexByte(rb, '\n'); k >= 0 {
		keep = rb[:k]
	} else {
		keep = nil
	}
	trailingComma := (*afters[n-1]) != nil
	if idx < n-1 {
		nb := *befores[idx+1]
		if k := bytes.IndexByte(nb, '\n'); k >= 0 && bytes.IndexByte(rb, '\n') >= 0 {
			*befores[idx+1] = append(bytes.Clone(keep), nb[k:]...)
		} else if bytes.IndexByte(rb, '\n') < 0 {
			// Single-line container: the next entry takes the removed one's spacing.
			*befores[idx+1] = rb
		}
		return
	}
	ce := *closing
	if bytes.IndexByte(rb, '\n') >= 0 {
		if k := bytes.IndexByte(ce, '\n'); k >= 0 {
			ce = ce[k:]
		}
		*closing = append(bytes.Clone(keep), ce...)
	}
	if idx > 0 {
		prev := afters[idx-1]
		if trailingComma {
			if *prev == nil {
				*prev = []byte{}
			}
		} else {
			*closing = append(bytes.Clone(*prev), *closing...)
			*prev = nil
		}
	}
}

// sameJSONValue reports whether raw and value are the same JSON.
func sameJSONValue(raw json.RawMessage, value any) bool {
	b, err := json.Marshal(value)
	if err != nil {
		return false
	}
	var a, c any
	if json.Unmarshal(raw, &a) != nil || json.Unmarshal(b, &c) != nil {
		return false
	}
	return reflect.DeepEqual(a, c)
}
