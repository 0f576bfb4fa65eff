package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// SyncMCP makes the agent's MCP file hold exactly servers among the ones we
// own: it adds or updates each matched server in place, and removes owned
// names that no longer match. A server of the same name that we do not own
// (not in owned) is the user's and is left alone, with a warning. nowOwned is
// what to pass as owned next time. A second call with the same input changes
// nothing and writes nothing.
func (a *Agent) SyncMCP(w Files, t Target, servers []stream.MCPServer, owned []string) (changes []Change, nowOwned []string, warnings []string, err error) {
	r := a.reg()
	if r == nil || r.mcp == nil {
		return nil, nil, nil, nil
	}
	m := r.mcp
	p := m.file(t)
	if p == "" {
		if len(servers) == 0 && len(owned) == 0 {
			return nil, nil, nil, nil
		}
		return nil, nil, nil, fmt.Errorf("registering %s MCP servers: no workspace or home directory", a.Name)
	}
	doc, ok, err := readMCPDoc(w, m, p, len(servers) > 0)
	if !ok {
		return nil, nil, nil, err
	}

	ownedSet := map[string]bool{}
	for _, n := range owned {
		ownedSet[n] = true
	}
	byName, names, warnings := a.uniqueMCPServers(servers)
	keep := map[string]bool{}
	changes, changed, warnings, err := a.setMCPServers(doc, m, p, byName, names, ownedSet, keep, warnings)
	if err != nil {
		return nil, nil, warnings, err
	}
	gone := removeMCPServers(doc, p, ownedSet, keep)
	changes = append(changes, gone...)
	removed := len(gone) > 0
	nowOwned = slices.Sorted(maps.Keys(keep))
	if !changed && !removed {
		return changes, nowOwned, warnings, nil
	}
	if err := saveMCPDoc(w, doc, p, removed); err != nil {
		return nil, nil, warnings, err
	}
	return changes, nowOwned, warnings, nil
}

// readMCPDoc reads and opens the MCP file p, checking its container. ok is
// false on an error, and when p is missing and nothing is to be added
// (adding false): then there is nothing to do.
func readMCPDoc(w Files, m *mcpSpec, p string, adding bool) (doc mcpDoc, ok bool, err error) {
	data, err := w.ReadFile(p)
	missing := errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		return nil, false, err
	}
	if missing && !adding {
		return nil, false, nil
	}
	doc, err = openMCPDoc(w, m, p, data, missing)
	if err != nil {
		return nil, false, err
	}
	if err := doc.check(); err != nil {
		return nil, false, err
	}
	return doc, true, nil
}

// uniqueMCPServers indexes servers by name, sorted, keeping the first of
// each name and warning when a later one of that name differs.
func (a *Agent) uniqueMCPServers(servers []stream.MCPServer) (byName map[string]stream.MCPServer, names, warnings []string) {
	byName = map[string]stream.MCPServer{}
	for _, s := range servers {
		if prev, dup := byName[s.Name]; dup {
			if !reflect.DeepEqual(prev, s) {
				warnings = append(warnings, fmt.Sprintf("%s: MCP server %q is declared by plugins %q and %q; using the first", a.Name, s.Name, prev.Plugin, s.Plugin))
			}
			continue
		}
		byName[s.Name] = s
		names = append(names, s.Name)
	}
	sort.Strings(names)
	return byName, names, warnings
}

// setMCPServers adds or updates in doc each named server, marking in keep
// the ones now ours; one whose name the user already has (not in owned)
// is left alone, with a warning appended to warnings. changed says
// whether doc was edited.
func (a *Agent) setMCPServers(doc mcpDoc, m *mcpSpec, p string, byName map[string]stream.MCPServer, names []string, owned, keep map[string]bool, warnings []string) (changes []Change, changed bool, _ []string, err error) {
	for _, name := range names {
		s := byName[name]
		entry, err := m.entry(s)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: MCP server %q (plugin %s) not registered: %v", a.Name, name, s.Plugin, err))
			continue
		}
		cur, exists := doc.get(name)
		if exists && !owned[name] {
			warnings = append(warnings, fmt.Sprintf("%s: %s already has an MCP server %q that symposium did not write; left it as it is (plugin %s's server is not registered)", a.Name, p, name, s.Plugin))
			continue
		}
		keep[name] = true
		status := StatusCreated
		if exists {
			if reflect.DeepEqual(normalize(cur), normalize(entry)) {
				changes = append(changes, Change{Op: OpMCPServer, Path: p, Status: StatusUnchanged, Name: name})
				continue
			}
			status = StatusUpdated
		}
		if err := doc.set(name, entry); err != nil {
			return nil, false, warnings, err
		}
		changed = true
		changes = append(changes, Change{Op: OpMCPServer, Path: p, Status: status, Name: name, Detail: s.Plugin})
	}
	return changes, changed, warnings, nil
}

// removeMCPServers deletes from doc the servers we owned that are no
// longer kept, in name order, returning a removal for each.
func removeMCPServers(doc mcpDoc, p string, owned, keep map[string]bool) []Change {
	var gone []string
	for n := range owned {
		if !keep[n] {
			gone = append(gone, n)
		}
	}
	sort.Strings(gone)
	var changes []Change
	for _, n := range gone {
		if _, exists := doc.get(n); !exists {
			continue
		}
		doc.del(n)
		changes = append(changes, Change{Op: OpMCPServer, Path: p, Status: StatusRemoved, Name: n})
	}
	return changes
}

