package hif

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
)

// Cursor and Windsurf are split-event providers (§7.4): a tool event is
// bound to a category of tool by its native event name, not by a matcher.
//
// Cursor (.cursor/hooks.json): {"version": 1, "hooks": {"beforeShellExecution": [{"command": "…", "timeout": 10}]}},
// an MCP event's entry may carry a "matcher" naming server__tool. The
// draft's vectors write one object per event instead of an array; both
// are read, the array is written.
//
// Windsurf (.windsurf/hooks.json): {"hooks": {"pre_run_command": [{"command": "…", "show_output": true, "working_directory": "…"}]}}.

// Tool categories of split events.
const (
	catShell = "shell"
	catRead  = "read"
	catWrite = "write"
	catMCP   = "mcp"
)

type splitTable struct {
	before, after map[string]string // category → native event
	// wildcard lists the categories a matcher-less tool hook fans out to.
	wildBefore, wildAfter []string
	lateWrite             bool // before+write goes to an after event (Cursor)
	mcpMatcher            bool // the MCP entries carry a server__tool matcher
	version               bool // the file carries "version": 1
	cwdKey                string
}

var splitTables = map[string]*splitTable{
	ProviderCursor: {
		before:     map[string]string{catShell: "beforeShellExecution", catRead: "beforeReadFile", catWrite: "afterFileEdit", catMCP: "beforeMCPExecution"},
		after:      map[string]string{catShell: "afterShellExecution", catWrite: "afterFileEdit", catMCP: "afterMCPExecution"},
		wildBefore: []string{catShell, catMCP, catRead},
		wildAfter:  []string{catWrite},
		lateWrite:  true, mcpMatcher: true, version: true,
	},
	ProviderWindsurf: {
		before:     map[string]string{catShell: "pre_run_command", catRead: "pre_read_code", catWrite: "pre_write_code", catMCP: "pre_mcp_tool_use"},
		after:      map[string]string{catShell: "post_run_command", catRead: "post_read_code", catWrite: "post_write_code", catMCP: "post_mcp_tool_use"},
		wildBefore: []string{catShell, catRead, catWrite, catMCP},
		wildAfter:  []string{catShell, catRead, catWrite, catMCP},
		cwdKey:     "working_directory",
	},
}

func category(e Matcher) string {
	switch {
	case e.MCP != nil:
		return catMCP
	case e.Tool == "shell":
		return catShell
	case e.Tool == "file_read":
		return catRead
	case e.Tool == "file_write" || e.Tool == "file_edit":
		return catWrite
	}
	return ""
}

// lookupSplit maps a native event to its canonical event and category.
func lookupSplit(p *provider, t *splitTable, native string) (event, cat string, ok bool) {
	for c, n := range t.before {
		if n == native && !(t.lateWrite && c == catWrite) {
			return "before_tool_execute", c, true
		}
	}
	for c, n := range t.after {
		if n == native {
			return "after_tool_execute", c, true
		}
	}
	if e, ok := p.canonicalEvent(native); ok {
		return e, "", true
	}
	return "", "", false
}

func decodeSplit(p *provider, raw json.RawMessage, w *warner) ([]Hook, error) {
	t := splitTables[p.slug]
	var out []Hook
	var event, cat string
	err := eachEntry(raw, true, func(native, path string, _ json.RawMessage) (bool, error) {
		var ok bool
		if event, cat, ok = lookupSplit(p, t, native); !ok {
			dropEvent(w, path, native)
		}
		return ok, nil
	}, func(native, epath string, keys []string, e map[string]json.RawMessage) error {
		h := Hook{Event: event, Blocking: p.behaviour(event) == behaviourPrevent, Handler: Handler{Type: "command"}}
		pd := map[string]any{}
		var matcher string
		for _, k := range keys {
			v := e[k]
			var err error
			switch {
			case k == "command":
				err = json.Unmarshal(v, &h.Handler.Command)
			case k == "timeout" && p.timeout != agent.NoTimeout:
				err = json.Unmarshal(v, &h.Handler.Timeout)
			case k == "matcher" && cat == catMCP && t.mcpMatcher:
				err = json.Unmarshal(v, &matcher)
			case k == t.cwdKey && t.cwdKey != "":
				err = json.Unmarshal(v, &h.Handler.Cwd)
			default:
				pd[k] = toAny(v)
			}
			if err != nil {
				return fmt.Errorf("%s/%s: %w", epath, k, err)
			}
		}
		if h.Handler.Command == "" {
			return fmt.Errorf("%s/command: required", epath)
		}
		switch cat {
		case catShell:
			h.Matcher = &Matcher{Tool: "shell"}
		case catRead:
			h.Matcher = &Matcher{Tool: "file_read"}
		case catWrite:
			h.Matcher = &Matcher{Any: []Matcher{{Tool: "file_write"}, {Tool: "file_edit"}}}
		case catMCP:
			if matcher != "" && matcher != "*" {
				h.Matcher = nameMatcher(p, matcher)
			} else {
				// "Every MCP tool" has no canonical matcher: keep the
				// native event so that a trip back lands on it.
				pd["event"] = native
			}
		}
		if len(pd) > 0 {
			h.ProviderData = map[string]map[string]any{p.slug: pd}
		}
		out = append(out, h)
		return nil
	})
	return out, err
}

