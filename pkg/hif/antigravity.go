package hif

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/symposium-dev/symposium-go/pkg/jsonscan"
)

// Antigravity CLI's hooks.json (../shared/agent-payloads/antigravity/
// contract-from-public-reports.md §1.2) is an object keyed by hook name;
// each named hook holds its events, tool events as matcher groups and
// lifecycle events as flat handlers (a grouped lifecycle entry makes agy
// reject the whole file):
//
//	{"<name>": {"enabled": true,
//	            "PreToolUse": [{"matcher": "<regex>", "hooks": [{"type": "command", "command": "…", "timeout": N}]}],
//	            "Stop": [{"type": "command", "command": "…", "timeout": N}]}}
//
// The file has no "hooks" member: a member of that name is a hook named
// "hooks". provider_data.antigravity keeps the hook's name ("name") and
// its switch ("enabled"), so a round trip writes them back.

// ProviderAntigravity is Antigravity CLI's slug (its agent table in
// pkg/agent names it).
const ProviderAntigravity = "antigravity"

// antigravityDefaultName names the hook a conversion writes when the
// source did not come from agy.
const antigravityDefaultName = "hif"

func decodeAntigravity(p *provider, raw json.RawMessage, w *warner) ([]Hook, error) {
	names, vals, err := jsonscan.Object(raw)
	if err != nil {
		return nil, fmt.Errorf("want an object of named hooks, got %s", jsonKind(raw))
	}
	var out []Hook
	for _, name := range names {
		path := "/" + name
		events, evals, err := jsonscan.Object(vals[name])
		if err != nil {
			return nil, fmt.Errorf("%s: want an object of events, got %s", path, jsonKind(vals[name]))
		}
		var enabled any
		if r, ok := evals["enabled"]; ok {
			var b bool
			if json.Unmarshal(r, &b) != nil {
				return nil, fmt.Errorf("%s/enabled: want true or false", path)
			}
			if !b {
				// The interchange format cannot say "off": converting it
				// on would switch on what the user switched off.
				w.add(0, path, "", "hook '%s' dropped — it is disabled (enabled: false)", name)
				continue
			}
			enabled = b
		}
		for _, native := range events {
			if native == "enabled" {
				continue
			}
			epath := path + "/" + native
			event, ok := p.canonicalEvent(native)
			if !ok {
				dropEvent(w, epath, native)
				continue
			}
			elems, err := jsonscan.Array(evals[native])
			if err != nil {
				return nil, fmt.Errorf("%s: want an array, got %s", epath, jsonKind(evals[native]))
			}
			for i, el := range elems {
				elPath := fmt.Sprintf("%s/%d", epath, i)
				matcher, handlers := "", []json.RawMessage{el}
				if IsToolEvent(event) {
					_, g, err := jsonscan.Object(el)
					if err != nil || g["hooks"] == nil {
						return nil, fmt.Errorf("%s: want a matcher group {matcher, hooks}, got %s", elPath, jsonKind(el))
					}
					if r, ok := g["matcher"]; ok && json.Unmarshal(r, &matcher) != nil {
						return nil, fmt.Errorf("%s/matcher: want a string", elPath)
					}
					if handlers, err = jsonscan.Array(g["hooks"]); err != nil {
						return nil, fmt.Errorf("%s/hooks: want an array of handlers", elPath)
					}
				} else if _, g, err := jsonscan.Object(el); err == nil && g["hooks"] != nil {
					return nil, fmt.Errorf("%s: a %s entry is one flat handler {type, command, timeout}; agy rejects the whole file when it is a matcher group", elPath, native)
				}
				for hi, hraw := range handlers {
					hpath := elPath
					if IsToolEvent(event) {
						hpath = fmt.Sprintf("%s/hooks/%d", elPath, hi)
					}
					h := Hook{Event: event, Blocking: p.behaviour(event) == behaviourPrevent}
					if IsToolEvent(event) {
						h.Matcher = parseRegexMatcher(p, matcher)
					}
					pd := map[string]any{"name": name}
					if enabled != nil {
						pd["enabled"] = enabled
					}
					if err := decodeGroupedHandler(p, hraw, hpath, &h.Handler, pd); err != nil {
						return nil, err
					}
					h.ProviderData = map[string]map[string]any{p.slug: pd}
					out = append(out, h)
				}
			}
		}
	}
	return out, nil
}

func encodeAntigravity(p *provider, hooks []*prepared, w *warner) (any, error) {
	doc := object{}
	named := func(name string) *object {
		for i := range doc {
			if doc[i].Key == name {
				o := doc[i].Value.(*object)
				return o
			}
		}
		o := &object{}
		doc.Set(name, o)
		return o
	}
	for _, h := range hooks {
		if h.dropped {
			continue
		}
		pd := ownData(p, &h.Hook)
		name, _ := pd["name"].(string)
		if name == "" {
			name = antigravityDefaultName
		}
		hook := named(name)
		if en, ok := pd["enabled"].(bool); ok {
			if _, set := hook.Get("enabled"); !set {
				hook.Set("enabled", en)
			}
		}
		handler := object{{Key: "type", Value: "command"}, {Key: "command", Value: h.Handler.Command}}
		if h.Handler.Timeout > 0 {
			handler.Set("timeout", timeoutOut(h.Handler.Timeout, p.perSecond()))
		}
		for _, k := range slices.Sorted(maps.Keys(pd)) {
			if _, taken := handler.Get(k); !taken && k != "name" && k != "enabled" {
				handler.Set(k, pd[k])
			}
		}
		native := p.events[h.Event]
		list, _ := hook.Get(native)
		l, _ := list.([]any)
		if !IsToolEvent(h.Event) {
			hook.Set(native, append(l, handler))
			continue
		}
		matcher := "*"
		if h.Matcher != nil {
			s, ok := regexMatcher(p, h.Matcher, h.n, w)
			if !ok {
				w.add(h.n, "matcher", "", "hook excluded — none of the tools it matches (%s) exist in %s", describeMatcher(h.Matcher), p.name)
				h.dropped = true
				continue
			}
			matcher = s
		}
		hook.Set(native, append(l, object{{Key: "matcher", Value: matcher}, {Key: "hooks", Value: []any{handler}}}))
	}
	return doc, nil
}
