package stream

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// recordTypes is the Go type of each record kind: what the docs test
// decodes that kind's examples into.
var recordTypes = map[string]any{
	KindWorkspace:    Workspace{},
	KindDep:          Dep{},
	KindSkill:        Skill{},
	KindHook:         Hook{},
	KindMCPServer:    MCPServer{},
	KindRejected:     Rejected{},
	KindAction:       Action{},
	KindError:        Diagnostic{},
	KindWarning:      Diagnostic{},
	KindGate:         Gate{},
	KindGateInput:    GateInput{},
	KindSource:       Source{},
	KindPluginStatus: PluginStatus{},
	KindSearchMatch:  SearchMatch{},
	KindSubcommand:   Subcommand{},
	KindSync:         SyncSummary{},
	KindPluginSource: PluginSource{},
	KindPluginEntry:  PluginEntry{},
	KindValidation:   Validation{},
}

// docExample is one example record of docs/streams.md.
type docExample struct {
	line int
	kind string
	data []byte
}

// readDoc returns docs/streams.md and the example records in its json
// code blocks: each line that is a JSON object with a kind.
func readDoc(t *testing.T) (string, []docExample) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "streams.md"))
	if err != nil {
		t.Fatal(err)
	}
	var examples []docExample
	inJSON := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "```"):
			inJSON = !inJSON && line == "```json"
			continue
		case !inJSON || !strings.HasPrefix(line, "{"):
			continue
		}
		var head struct {
			Kind string `json:"kind"`
		}
		if json.Unmarshal([]byte(line), &head) == nil && head.Kind != "" {
			examples = append(examples, docExample{n, head.Kind, []byte(line)})
		}
	}
	return string(data), examples
}

// TestEveryKindDocumented fails when a record kind has no example line in
// docs/streams.md, or no Go type here, so the contract a user greps with
// jq stays complete.
func TestEveryKindDocumented(t *testing.T) {
	_, examples := readDoc(t)
	documented := map[string]bool{}
	for _, ex := range examples {
		documented[ex.kind] = true
	}
	for _, k := range AllKinds {
		if !documented[k] {
			t.Errorf("docs/streams.md has no example record with \"kind\":%q", k)
		}
		if recordTypes[k] == nil {
			t.Errorf("kind %q has no Go type in recordTypes", k)
		}
	}
}

// TestDocExamplesMatchTypes decodes every example record of
// docs/streams.md into its kind's Go type, refusing a field the type does
// not have, so an example cannot show a field no stage writes.
func TestDocExamplesMatchTypes(t *testing.T) {
	_, examples := readDoc(t)
	for _, ex := range examples {
		typ, ok := recordTypes[ex.kind]
		if !ok {
			continue // a record of another tool (sym-hook's) or a typo: TestEveryKindDocumented lists ours
		}
		dec := json.NewDecoder(bytes.NewReader(ex.data))
		dec.DisallowUnknownFields()
		v := reflect.New(reflect.TypeOf(typ)).Interface()
		if err := dec.Decode(v); err != nil {
			t.Errorf("docs/streams.md:%d: %s example does not decode into %T: %v", ex.line, ex.kind, typ, err)
		}
	}
}

// TestDocFieldsDocumented fails for a field of a record type that no
// example of its kind shows and no text of the sections holding those
// examples names (as `field`, `.field` or `parent.field`), so a new field
// cannot go undocumented.
func TestDocFieldsDocumented(t *testing.T) {
	doc, examples := readDoc(t)
	sections := docSections(doc)
	shown := map[string]map[string]bool{} // kind → field paths and names its examples show
	named := map[string]map[string]bool{} // kind → names its sections put in backquotes
	for _, ex := range examples {
		if shown[ex.kind] == nil {
			shown[ex.kind], named[ex.kind] = map[string]bool{}, map[string]bool{}
		}
		var v any
		if err := json.Unmarshal(ex.data, &v); err != nil {
			continue
		}
		jsonPaths(v, "", shown[ex.kind])
		for _, sec := range sections {
			if sec.from <= ex.line && ex.line < sec.to {
				for _, m := range backquoted.FindAllStringSubmatch(sec.text, -1) {
					named[ex.kind][m[1]] = true
				}
			}
		}
	}
	// A nested type shared by several kinds (installations) is documented
	// once, where one of them is: another's table says "as in ...".
	documented := map[string]bool{} // nested field paths documented for some kind
	undocumented := map[string][]string{}
	for kind, typ := range recordTypes {
		for _, p := range fieldPaths(reflect.TypeOf(typ), "") {
			leaf := p[strings.LastIndex(p, ".")+1:]
			if p == "kind" || shown[kind][p] || shown[kind][leaf] || named[kind][leaf] {
				documented[p] = strings.Contains(p, ".")
				continue
			}
			undocumented[kind] = append(undocumented[kind], p)
		}
	}
	var missing []string
	for kind, paths := range undocumented {
		for _, p := range paths {
			if !documented[p] {
				missing = append(missing, kind+": "+p)
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("docs/streams.md neither shows nor names %s", m)
	}
}

// backquoted finds a field's name in backquotes: `name`, `.name`,
// `members[].name`, `matched.skills`.
var backquoted = regexp.MustCompile("`[.]?(?:[a-z_]+(?:\\[\\])?[.])*([a-z_]+)`")

// section is the text under one heading of the doc, lines [from, to).
type section struct {
	from, to int
	text     string
}

// docSections splits doc at its headings.
func docSections(doc string) []section {
	lines := strings.Split(doc, "\n")
	var out []section
	start := 1
	flush := func(end int) {
		out = append(out, section{start, end, strings.Join(lines[start-1:end-1], "\n")})
		start = end
	}
	fence := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fence = !fence
		}
		if !fence && strings.HasPrefix(l, "#") && i+1 > start {
			flush(i + 1)
		}
	}
	flush(len(lines) + 1)
	return out
}

// fieldPaths lists the JSON field paths of struct type t ("members[].name"
// for a field of a list's elements, "matched.skills" for a nested object).
func fieldPaths(t reflect.Type, prefix string) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := strings.Split(f.Tag.Get("json"), ",")[0]
		if tag == "" || tag == "-" {
			continue
		}
		p := prefix + tag
		out = append(out, p)
		ft := f.Type
		list := false
		if ft.Kind() == reflect.Slice {
			ft, list = ft.Elem(), true
		}
		if ft.Kind() == reflect.Map {
			ft, p = ft.Elem(), p+".*"
		}
		if ft.Kind() == reflect.Struct {
			if list {
				p += "[]"
			}
			out = append(out, fieldPaths(ft, p+".")...)
		}
	}
	return out
}

// jsonPaths adds to seen the field paths of a decoded JSON value, in
// fieldPaths' spelling.
func jsonPaths(v any, prefix string, seen map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			seen[prefix+k], seen[k] = true, true
			switch x := x.(type) {
			case map[string]any:
				jsonPaths(x, prefix+k+".", seen)
			case []any:
				for _, e := range x {
					jsonPaths(e, prefix+k+"[].", seen)
				}
			}
		}
	}
}
