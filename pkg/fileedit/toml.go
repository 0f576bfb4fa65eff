package fileedit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// TOML is a TOML document edited by splicing text into the original bytes.
// go-toml/v2 has no document model, so the file is indexed with the
// unstable parser (byte ranges of statements) and every edit is re-parsed
// and checked: no key outside the edited path may change.
type TOML struct {
	path  string
	data  []byte
	value map[string]any
	stmts []tomlStmt
	bom   bool // the file starts with a UTF-8 BOM: kept out of data, put back by Bytes
}

type stmtKind int

const (
	stmtTable stmtKind = iota
	stmtArrayTable
	stmtKeyValue
)

// tomlStmt is one header or key/value, widened to whole lines.
type tomlStmt struct {
	kind       stmtKind
	path       []string // full key path (header path + dotted key for key/values)
	start, end int      // line start .. after the last line's newline
	valStart   int      // key/values: the value's bytes
	valEnd     int
}

// ParseTOML parses data; errors read "path:line:col: message".
func ParseTOML(path string, data []byte) (*TOML, error) {
	d := &TOML{path: path}
	d.bom, data = cutBOM(data)
	if err := d.load(data); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *TOML) load(data []byte) error {
	m := map[string]any{}
	if err := toml.Unmarshal(data, &m); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return pos.Errorf(d.path, row, col, "%s", strings.TrimPrefix(de.Error(), "toml: "))
		}
		return fmt.Errorf("%s: %w", d.path, err)
	}
	stmts, err := indexTOML(data)
	if err != nil {
		return fmt.Errorf("%s: %w", d.path, err)
	}
	d.data, d.value, d.stmts = data, m, stmts
	return nil
}

func lineStart(b []byte, off int) int { return bytes.LastIndexByte(b[:off], '\n') + 1 }

