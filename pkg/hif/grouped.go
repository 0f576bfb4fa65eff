package hif

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/jsonscan"
)

// The grouped shape Claude Code, Codex and Gemini CLI all read:
//
//	{"hooks": {"<Event>": [{"matcher": "<regex>", "hooks": [{"type": "command", "command": "…", "timeout": N}]}]}}
//
// They differ in event names, tool names, MCP names, timeout units (Gemini:
// milliseconds) and handler fields. provider_data[slug] keeps what has no
// canonical field: the handler's other keys as they are, "matcher" for a
// non-tool event's matcher (SessionStart's "startup", ...) and "group" for
// the group's other keys (Gemini's "sequential").

func decodeGrouped(p *provider, raw json.RawMessage, w *warner) ([]Hook, error) {
	if jsonKind(raw) == "an array" && p.slug == ProviderGemini {
		return decodeGeminiFlat(p, raw, w)
	}
	events, vals, err := jsonscan.Object(raw)
	if err != nil {
		return nil, fmt.Errorf("hooks: want an object of event → groups, got %s", jsonKind(raw))
	}
	var out []Hook
	for _, native := range events {
		if p.slug == ProviderGemini && (native == "enabled" || native == "disabled" || native == "notifications") {
			continue // hooksConfig switches Gemini tolerates inside hooks
		}
		path := "/hooks/" + native
		event, ok := p.canonicalEvent(native)
		if !ok {
			dropEvent(w, path, native)
			continue
		}
		groups, err := jsonscan.Array(vals[native])
		if err != nil {
			return nil, fmt.Errorf("%s: want an array of matcher groups, got %s", path, jsonKind(vals[native]))
		}
		for gi, graw := range groups {
			if out, err = decodeGroup(p, event, graw, path+"/"+strconv.Itoa(gi), out, w); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// decodeGroup appends the hooks of one {matcher, hooks: [...]} group to
// out. Its members are walked without a map; of a key written twice the
// last value counts and the first position, as jsonscan.Object has it.
func decodeGroup(p *provider, event string, graw json.RawMessage, gpath string, out []Hook, w *warner) ([]Hook, error) {
	var matcherRaw, hooksRaw json.RawMessage
	var extras object
	err := jsonscan.Members(graw, func(k string, v json.RawMessage) error {
		switch k {
		case "matcher":
			matcherRaw = v
		case "hooks":
			hooksRaw = v
		default:
			extras.Set(k, toAny(v))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: want an object with matcher and hooks, got %s", gpath, jsonKind(graw))
	}
	var matcher string
	if matcherRaw != nil {
		if err := rawString(matcherRaw, &matcher); err != nil {
			return nil, fmt.Errorf("%s/matcher: want a string", gpath)
		}
	}
	handlers, err := jsonscan.Array(hooksRaw)
	if err != nil {
		return nil, fmt.Errorf("%s/hooks: want an array of handlers", gpath)
	}
	for hi, hraw := range handlers {
		hpath := gpath + "/hooks/" + strconv.Itoa(hi)
		h := Hook{Event: event, Blocking: p.behaviour(event) == behaviourPrevent}
		pd := map[string]any{}
		if IsToolEvent(event) {
			h.Matcher = parseRegexMatcher(p, matcher)
		} else if matcher != "" && matcher != "*" {
			pd["matcher"] = matcher
		}
		if len(extras) > 0 {
			pd["group"] = objectToMap(extras)
		}
		if err := decodeGroupedHandler(p, hraw, hpath, &h.Handler, pd); err != nil {
			var ut *unknownType
			if errors.As(err, &ut) {
				w.add(0, hpath, "", "handler skipped — unknown handler type %q", ut.typ)
				continue
			}
			return nil, err
		}
		if len(pd) > 0 {
			h.ProviderData = map[string]map[string]any{p.slug: pd}
		}
		out = append(out, h)
	}
	return out, nil
}

func objectToMap(o object) map[string]any {
	m := map[string]any{}
	for _, kv := range o {
		m[kv.Key] = kv.Value
	}
	return m
}

// decodeGroupedHandler reads one {type, command, timeout, …} handler. It
// walks the members without a map (a config holds one handler per hook);
// of a key written twice, the last value is the one kept.
func decodeGroupedHandler(p *provider, raw json.RawMessage, path string, hd *Handler, pd map[string]any) error {
	if jsonKind(raw) != "an object" {
		return fmt.Errorf("%s: want a handler object, got %s", path, jsonKind(raw))
	}
	hd.Type = "command"
	var fieldErr error // a member of the wrong kind, as opposed to a malformed object
	err := jsonscan.Members(raw, func(k string, v json.RawMessage) error {
		var err error
		switch k {
		case "type":
			err = rawString(v, &hd.Type)
		case "command":
			err = rawString(v, &hd.Command)
		case "url":
			err = rawString(v, &hd.URL)
		case "prompt":
			err = rawString(v, &hd.Prompt)
		case "headers":
			err = json.Unmarshal(v, &hd.Headers)
		case "async":
			err = rawBool(v, &hd.Async)
		case "timeout", "timeoutSec":
			if k == "timeoutSec" && p.slug != ProviderCodex {
				pd[k] = toAny(v)
				return nil
			}
			var t float64
			if err = rawNumber(v, &t); err == nil {
				hd.Timeout = t / p.perSecond()
			}
		default:
			pd[k] = toAny(v)
			return nil
		}
		if err != nil {
			fieldErr = fmt.Errorf("%s/%s: want %s", path, k, wantKind(k))
			return fieldErr
		}
		return nil
	})
	if fieldErr != nil {
		return fieldErr
	}
	if err != nil {
		return fmt.Errorf("%s: want a handler object, got %s", path, jsonKind(raw))
	}
	if !handlerTypes[hd.Type] {
		return &unknownType{hd.Type}
	}
	if hd.Type == "command" && hd.Command == "" {
		return fmt.Errorf("%s/command: required for a command hook", path)
	}
	return nil
}

func wantKind(k string) string {
	switch k {
	case "async":
		return "true or false"
	case "timeout", "timeoutSec":
		return "a number"
	case "headers":
		return "an object of strings"
	}
	return "a string"
}

// decodeGeminiFlat reads the draft's gemini-cli vectors' flat
// {trigger, toolMatcher, command, timeoutMs} entries (Gemini itself does
// not read this shape; see the spec README).
func decodeGeminiFlat(p *provider, raw json.RawMessage, w *warner) ([]Hook, error) {
	var entries []struct {
		Trigger     string  `json:"trigger"`
		ToolMatcher string  `json:"toolMatcher"`
		Command     string  `json:"command"`
		TimeoutMs   float64 `json:"timeoutMs"`
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, fmt.Errorf("hooks: %w", err)
	}
	var out []Hook
	for i, e := range entries {
		event, ok := p.canonicalEvent(e.Trigger)
		if !ok {
			w.add(0, fmt.Sprintf("/hooks/%d/trigger", i), "", "event '%s' dropped — no canonical equivalent", e.Trigger)
			continue
		}
		h := Hook{Event: event, Blocking: p.behaviour(event) == behaviourPrevent,
			Handler: Handler{Type: "command", Command: e.Command, Timeout: e.TimeoutMs / 1000}}
		if IsToolEvent(event) {
			h.Matcher = parseRegexMatcher(p, e.ToolMatcher)
		}
		out = append(out, h)
	}
	return out, nil
}

type hookGroup struct {
	key      string
	event    string
	matcher  *string
	extras   any
	handlers []any
}

func encodeGrouped(p *provider, hooks []*prepared, w *warner) (any, error) {
	var groups []*hookGroup
	byKey := map[string]*hookGroup{}
	for _, h := range hooks {
		if h.dropped {
			continue
		}
		native := p.events[h.Event]
		pd := ownData(p, &h.Hook)
		var matcher *string
		if IsToolEvent(h.Event) && h.Matcher != nil {
			s, ok := regexMatcher(p, h.Matcher, h.n, w)
			if !ok {
				w.add(h.n, "matcher", "", "hook excluded — none of the tools it matches (%s) exist in %s", describeMatcher(h.Matcher), p.name)
				h.dropped = true
				continue
			}
			matcher = &s
			if p.slug == ProviderCodex {
				codexToolWarning(h, w)
			}
		} else if s := sharedMatcher(p, &h.Hook); s != "" {
			matcher = &s
		}
		if matcher == nil && p.slug == ProviderClaude {
			empty := "" // Claude's own files write "" for match-all
			matcher = &empty
		}
		extras := pd["group"]
		key := native + "\x00" + fmt.Sprint(matcher != nil)
		if matcher != nil {
			key += *matcher
		}
		if extras != nil {
			b, _ := marshal(extras)
			key += "\x00" + string(b)
		}
		g := byKey[key]
		if g == nil {
			g = &hookGroup{key: key, event: native, matcher: matcher, extras: extras}
			groups = append(groups, g)
			byKey[key] = g
		}
		g.handlers = append(g.handlers, groupedHandler(p, h))
	}
	byEvent := object{}
	for _, g := range groups {
		o := object{}
		if g.matcher != nil {
			o.Set("matcher", *g.matcher)
		}
		if m, ok := g.extras.(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				o.Set(k, m[k])
			}
		}
		o.Set("hooks", g.handlers)
		list, _ := byEvent.Get(g.event)
		l, _ := list.([]any)
		byEvent.Set(g.event, append(l, o))
	}
	return object{{Key: "hooks", Value: byEvent}}, nil
}

func groupedHandler(p *provider, h *prepared) object {
	hd := &h.Handler
	o := make(object, 1, 5) // type, command, timeout and room for one more
	o[0] = member{Key: "type", Value: hd.Type}
	switch hd.Type {
	case "http":
		o.Set("url", hd.URL)
		if len(hd.Headers) > 0 {
			o.Set("headers", hd.Headers)
		}
	case "prompt", "agent":
		o.Set("prompt", hd.Prompt)
	default:
		o.Set("command", hd.Command)
	}
	if hd.Timeout > 0 {
		o.Set("timeout", timeoutOut(hd.Timeout, p.perSecond()))
	}
	if hd.Async {
		o.Set("async", true)
	}
	pd := ownData(p, &h.Hook)
	for _, k := range slices.Sorted(maps.Keys(pd)) {
		if k == "matcher" || k == "group" {
			continue
		}
		if _, taken := o.Get(k); taken {
			continue // canonical fields win over stale copies
		}
		o.Set(k, pd[k])
	}
	return o
}

// codexToolWarning: Codex fires tool events for its shell tool only (book,
// "Codex CLI Hooks Reference": "Only Bash tool events fire
// PreToolUse/PostToolUse").
func codexToolWarning(h *prepared, w *warner) {
	var other []string
	for _, e := range h.Matcher.Elements() {
		if e.Tool != "shell" {
			other = append(other, describeMatcher(&Matcher{Tool: e.Tool, Pattern: e.Pattern, MCP: e.MCP}))
		}
	}
	if len(other) > 0 {
		w.add(h.n, "matcher", "", "Codex CLI fires %s only for its shell tool (Bash); the matcher's %s may never match", map[string]string{"before_tool_execute": "PreToolUse", "after_tool_execute": "PostToolUse", "permission_request": "PermissionRequest"}[h.Event], strings.Join(other, ", "))
	}
}

// unknownType is a handler of a type the interchange format has no name for
// (an agent newer than this table): skipped with a warning, not fatal.
type unknownType struct{ typ string }

func (e *unknownType) Error() string { return fmt.Sprintf("unknown handler type %q", e.typ) }
