package hif

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/jsonscan"
)

// Kiro CLI v3 (early access) and Kiro IDE 1.x read standalone hook files,
// .kiro/hooks/<name>.json (kiro.dev/docs/cli/v3/hooks):
//
//	{"version": "v1", "hooks": [{"name": "lint", "trigger": "PreToolUse", "matcher": "fs_write|str_replace",
//	  "action": {"type": "command", "command": "…"}, "timeout": 30, "enabled": true}]}
//
// one entry per hook, its trigger a PascalCase event, its matcher a regular
// expression over tool names (tool events) or file paths (file events), its
// timeout in seconds. symposium itself still registers Kiro's hooks in an
// agent file (pkg/agent/kiro.go; README, "Kiro CLI" says why); this is the
// translation provider "kiro-v3" of `sym-translate hooks`.

// shapeKiroV3 is the standalone layout; no agent of ours writes it, so
// pkg/agent does not name it.
const shapeKiroV3 agent.HookShape = "kiro-v3"

// ProviderKiroV3 is the slug of Kiro's standalone hook files.
const ProviderKiroV3 = "kiro-v3"

// kiroV3 is described here, as Cursor and Windsurf are: the Kiro agent's
// own provider (slug "kiro") is its agent files. Events and blocking are
// the v3 trigger table's ("Can block?"); Manual (on demand) has no
// canonical event. Tool names are Kiro's, plus str_replace from the
// docs' example; how a v3 matcher names an MCP tool is not documented.
var kiroV3 = &provider{
	slug: ProviderKiroV3, name: "Kiro (v3 hook files)",
	events: map[string]string{
		"before_tool_execute": "PreToolUse", "after_tool_execute": "PostToolUse",
		"session_start": "SessionStart", "agent_stop": "Stop", "before_prompt": "UserPromptSubmit",
		"before_task": "PreTaskExec", "after_task": "PostTaskExec",
		"file_created": "PostFileCreate", "file_saved": "PostFileSave", "file_deleted": "PostFileDelete",
	},
	tools:   agent.ToolNames("kiro"),
	toolsIn: map[string]string{"str_replace": "file_edit", "shell": "shell", "read": "file_read", "write": "file_write"},
	caps:    map[string]bool{},
	blocking: map[string]string{
		"after_tool_execute": behaviourObserve, "session_start": behaviourObserve, "agent_stop": behaviourObserve,
		"after_task": behaviourObserve, "file_created": behaviourObserve, "file_saved": behaviourObserve,
		"file_deleted": behaviourObserve,
	},
	shape:   shapeKiroV3,
	mcp:     agent.MCPNames{Unknown: true},
	timeout: agent.Seconds,
}

// decodeKiroV3 reads the "hooks" array. An agent action (a prompt to
// Kiro's agent) has no HIF handler and a disabled hook would come out
// enabled elsewhere: both are skipped with a warning.
func decodeKiroV3(p *provider, raw json.RawMessage, w *warner) ([]Hook, error) {
	entries, err := jsonscan.Array(raw)
	if err != nil {
		return nil, fmt.Errorf("hooks: want an array of hook entries, got %s", jsonKind(raw))
	}
	var out []Hook
	for i, eraw := range entries {
		epath := "/hooks/" + strconv.Itoa(i)
		keys, e, err := jsonscan.Object(eraw)
		if err != nil {
			return nil, fmt.Errorf("%s: want a hook entry object, got %s", epath, jsonKind(eraw))
		}
		h, ok, err := kiroV3Entry(p, epath, keys, e, w)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, h)
		}
	}
	return out, nil
}