func lineEnd(b []byte, off int) int {
	if i := bytes.IndexByte(b[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(b)
}

func indexTOML(data []byte) ([]tomlStmt, error) {
	p := unstable.Parser{KeepComments: true}
	p.Reset(data)
	var out []tomlStmt
	var table []string
	for p.NextExpression() {
		n := p.Expression()
		if n.Kind == unstable.Comment {
			continue
		}
		var keys []string
		first, last := -1, -1
		it := n.Key()
		for it.Next() {
			k := it.Node()
			keys = append(keys, string(k.Data))
			if first < 0 {
				first = int(k.Raw.Offset)
			}
			last = int(k.Raw.Offset + k.Raw.Length)
		}
		if first < 0 {
			return nil, fmt.Errorf("internal: statement without a key")
		}
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			// Headers have no range: scan back from the first key to '['.
			open := bytes.LastIndexByte(data[:first], '[')
			close := bytes.IndexByte(data[last:], ']')
			if open < 0 || close < 0 {
				return nil, fmt.Errorf("internal: cannot locate table header")
			}
			k := stmtTable
			if n.Kind == unstable.ArrayTable {
				k = stmtArrayTable
			}
			table = keys
			out = append(out, tomlStmt{kind: k, path: keys, start: lineStart(data, open), end: lineEnd(data, last+close)})
		case unstable.KeyValue:
			end := int(n.Raw.Offset + n.Raw.Length)
			eq := bytes.IndexByte(data[last:], '=')
			vs := last + eq + 1
			for vs < end && (data[vs] == ' ' || data[vs] == '\t') {
				vs++
			}
			full := append(append([]string{}, table...), keys...)
			out = append(out, tomlStmt{kind: stmtKeyValue, path: full, start: lineStart(data, first), end: lineEnd(data, end), valStart: vs, valEnd: end})
		}
	}
	if err := p.Error(); err != nil {
		return nil, err
	}
	return out, nil
}

// Bytes returns the document.
func (d *TOML) Bytes() []byte { return withBOM(d.bom, bytes.Clone(d.data)) }

func lookup(m map[string]any, keys []string) (any, bool) {
	var cur any = m
	for _, k := range keys {
		t, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = t[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// Get returns the value at keys (tables as map[string]any).
func (d *TOML) Get(keys ...string) (any, bool) { return lookup(d.value, keys) }

// GetTable returns the table at keys.
func (d *TOML) GetTable(keys ...string) (map[string]any, bool) {
	v, ok := lookup(d.value, keys)
	if !ok {
		return nil, false
	}
	t, ok := v.(map[string]any)
	return t, ok
}

func hasPrefix(path, prefix []string) bool {
	return len(path) >= len(prefix) && slices.Equal(path[:len(prefix)], prefix)
}

func isBlank(line []byte) bool { return len(bytes.TrimSpace(line)) == 0 }

func isComment(line []byte) bool {
	return bytes.HasPrefix(bytes.TrimSpace(line), []byte("#"))
}

// prevLine returns the start of the line before offset off (off is a line start).
func prevLine(b []byte, off int) (int, []byte) {
	if off == 0 {
		return -1, nil
	}
	s := lineStart(b, off-1)
	return s, b[s:off]
}

// attachedStart moves a header's start up over comment lines directly above it.
func (d *TOML) attachedStart(off int) int {
	for {
		s, line := prevLine(d.data, off)
		if s < 0 || !isComment(line) {
			return off
		}
		off = s
	}
}

// blockEnd is where the header statement i's block ends: at the next
// header (with its comments) or at the end of the file.
func (d *TOML) blockEnd(i int) int {
	for j := i + 1; j < len(d.stmts); j++ {
		if d.stmts[j].kind != stmtKeyValue {
			return d.attachedStart(d.stmts[j].start)
		}
	}
	return len(d.data)
}

// trimBlankTail moves end back over trailing blank and comment lines.
func (d *TOML) trimBlankTail(start, end int) int {
	for end > start {
		s, line := prevLine(d.data, end)
		if s < start || !(isBlank(line) || isComment(line)) {
			break
		}
		end = s
	}
	return end
}

type splice struct {
	start, end int
	text       string
	kv         bool // a key/value line outside a table block (deletion keeps what follows)
}

// regions lists the text that defines the table at keys or anything below
// it: header blocks and key/value lines outside them. main is the index in
// the result of the block of the explicit [keys] header, -1 if none.
func (d *TOML) regions(keys []string) (rs []splice, main int, inline int) {
	main, inline = -1, -1
	covered := func(off int) bool {
		for _, r := range rs {
			if off >= r.start && off < r.end {
				return true
			}
		}
		return false
	}
	for i, s := range d.stmts {
		if s.kind != stmtKeyValue && hasPrefix(s.path, keys) {
			if s.kind == stmtTable && len(s.path) == len(keys) {
				main = len(rs)
			}
			rs = append(rs, splice{start: d.attachedStart(s.start), end: d.blockEnd(i)})
		}
	}
	for i, s := range d.stmts {
		if s.kind == stmtKeyValue && hasPrefix(s.path, keys) && !covered(s.start) {
			if len(s.path) == len(keys) {
				inline = len(rs)
			}
			rs = append(rs, splice{start: s.start, end: s.end, kv: true})
			_ = i
		}
	}
	return rs, main, inline
}

// apply splices the edits (non-overlapping) into a new document.
func (d *TOML) apply(edits []splice) []byte {
	// Last first, so earlier offsets stay valid; at one offset, the
	// removal before the insertion (an insertion applied first would be
	// removed with the region).
	sort.Slice(edits, func(i, j int) bool {
		if edits[i].start != edits[j].start {
			return edits[i].start > edits[j].start
		}
		return edits[i].end > edits[j].end
	})
	crlf := isCRLF(d.data)
	out := bytes.Clone(d.data)
	for _, e := range edits {
		text := e.text
		if crlf {
			text = strings.ReplaceAll(text, "\n", "\r\n")
		}
		out = append(out[:e.start], append([]byte(text), out[e.end:]...)...)
	}
	if len(d.data) > 0 && !bytes.HasSuffix(d.data, []byte("\n")) {
		// Keep the user's missing final newline missing.
		out = bytes.TrimRight(out, "\r\n")
	}
	return out
}

// isCRLF reports whether every line of b ends with CRLF, so that the text
// we insert must too (Windows editors keep it that way).
func isCRLF(b []byte) bool {
	n := bytes.Count(b, []byte("\n"))
	return n > 0 && n == bytes.Count(b, []byte("\r\n"))
}

// deletion removes r. Comment lines that follow the region's last
// statement directly belong to it; after the first blank line, comments
// belong to what comes next (a section comment above the next table) and
// stay, and the blank lines that separated the region from them go with it.
// A region that ends the file also takes the blank line that separated it
// from what precedes.
func (d *TOML) deletion(r splice) splice {
	cut := r.end
	if !r.kv {
		if cut = d.trimBlankTail(r.start, r.end); cut == r.start {
			cut = r.end
		}
	}
	for cut < r.end && isComment(d.data[cut:lineEnd(d.data, cut)]) {
		cut = lineEnd(d.data, cut)
	}
	for cut < r.end && isBlank(d.data[cut:lineEnd(d.data, cut)]) {
		cut = lineEnd(d.data, cut)
	}
	r.end = cut
	if r.end == len(d.data) {
		if s, line := prevLine(d.data, r.start); s >= 0 && isBlank(line) {
			r.start = s
			// A file without a final newline got ours without one too
			// (appendText): give the newline back as well.
			if !bytes.HasSuffix(d.data, []byte("\n")) {
				switch {
				case s > 1 && d.data[s-2] == '\r' && d.data[s-1] == '\n':
					r.start = s - 2
				case s > 0 && d.data[s-1] == '\n':
					r.start = s - 1
				}
			}
		}
	}
	r.text = ""
	return r
}

// appendText is the splice that adds a table at the end of the file,
// separated by one blank line.
func (d *TOML) appendText(text string) splice {
	n := len(d.data)
	pre := ""
	switch {
	case n == 0 || bytes.HasSuffix(d.data, []byte("\n\n")) || bytes.HasSuffix(d.data, []byte("\n\r\n")):
	case d.data[n-1] != '\n':
		// Keep the user's missing final newline missing.
		pre = "\n\n"
		text = strings.TrimSuffix(text, "\n")
	default:
		pre = "\n"
	}
	return splice{start: n, end: n, text: pre + text}
}

// deletions merges touching regions and widens each with deletion.
func (d *TOML) deletions(rs []splice) []splice {
	rs = append([]splice{}, rs...)
	sort.Slice(rs, func(i, j int) bool { return rs[i].start < rs[j].start })
	var merged []splice
	for _, r := range rs {
		if k := len(merged) - 1; k >= 0 && r.start <= merged[k].end {
			if r.end >= merged[k].end {
				merged[k].end, merged[k].kv = r.end, r.kv
			}
			continue
		}
		merged = append(merged, r)
	}
	for i := range merged {
		merged[i] = d.deletion(merged[i])
	}
	return merged
}

// commit re-parses out and checks that only the value at keys changed.
func (d *TOML) commit(out []byte, keys []string) error {
	nd := &TOML{path: d.path, bom: d.bom}
	if err := nd.load(out); err != nil {
		return fmt.Errorf("%s: internal: edit of %s produced invalid TOML: %w", d.path, strings.Join(keys, "."), err)
	}
	if !reflect.DeepEqual(without(d.value, keys), without(nd.value, keys)) {
		return fmt.Errorf("%s: internal: edit of %s changed other keys", d.path, strings.Join(keys, "."))
	}
	*d = *nd
	return nil
}

// without returns a deep-enough copy of m with the value at keys removed
// (and parents that held only it).
func without(m map[string]any, keys []string) map[string]any {
	if len(keys) == 0 {
		return map[string]any{}
	}
	c := make(map[string]any, len(m))
	maps.Copy(c, m)
	if len(keys) == 1 {
		delete(c, keys[0])
		return c
	}
	if sub, ok := c[keys[0]].(map[string]any); ok {
		s := without(sub, keys[1:])
		if len(s) == 0 {
			delete(c, keys[0])
		} else {
			c[keys[0]] = s
		}
	}
	return c
}

func sameValue(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return reflect.DeepEqual(a, b)
	}
	var va, vb any
	_ = json.Unmarshal(ja, &va)
	_ = json.Unmarshal(jb, &vb)
	return reflect.DeepEqual(va, vb)
}

// SetTable makes the table at keys equal value: an explicit [keys] table is
// replaced where it stands (with its sub-tables), an inline one in place, a
// dotted-key one is removed and the table appended; equal values change
// nothing.
func (d *TOML) SetTable(value map[string]any, keys ...string) error {
	if len(keys) == 0 {
		return fmt.Errorf("%s: cannot replace the whole document", d.path)
	}
	if cur, ok := d.GetTable(keys...); ok && sameValue(cur, value) {
		return nil
	}
	if a, ok := d.inlineAncestor(keys); ok {
		return d.editInline(a, keys, func(t map[string]any, rel []string) bool {
			setIn(t, rel, value)
			return true
		})
	}
	rs, main, inline := d.regions(keys)
	var edits []splice
	switch {
	case main >= 0:
		text, err := renderTable(keys, value)
		if err != nil {
			return fmt.Errorf("%s: %w", d.path, err)
		}
		var others []splice
		for i, r := range rs {
			if i == main {
				// Keep the header line as the user wrote it (spacing, a
				// comment after it), the comments above and the blank
				// lines below; replace the body.
				h := d.headerAt(r)
				body := text[strings.IndexByte(text, '\n')+1:]
				if h.end > 0 && d.data[h.end-1] != '\n' {
					body = "\n" + body
				}
				edits = append(edits, splice{start: h.end, end: max(h.end, d.trimBlankTail(h.start, r.end)), text: body})
				continue
			}
			others = append(others, r)
		}
		edits = append(edits, d.deletions(others)...)
	case inline >= 0 && len(rs) == 1:
		s := d.stmtAtKV(rs[inline].start)
		text, err := renderValue(value)
		if err != nil {
			return fmt.Errorf("%s: %w", d.path, err)
		}
		edits = append(edits, splice{start: s.valStart, end: s.valEnd, text: text})
	default:
		text, err := renderTable(keys, value)
		if err != nil {
			return fmt.Errorf("%s: %w", d.path, err)
		}
		edits = append(d.deletions(rs), d.appendText(text))
	}
	return d.commit(d.apply(edits), keys)
}

// headerAt returns the header statement inside a header region.
func (d *TOML) headerAt(r splice) tomlStmt {
	for _, s := range d.stmts {
		if s.kind != stmtKeyValue && s.start >= r.start && s.start < r.end {
			return s
		}
	}
	return tomlStmt{start: r.start, end: r.start}
}

// inlineAncestor finds the key/value statement whose value holds the table
// at keys, as in `mcp_servers = { x = { ... } }` for ("mcp_servers", "x").
func (d *TOML) inlineAncestor(keys []string) (tomlStmt, bool) {
	for _, s := range d.stmts {
		if s.kind == stmtKeyValue && len(s.path) < len(keys) && hasPrefix(keys, s.path) {
			return s, true
		}
	}
	return tomlStmt{}, false
}

// editInline rewrites the inline table of statement a after edit changed
// its copy (edit gets the path relative to it; false: nothing to do).
// TOML 1.0 inline tables are one line, so the whole value is re-rendered
// (its keys sorted); the rest of the line, a comment included, stays.
func (d *TOML) editInline(a tomlStmt, keys []string, edit func(t map[string]any, rel []string) bool) error {
	cur, _ := lookup(d.value, a.path)
	t, ok := cur.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: %s is not a table", d.path, strings.Join(a.path, "."))
	}
	nt := deepCopy(t)
	if !edit(nt, keys[len(a.path):]) {
		return errNotFound
	}
	text, err := renderValue(nt)
	if err != nil {
		return fmt.Errorf("%s: %w", d.path, err)
	}
	return d.commit(d.apply([]splice{{start: a.valStart, end: a.valEnd, text: text}}), keys)
}

var errNotFound = errors.New("not found")

// deleteIn removes keys from m; false when absent.
func deleteIn(m map[string]any, keys []string) bool {
	for _, k := range keys[:len(keys)-1] {
		sub, ok := m[k].(map[string]any)
		if !ok {
			return false
		}
		m = sub
	}
	if _, ok := m[keys[len(keys)-1]]; !ok {
		return false
	}
	delete(m, keys[len(keys)-1])
	return true
}

func (d *TOML) stmtAtKV(start int) tomlStmt {
	for _, s := range d.stmts {
		if s.kind == stmtKeyValue && s.start == start {
			return s
		}
	}
	return tomlStmt{}
}

// DeleteTable removes the table at keys and everything below it, with
// their lines.
func (d *TOML) DeleteTable(keys ...string) bool {
	if len(keys) == 0 {
		return false
	}
	if a, ok := d.inlineAncestor(keys); ok {
		return d.editInline(a, keys, deleteIn) == nil
	}
	rs, _, _ := d.regions(keys)
	if len(rs) == 0 {
		return false
	}
	return d.commit(d.apply(d.deletions(rs)), keys) == nil
}

// SetValue sets one key: in place when it exists, else added at the end of
// its table's key/values (the table is appended when missing).
func (d *TOML) SetValue(value any, keys ...string) error {
	if len(keys) == 0 {
		return fmt.Errorf("%s: empty key", d.path)
	}
	if cur, ok := d.Get(keys...); ok && sameValue(cur, value) {
		return nil
	}
	text, err := renderValue(value)
	if err != nil {
		return fmt.Errorf("%s: %w", d.path, err)
	}
	for _, s := range d.stmts {
		if s.kind == stmtKeyValue && reflect.DeepEqual(s.path, keys) {
			return d.commit(d.apply([]splice{{start: s.valStart, end: s.valEnd, text: text}}), keys)
		}
	}
	// Inside an inline table: rewrite that inline table.
	if a, ok := d.inlineAncestor(keys); ok {
		return d.editInline(a, keys, func(t map[string]any, rel []string) bool {
			setIn(t, rel, value)
			return true
		})
	}
	parent := keys[:len(keys)-1]
	// The deepest explicit header that contains the key (root: none).
	hdr, hdrIdx := -1, -1
	for i, s := range d.stmts {
		if s.kind == stmtTable && hasPrefix(parent, s.path) && len(s.path) > hdr {
			hdr, hdrIdx = len(s.path), i
		}
	}
	_, parentExists := d.GetTable(parent...)
	if len(parent) > 0 && !parentExists {
		return d.commit(d.apply([]splice{d.appendText(mustRenderTable(parent, map[string]any{keys[len(keys)-1]: value}))}), keys)
	}
	var rel []string
	var start, end int
	if hdrIdx < 0 {
		rel = keys
		end = len(d.data)
		for _, s := range d.stmts {
			if s.kind != stmtKeyValue {
				end = d.attachedStart(s.start)
				break
			}
		}
	} else {
		rel = keys[hdr:]
		start, end = d.stmts[hdrIdx].start, d.blockEnd(hdrIdx)
	}
	// After the last key/value of that table.
	at := start
	if hdrIdx >= 0 {
		at = d.stmts[hdrIdx].end
	}
	for _, s := range d.stmts {
		if s.kind == stmtKeyValue && s.start >= start && s.end <= end && s.end > at {
			at = s.end
		}
	}
	line := renderKey(rel) + " = " + text + "\n"
	if at > 0 && d.data[at-1] != '\n' {
		line = "\n" + line
	}
	return d.commit(d.apply([]splice{{start: at, end: at, text: line}}), keys)
}

func deepCopy(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		if sub, ok := v.(map[string]any); ok {
			v = deepCopy(sub)
		}
		c[k] = v
	}
	return c
}

func setIn(m map[string]any, keys []string, v any) {
	for _, k := range keys[:len(keys)-1] {
		sub, ok := m[k].(map[string]any)
		if !ok {
			sub = map[string]any{}
			m[k] = sub
		}
		m = sub
	}
	m[keys[len(keys)-1]] = v
}

var bareKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]+$`) })

func renderKey(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		if bareKey().MatchString(k) {
			parts[i] = k
		} else {
			parts[i] = quoteTOML(k)
		}
	}
	return strings.Join(parts, ".")
}

// quoteTOML writes a basic (double-quoted) string, the style codex's own
// files use; JSON escapes are valid TOML escapes.
func quoteTOML(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimRight(b.String(), "\n")
}

func mustRenderTable(keys []string, v map[string]any) string {
	s, err := renderTable(keys, v)
	if err != nil {
		return ""
	}
	return s
}

// renderTable writes [keys] with its scalar and array keys, then a
// [keys.sub] table for each nested table, keys sorted (as toml.Marshal
// does).
func renderTable(keys []string, v map[string]any) (string, error) {
	var b strings.Builder
	if err := writeTable(&b, keys, v); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeTable(b *strings.Builder, keys []string, v map[string]any) error {
	names := slices.Sorted(maps.Keys(v))
	var subs []string
	fmt.Fprintf(b, "[%s]\n", renderKey(keys))
	for _, k := range names {
		if sub, ok := asTable(v[k]); ok && len(sub) > 0 {
			subs = append(subs, k)
			continue
		}
		text, err := renderValue(v[k])
		if err != nil {
			return fmt.Errorf("%s: %w", renderKey(append(keys, k)), err)
		}
		fmt.Fprintf(b, "%s = %s\n", renderKey([]string{k}), text)
	}
	for _, k := range subs {
		sub, _ := asTable(v[k])
		b.WriteString("\n")
		if err := writeTable(b, append(append([]string{}, keys...), k), sub); err != nil {
			return err
		}
	}
	return nil
}

func asTable(v any) (map[string]any, bool) {
	switch t := v.(type) {
	case map[string]any:
		return t, true
	case map[string]string:
		m := make(map[string]any, len(t))
		for k, s := range t {
			m[k] = s
		}
		return m, true
	}
	return nil, false
}

// renderValue writes one value inline. JSON-like values are written by
// hand (double-quoted strings); anything else goes through toml.Marshal.
func renderValue(v any) (string, error) {
	switch t := v.(type) {
	case string:
		return quoteTOML(t), nil
	case bool:
		return strconv.FormatBool(t), nil
	case int:
		return strconv.Itoa(t), nil
	case int64:
		return strconv.FormatInt(t, 10), nil
	case uint64:
		return strconv.FormatUint(t, 10), nil
	case float64:
		if t == math.Trunc(t) && math.Abs(t) < 1e15 {
			return strconv.FormatFloat(t, 'f', 1, 64), nil
		}
		return strconv.FormatFloat(t, 'g', -1, 64), nil
	case []string:
		parts := make([]string, len(t))
		for i, s := range t {
			parts[i] = quoteTOML(s)
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case []any:
		return renderArray(t)
	}
	if m, ok := asTable(v); ok {
		return renderInlineTable(m)
	}
	return renderOther(v)
}

// renderArray writes a generic list as an inline array.
func renderArray(t []any) (string, error) {
	parts := make([]string, len(t))
	for i, e := range t {
		s, err := renderValue(e)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return "[" + strings.Join(parts, ", ") + "]", nil
}

// renderInlineTable writes a table as an inline table, keys sorted.
func renderInlineTable(m map[string]any) (string, error) {
	names := slices.Sorted(maps.Keys(m))
	parts := make([]string, len(names))
	for i, k := range names {
		s, err := renderValue(m[k])
		if err != nil {
			return "", err
		}
		parts[i] = renderKey([]string{k}) + " = " + s
	}
	if len(parts) == 0 {
		return "{}", nil
	}
	return "{ " + strings.Join(parts, ", ") + " }", nil
}

// renderOther writes what renderValue has no direct case for: JSON numbers,
// typed containers and structs (through JSON), and last toml.Marshal.
func renderOther(v any) (string, error) {
	switch t := v.(type) {
	case nil:
		return "", errors.New("TOML has no null value")
	case json.Number:
		if _, err := t.Int64(); err == nil {
			return t.String(), nil
		}
		f, err := t.Float64()
		if err != nil {
			return "", err
		}
		return renderValue(f)
	}
	switch reflect.ValueOf(v).Kind() {
	case reflect.Map, reflect.Slice, reflect.Array, reflect.Struct, reflect.Pointer:
		// Typed containers and structs: through JSON (as the other
		// formats take values) into the generic forms above.
		n, err := viaJSON(v)
		if err != nil {
			return "", err
		}
		switch n.(type) {
		case map[string]any, []any, string, bool, json.Number:
			return renderValue(n)
		}
	}
	b, err := toml.Marshal(map[string]any{"v": v})
	if err != nil {
		return "", err
	}
	s := strings.TrimSpace(string(b))
	if !strings.HasPrefix(s, "v = ") || strings.Contains(s, "\n") {
		return "", fmt.Errorf("cannot write %T as an inline TOML value", v)
	}
	return strings.TrimPrefix(s, "v = "), nil
}

// viaJSON turns v into the generic values encoding/json decodes
// (map[string]any, []any, string, bool, json.Number, nil), the forms
// renderValue writes.
func viaJSON(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}