type splitEntry struct {
	native  string
	matcher string
}

func encodeSplit(p *provider, hooks []*prepared, w *warner) (any, error) {
	t := splitTables[p.slug]
	byEvent := object{}
	for _, h := range hooks {
		if h.dropped {
			continue
		}
		pd := ownData(p, &h.Hook)
		var targets []splitEntry
		if ev, ok := pd["event"].(string); ok {
			targets = []splitEntry{{native: ev}}
		} else if IsToolEvent(h.Event) {
			targets = splitTargets(p, t, h, w)
			if len(targets) == 0 {
				w.add(h.n, "matcher", "", "hook excluded — %s has no %s event for %s", p.name, h.Event, describeMatcherOr(h.Matcher, "these tools"))
				h.dropped = true
				continue
			}
		} else {
			targets = []splitEntry{{native: p.events[h.Event]}}
		}
		for _, tg := range targets {
			o := object{}
			if tg.matcher != "" {
				o.Set("matcher", tg.matcher)
			}
			o.Set("command", h.Handler.Command)
			if h.Handler.Timeout > 0 {
				o.Set("timeout", timeoutOut(h.Handler.Timeout, p.perSecond()))
			}
			if h.Handler.Cwd != "" && t.cwdKey != "" {
				o.Set(t.cwdKey, h.Handler.Cwd)
			}
			for _, k := range slices.Sorted(maps.Keys(pd)) {
				if k != "event" {
					o.Set(k, pd[k]) // provider_data is the provider's own word
				}
			}
			list, _ := byEvent.Get(tg.native)
			l, _ := list.([]any)
			byEvent.Set(tg.native, append(l, o))
		}
	}
	if t.version {
		return object{{Key: "version", Value: 1}, {Key: "hooks", Value: byEvent}}, nil
	}
	return object{{Key: "hooks", Value: byEvent}}, nil
}

func describeMatcherOr(m *Matcher, none string) string {
	if m == nil {
		return none
	}
	return describeMatcher(m)
}

// splitTargets picks the native events (and MCP matchers) for a tool hook.
func splitTargets(p *provider, t *splitTable, h *prepared, w *warner) []splitEntry {
	table := t.before
	wild := t.wildBefore
	if h.Event == "after_tool_execute" {
		table, wild = t.after, t.wildAfter
	}
	if h.Event == "permission_request" {
		return nil
	}
	var out []splitEntry
	add := func(e splitEntry) {
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	if h.Matcher == nil {
		var names []string
		for _, c := range wild {
			add(splitEntry{native: table[c]})
			names = append(names, table[c])
		}
		if h.Event == "after_tool_execute" && len(names) == 1 {
			w.add(h.n, "matcher", "", "after_tool_execute wildcard mapped to %s — %s only supports %s for post-tool events, losing coverage of non-file tools", names[0], p.name, names[0])
		} else {
			w.add(h.n, "matcher", "", "%s wildcard split into %s — %s has no such event for other tools (search, web, sub-agents)", h.Event, strings.Join(names, ", "), p.name)
		}
		return out
	}
	var mapped []string
	late := false
	for _, e := range h.Matcher.Elements() {
		c := category(e)
		native := table[c]
		if c == "" || native == "" {
			w.add(h.n, "matcher", "", "'%s' dropped from the matcher — %s has no %s event for it", describeMatcher(&Matcher{Tool: e.Tool, Pattern: e.Pattern, MCP: e.MCP}), p.name, h.Event)
			continue
		}
		se := splitEntry{native: native}
		if c == catMCP {
			if t.mcpMatcher {
				se.matcher = mcpFormat(p.mcp).encode(e.MCP)
			} else {
				w.add(h.n, "matcher", "", "MCP filter '%s' dropped — %s's %s hooks run for every MCP tool", mcpFormat(p.mcp).encode(e.MCP), p.name, native)
			}
		}
		if c == catWrite && t.lateWrite && h.Event == "before_tool_execute" {
			late = true
		}
		add(se)
		mapped = append(mapped, fmt.Sprintf("'%s' maps to %s", describeMatcher(&Matcher{Tool: e.Tool, Pattern: e.Pattern, MCP: e.MCP}), native))
	}
	lateNote := ""
	if late {
		lateNote = fmt.Sprintf(" (%s has no beforeFileEdit event; afterFileEdit is the closest match but fires after, not before)", p.name)
	}
	distinct := map[string]bool{}
	for _, e := range out {
		distinct[e.native] = true
	}
	switch {
	case len(distinct) > 1:
		w.add(h.n, "matcher", "", "array matcher split into separate %s events — %s%s", p.name, strings.Join(mapped, ", "), lateNote)
	case late:
		w.add(h.n, "event", "", "before_tool_execute for file writes mapped to afterFileEdit%s", lateNote)
	}
	return out
}
