package agent

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Gate is a switch in the user's own agent configuration that makes the
// agent silently ignore what we registered. A registration the agent
// ignores is worse than none, so the installer shows each closed gate.
type Gate struct {
	Agent   string // agent name
	Problem string // what the agent ignores, and why
	Fix     string // exactly what to run or set
	// Action says what Open changes, for the user to consent to. Open is
	// nil for a gate that records the user's own decision (hooks switched
	// off, a server rejected), which only the user should undo, and for
	// one whose fix we could not check against the real agent.
	Action string
	Open   func(w Files) ([]Change, error) `json:"-"`
}

// Record is g as a stream record (sym-install's "gate").
func (g Gate) Record() stream.Gate {
	return stream.Gate{Kind: stream.KindGate, Agent: g.Agent, Problem: g.Problem, Fix: g.Fix, Action: g.Action}
}

// Gates reads the user's files (never writes them) and returns every closed
// gate that stops a from running what is registered for t. The checks and
// their evidence are in each agent's own <name>_gates.go; the captures in
// ../shared/agent-payloads win over the book.
func (a *Agent) Gates(f Files, t Target) []Gate {
	r := a.reg()
	if r == nil || r.gates == nil {
		return nil
	}
	t = t.withDefaults()
	t.files = f
	t.parsed = &parsedFiles{json: map[string]map[string]any{}}
	defer func() { t.parsed.json = nil }() // a gate's Open reads afresh
	return r.gates(a, t)
}

// parsedFiles are the files one Gates call parsed. The checks only read
// what they parse, and nothing writes a file during the call.
type parsedFiles struct {
	json map[string]map[string]any
}

// readJSONC reads a JSON (or JSONC) file as a generic value; nil when the
// file is missing or does not parse (the agent would then complain itself).
// Within a Gates call a file is parsed once; every read is noted.
func (t Target) readJSONC(p string) map[string]any {
	t.noteRead(p)
	if t.parsed != nil && t.parsed.json != nil {
		if m, ok := t.parsed.json[p]; ok {
			return m
		}
		m := t.parseJSONC(p)
		t.parsed.json[p] = m
		return m
	}
	return t.parseJSONC(p)
}

// parseJSONC is readJSONC without the note and the cache.
func (t Target) parseJSONC(p string) map[string]any {
	data, err := os.ReadFile(p)
	if err != nil || t.files == nil {
		return nil
	}
	// Most of these files are plain JSON (every one we write): read as
	// they are, they need no standardising (hujson's parse and re-pack,
	// which reads them to the same values); JSONC fails here, whole, and
	// is standardised first.
	var plain map[string]any
	if json.Unmarshal(data, &plain) == nil {
		return plain
	}
	std, err := t.files.StandardizeJSONC(data)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(std, &m) != nil {
		return nil
	}
	return m
}

// noteRead records p in t.Read.
func (t Target) noteRead(p string) {
	if t.Read != nil {
		*t.Read = append(*t.Read, p)
	}
}

// readTOML reads a TOML file as a generic value; nil when missing or broken.
func (t Target) readTOML(p string) map[string]any {
	t.noteRead(p)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	var m map[string]any
	if toml.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

// lookup walks nested objects.
func lookup(m map[string]any, keys ...string) (any, bool) {
	var cur any = m
	for _, k := range keys {
		o, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = o[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

func isFalse(m map[string]any, keys ...string) bool {
	v, ok := lookup(m, keys...)
	b, isBool := v.(bool)
	return ok && isBool && !b
}

func isTrue(m map[string]any, keys ...string) bool {
	v, ok := lookup(m, keys...)
	b, isBool := v.(bool)
	return ok && isBool && b
}

func stringList(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// objectKeys returns the sorted keys of the object at keys.
func objectKeys(m map[string]any, keys ...string) []string {
	v, _ := lookup(m, keys...)
	o, _ := v.(map[string]any)
	return slices.Sorted(maps.Keys(o))
}

// realPath resolves symlinks where it can (agents compare real paths).
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// within reports whether p is dir or inside it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// ourHookFiles returns the hook files (project, global) that hold one of
// our entries.
func ourHookFiles(a *Agent, t Target) []string {
	h := a.reg().hooks
	if h == nil {
		return nil
	}
	var out []string
	for _, scope := range []string{ScopeProject, ScopeGlobal} {
		p := h.file(t, scope)
		if p == "" {
			continue
		}
		if h.ownsFile {
			t.noteRead(p)
			if _, err := os.Stat(p); err == nil {
				out = append(out, p)
			}
			continue
		}
		if len(ourHandlers(t.readJSONC(p))) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// ourHandler is one of our handlers in a hooks file.
type ourHandler struct {
	event          string
	group, handler int // handler = -1 for flat entries
	entry          map[string]any
	matcher        any // the group's matcher (nil when absent)
}

// ourHandlers lists our handlers in a parsed hooks file, in file order.
func ourHandlers(doc map[string]any) []ourHandler {
	hooks, _ := doc["hooks"].(map[string]any)
	events := slices.Sorted(maps.Keys(hooks))
	var out []ourHandler
	isOurs := func(h map[string]any) bool {
		for _, k := range commandKeys {
			if s, ok := h[k].(string); ok && IsOurCommand(s) {
				return true
			}
		}
		return false
	}
	for _, ev := range events {
		list, _ := hooks[ev].([]any)
		for gi, el := range list {
			m, _ := el.(map[string]any)
			if m == nil {
				continue
			}
			if hs, isGroup := m["hooks"].([]any); isGroup {
				for hi, h := range hs {
					if hm, _ := h.(map[string]any); hm != nil && isOurs(hm) {
						out = append(out, ourHandler{ev, gi, hi, hm, m["matcher"]})
					}
				}
				continue
			}
			if isOurs(m) {
				out = append(out, ourHandler{ev, gi, -1, m, nil})
			}
		}
	}
	return out
}

// projectRegistrations names what of ours a project settings file holds,
// as a gate's problem says it: "hooks", "MCP servers", both or neither.
func projectRegistrations(proj map[string]any) []string {
	var what []string
	if len(ourHandlers(proj)) > 0 {
		what = append(what, "hooks")
	}
	if len(objectKeys(proj, "mcpServers")) > 0 {
		what = append(what, "MCP servers")
	}
	return what
}

// trustFolderGate is the gate of an agent that reads Gemini CLI's
// trustedFolders.json rules: Open adds the workspace as TRUST_FOLDER; how
// says how to trust it from the agent itself (%s: the workspace).
func trustFolderGate(a *Agent, t Target, problem, trustFile, how string) Gate {
	action := fmt.Sprintf(`add %q: "TRUST_FOLDER" to %s`, t.Workspace, trustFile)
	return Gate{
		Agent:   a.Name,
		Problem: problem,
		Fix:     action + " (or " + fmt.Sprintf(how, t.Workspace) + ")",
		Action:  action,
		Open:    opener(jsonSet(t, a.Name, trustFile, "TRUST_FOLDER", t.Workspace)),
	}
}

// disableAllHooksGates is a gate for each of files that sets Claude Code's
// "disableAllHooks" switch (Qwen Code reads it too); problem names the
// file with %s.
func disableAllHooksGates(a *Agent, t Target, files []string, problem string) []Gate {
	var gates []Gate
	for _, f := range files {
		if isTrue(t.readJSONC(f), "disableAllHooks") {
			gates = append(gates, Gate{
				Agent:   a.Name,
				Problem: fmt.Sprintf(problem, f),
				Fix:     fmt.Sprintf(`remove "disableAllHooks": true from %s`, f),
			})
		}
	}
	return gates
}