// kiroV3Entry decodes one entry; ok is false when it is skipped.
func kiroV3Entry(p *provider, epath string, keys []string, e map[string]json.RawMessage, w *warner) (Hook, bool, error) {
	var trigger, matcher string
	if err := rawString(e["trigger"], &trigger); err != nil || trigger == "" {
		return Hook{}, false, fmt.Errorf("%s/trigger: required, a string", epath)
	}
	event, ok := p.canonicalEvent(trigger)
	if !ok {
		dropEvent(w, epath+"/trigger", trigger)
		return Hook{}, false, nil
	}
	if enabled := true; e["enabled"] != nil {
		if err := rawBool(e["enabled"], &enabled); err != nil {
			return Hook{}, false, fmt.Errorf("%s/enabled: %w", epath, err)
		}
		if !enabled {
			w.add(0, epath, "", "hook skipped — it is disabled (enabled: false)")
			return Hook{}, false, nil
		}
	}
	h := Hook{Event: event, Blocking: p.behaviour(event) == behaviourPrevent, Handler: Handler{Type: "command"}}
	pd := map[string]any{}
	for _, k := range keys {
		v := e[k]
		var err error
		switch k {
		case "trigger":
		case "enabled":
			pd[k] = true // false was skipped above
		case "matcher":
			if err = rawString(v, &matcher); err == nil && matcher != "" {
				if IsToolEvent(event) {
					h.Matcher = parseRegexMatcher(p, matcher)
				} else {
					pd[k] = matcher // a file path pattern
				}
			}
		case "action":
			var skip bool
			if skip, err = kiroV3Action(v, epath+"/action", &h.Handler, w); skip {
				return h, false, nil
			}
		case "timeout":
			err = rawNumber(v, &h.Handler.Timeout)
		default:
			pd[k] = toAny(v)
		}
		if err != nil {
			return h, false, fmt.Errorf("%s/%s: %w", epath, k, err)
		}
	}
	if h.Handler.Command == "" {
		return h, false, fmt.Errorf("%s/action/command: required", epath)
	}
	if len(pd) > 0 {
		h.ProviderData = map[string]map[string]any{p.slug: pd}
	}
	return h, true, nil
}

// kiroV3Action reads {type, command}; skip reports an agent action.
func kiroV3Action(raw json.RawMessage, path string, hd *Handler, w *warner) (skip bool, err error) {
	var a struct {
		Type    string `json:"type"`
		Command string `json:"command"`
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return false, fmt.Errorf("want {type, command}: %w", err)
	}
	switch a.Type {
	case "command":
		hd.Command = a.Command
		return false, nil
	case "agent":
		w.add(0, path, "", "hook skipped — Kiro's agent action sends a prompt to Kiro's agent, which no other provider has")
		return true, nil
	default:
		return false, fmt.Errorf("unknown action type %q (Kiro runs \"command\" and \"agent\" actions)", a.Type)
	}
}

func encodeKiroV3(p *provider, hooks []*prepared, w *warner) (any, error) {
	list := []any{}
	for _, h := range hooks {
		if h.dropped {
			continue
		}
		pd := ownData(p, &h.Hook)
		name, _ := pd["name"].(string)
		if name == "" {
			name = "hook-" + strconv.Itoa(h.n)
		}
		o := object{{Key: "name", Value: name}, {Key: "trigger", Value: p.events[h.Event]}}
		if h.Matcher != nil && IsToolEvent(h.Event) {
			s, ok := regexMatcher(p, h.Matcher, h.n, w)
			if !ok {
				w.add(h.n, "matcher", "", "hook excluded — none of the tools it matches (%s) exist in %s", describeMatcher(h.Matcher), p.name)
				h.dropped = true
				continue
			}
			o.Set("matcher", s)
		} else if m, ok := pd["matcher"].(string); ok {
			o.Set("matcher", m)
		}
		o.Set("action", object{{Key: "type", Value: "command"}, {Key: "command", Value: h.Handler.Command}})
		if h.Handler.Timeout > 0 {
			o.Set("timeout", timeoutOut(h.Handler.Timeout, p.perSecond()))
		}
		for _, k := range slices.Sorted(maps.Keys(pd)) {
			if _, taken := o.Get(k); !taken {
				o.Set(k, pd[k])
			}
		}
		list = append(list, o)
	}
	return object{{Key: "version", Value: "v1"}, {Key: "hooks", Value: list}}, nil
}