// saveMCPDoc writes the edited doc to p; when our removals (removed) left
// nothing of the user's in it, the file goes instead.
func saveMCPDoc(w Files, doc mcpDoc, p string, removed bool) error {
	if removed {
		doc.dropEmptyContainer()
		if doc.empty() {
			_, err := w.Remove(p)
			return err
		}
	}
	_, err := w.WriteFile(p, doc.bytes(), 0o644)
	return err
}

// mcpDoc is one MCP file opened through fileedit, seen as "servers by name".
type mcpDoc interface {
	check() error // the container, when present, is a table/object
	get(name string) (any, bool)
	set(name string, entry any) error
	del(name string)
	dropEmptyContainer()
	empty() bool // nothing of the user's left: the file can go
	bytes() []byte
}

func openMCPDoc(w Files, m *mcpSpec, p string, data []byte, missing bool) (mcpDoc, error) {
	switch m.format {
	case "json":
		if missing {
			data = []byte("{}\n")
		}
		d, err := w.ParseJSON(p, data)
		if err != nil {
			return nil, err
		}
		return &jsonMCP{p: p, d: d, c: m.container}, nil
	case "toml":
		d, err := w.ParseTOML(p, data)
		if err != nil {
			return nil, err
		}
		return &tomlMCP{p: p, d: d, c: m.container}, nil
	case "yaml":
		d, err := w.ParseYAML(p, data)
		if err != nil {
			return nil, err
		}
		return &yamlMCP{p: p, d: d, c: m.container}, nil
	}
	return nil, fmt.Errorf("%s: unknown MCP file format %q", p, m.format)
}

func keyPath(c []string, name ...string) []string {
	return append(append([]string{}, c...), name...)
}

type jsonMCP struct {
	p string
	d JSONDoc
	c []string
}

func (j *jsonMCP) check() error {
	if raw, ok := j.d.Get(j.c...); ok {
		if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '{' {
			return fmt.Errorf("%s: %q is not an object", j.p, strings.Join(j.c, "."))
		}
	}
	return nil
}

func (j *jsonMCP) get(name string) (any, bool) {
	raw, ok := j.d.Get(keyPath(j.c, name)...)
	if !ok {
		return nil, false
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil, true
	}
	return v, true
}

func (j *jsonMCP) set(name string, entry any) error { return j.d.Set(entry, keyPath(j.c, name)...) }
func (j *jsonMCP) del(name string)                  { j.d.Delete(keyPath(j.c, name)...) }
func (j *jsonMCP) dropEmptyContainer() {
	if _, ok := j.d.Get(j.c...); ok && len(j.d.Keys(j.c...)) == 0 {
		j.d.Delete(j.c...)
	}
}
func (j *jsonMCP) bytes() []byte { return j.d.Bytes() }
func (j *jsonMCP) empty() bool {
	b := j.d.Bytes()
	if bytes.Contains(b, []byte("//")) || bytes.Contains(b, []byte("/*")) {
		return false
	}
	return sameJSON(b, ordered{})
}

type tomlMCP struct {
	p string
	d TOMLDoc
	c []string
}

func (x *tomlMCP) check() error {
	if v, ok := x.d.Get(x.c...); ok {
		if _, isTable := v.(map[string]any); !isTable {
			return fmt.Errorf("%s: %q is not a table", x.p, strings.Join(x.c, "."))
		}
	}
	return nil
}

func (x *tomlMCP) get(name string) (any, bool) {
	v, ok := x.d.GetTable(keyPath(x.c, name)...)
	if !ok {
		if _, exists := x.d.Get(keyPath(x.c, name)...); exists {
			return nil, true // a non-table value: not ours to compare, but taken
		}
		return nil, false
	}
	return v, true
}

func (x *tomlMCP) set(name string, entry any) error {
	m, ok := entry.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: internal: TOML entry for %q is %T", x.p, name, entry)
	}
	return x.d.SetTable(m, keyPath(x.c, name)...)
}
func (x *tomlMCP) del(name string) { x.d.DeleteTable(keyPath(x.c, name)...) }
func (x *tomlMCP) dropEmptyContainer() {
	if t, ok := x.d.GetTable(x.c...); ok && len(t) == 0 {
		x.d.DeleteTable(x.c...)
	}
}
func (x *tomlMCP) bytes() []byte { return x.d.Bytes() }
func (x *tomlMCP) empty() bool   { return len(bytes.TrimSpace(x.d.Bytes())) == 0 }

type yamlMCP struct {
	p string
	d YAMLDoc
	c []string
}

func (y *yamlMCP) check() error {
	if v, ok := y.d.Get(y.c...); ok && v != nil {
		if _, isMap := normalize(v).(map[string]any); !isMap {
			return fmt.Errorf("%s: %q is not a mapping", y.p, strings.Join(y.c, "."))
		}
	}
	return nil
}

func (y *yamlMCP) get(name string) (any, bool) { return y.d.Get(keyPath(y.c, name)...) }
func (y *yamlMCP) set(name string, entry any) error {
	return y.d.SetMapping(entry, keyPath(y.c, name)...)
}
func (y *yamlMCP) del(name string) { y.d.Delete(keyPath(y.c, name)...) }
func (y *yamlMCP) dropEmptyContainer() {
	if v, ok := y.d.Get(y.c...); ok {
		if m, isMap := normalize(v).(map[string]any); isMap && len(m) == 0 {
			y.d.Delete(y.c...)
		}
	}
}
func (y *yamlMCP) bytes() []byte { return y.d.Bytes() }
func (y *yamlMCP) empty() bool {
	t := bytes.TrimSpace(y.d.Bytes())
	return len(t) == 0 || string(t) == "{}"
}
