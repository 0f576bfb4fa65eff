package hif

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
)

// Copilot CLI and Kiro CLI both read flat entries per event: no matcher
// groups, one object per hook.

// copilotMatcherNote starts the comment in which a Copilot entry records the
// matcher Copilot itself cannot apply (its "comment" field is documentation,
// ignored at runtime; book, "GitHub Copilot Hooks Reference").
const copilotMatcherNote = "matcher: "

// Copilot CLI 1.0.102 (.github/hooks/*.json):
//
//	{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "…", "powershell": "…", "cwd": "…", "env": {…}, "timeoutSec": 30}]}}
//
// It also accepts Claude's PascalCase keys with matcher groups
// (copilot/output-contract.md); those are decoded as Claude's shape.
func decodeCopilot(p *provider, raw json.RawMessage, w *warner) ([]Hook, error) {
	var out []Hook
	var event string
	err := eachEntry(raw, false, func(native, path string, val json.RawMessage) (bool, error) {
		if r := []rune(native); len(r) > 0 && unicode.IsUpper(r[0]) {
			// Claude-style PascalCase keys: Copilot reads Claude's grouped shape.
			pascal := *providers[ProviderClaude]
			pascal.slug = ProviderCopilot
			one, _ := marshal(object{{Key: native, Value: toAny(val)}})
			hooks, err := decodeGrouped(&pascal, one, w)
			out = append(out, hooks...)
			return false, err
		}
		var ok bool
		if event, ok = p.canonicalEvent(native); !ok {
			dropEvent(w, path, native)
		}
		return ok, nil
	}, func(_, epath string, keys []string, e map[string]json.RawMessage) error {
		h, ok, err := copilotEntry(p, event, epath, keys, e, w)
		if ok {
			out = append(out, h)
		}
		return err
	})
	return out, err
}

// copilotEntry decodes one flat Copilot entry of event. ok is false when
// the entry is skipped (with a warning) or bad.
func copilotEntry(p *provider, event, epath string, keys []string, e map[string]json.RawMessage, w *warner) (Hook, bool, error) {
	h := Hook{Event: event, Blocking: p.behaviour(event) == behaviourPrevent, Handler: Handler{Type: "command"}}
	pd := map[string]any{}
	var bash, command, powershell string
	for _, k := range keys {
		v := e[k]
		var err error
		switch k {
		case "type":
			var t string
			err = json.Unmarshal(v, &t)
			if t != "command" && err == nil {
				return h, false, fmt.Errorf("%s/type: unknown hook type %q (Copilot runs \"command\" hooks)", epath, t)
			}
		case "bash":
			err = json.Unmarshal(v, &bash)
		case "command":
			err = json.Unmarshal(v, &command)
		case "powershell":
			err = json.Unmarshal(v, &powershell)
		case "cwd":
			err = json.Unmarshal(v, &h.Handler.Cwd)
		case "env":
			err = json.Unmarshal(v, &h.Handler.Env)
		case "timeoutSec":
			var t float64
			if err = json.Unmarshal(v, &t); err == nil {
				h.Handler.Timeout = t / p.perSecond()
			}
		case "comment":
			var c string
			err = json.Unmarshal(v, &c)
			if strings.HasPrefix(c, copilotMatcherNote) && IsToolEvent(event) {
				h.Matcher = parseNameList(p, strings.TrimPrefix(c, copilotMatcherNote))
			} else {
				pd[k] = c
			}
		default:
			pd[k] = toAny(v)
		}
		if err != nil {
			return h, false, fmt.Errorf("%s/%s: %w", epath, k, err)
		}
	}
	h.Handler.Command = bash
	if h.Handler.Command == "" {
		h.Handler.Command = command
	}
	if powershell != "" {
		if h.Handler.Command == "" {
			h.Handler.Command = powershell
		}
		h.Handler.Platform = map[string]string{"windows": powershell}
	}
	if h.Handler.Command == "" {
		w.add(0, epath, "", "entry skipped — it has no bash, powershell or command")
		return h, false, nil
	}
	if len(pd) > 0 {
		h.ProviderData = map[string]map[string]any{p.slug: pd}
	}
	return h, true, nil
}

// parseNameList reads "a|b|c" of native names.
func parseNameList(p *provider, s string) *Matcher {
	var elems []Matcher
	for _, part := range strings.Split(s, "|") {
		if part = strings.TrimSpace(part); part != "" {
			elems = append(elems, nameMatchers(p, part)...)
		}
	}
	return matcherOf(elems)
}

func encodeCopilot(p *provider, hooks []*prepared, w *warner) (any, error) {
	byEvent := object{}
	for _, h := range hooks {
		if h.dropped {
			continue
		}
		native := p.events[h.Event]
		hd := &h.Handler
		o := object{{Key: "type", Value: "command"}, {Key: "bash", Value: hd.Command}}
		if win := hd.Platform["windows"]; win != "" {
			o.Set("powershell", win)
		}
		for _, os := range []string{"linux", "osx"} {
			if c := hd.Platform[os]; c != "" && c != hd.Command {
				w.add(h.n, "handler.platform."+os, CapPlatform, "'platform.%s' dropped — Copilot CLI's bash command serves Linux and macOS alike; it runs %q there", os, hd.Command)
			}
		}
		if hd.Cwd != "" {
			o.Set("cwd", hd.Cwd)
		}
		if len(hd.Env) > 0 {
			o.Set("env", hd.Env)
		}
		if hd.Timeout > 0 {
			o.Set("timeoutSec", timeoutOut(hd.Timeout, p.perSecond()))
		}
		if h.Matcher != nil && IsToolEvent(h.Event) {
			names := nativeNames(p, h.Matcher, h.n, w)
			if len(names) == 0 {
				w.add(h.n, "matcher", "", "hook excluded — none of the tools it matches (%s) exist in %s", describeMatcher(h.Matcher), p.name)
				h.dropped = true
				continue
			}
			list := strings.Join(names, "|")
			o.Set("comment", copilotMatcherNote+list)
			w.add(h.n, "matcher", "", "matcher dropped — Copilot CLI runs %s hooks for every tool; the script must check toolName for %s itself (noted in the entry's comment)", native, list)
		}
		pd := ownData(p, &h.Hook)
		for _, k := range slices.Sorted(maps.Keys(pd)) {
			if _, taken := o.Get(k); !taken {
				o.Set(k, pd[k])
			}
		}
		list, _ := byEvent.Get(native)
		l, _ := list.([]any)
		byEvent.Set(native, append(l, o))
	}
	return object{{Key: "version", Value: 1}, {Key: "hooks", Value: byEvent}}, nil
}

// Kiro CLI agent files (.kiro/agents/<name>.json) carry
//
//	{"hooks": {"preToolUse": [{"matcher": "execute_bash", "command": "…", "timeout_ms": 30000}]}}
//
// one flat entry per hook, the matcher a single tool name, @server or
// @server/tool, or "*".
func decodeKiro(p *provider, raw json.RawMessage, w *warner) ([]Hook, error) {
	var out []Hook
	var event string
	err := eachEntry(raw, false, func(native, path string, _ json.RawMessage) (bool, error) {
		var ok bool
		if event, ok = p.canonicalEvent(native); !ok {
			dropEvent(w, path, native)
		}
		return ok, nil
	}, func(_, epath string, keys []string, e map[string]json.RawMessage) error {
		h := Hook{Event: event, Blocking: p.behaviour(event) == behaviourPrevent, Handler: Handler{Type: "command"}}
		pd := map[string]any{}
		for _, k := range keys {
			v := e[k]
			var err error
			switch k {
			case "command":
				err = json.Unmarshal(v, &h.Handler.Command)
			case "matcher":
				var m string
				if err = json.Unmarshal(v, &m); err == nil && IsToolEvent(event) && m != "*" && m != "" {
					h.Matcher = nameMatcher(p, m)
					if strings.HasPrefix(m, "@builtin") {
						h.Matcher = &Matcher{Pattern: m} // a tool group, not an MCP server
					}
				}
			case "timeout_ms":
				var ms float64
				if err = json.Unmarshal(v, &ms); err == nil {
					h.Handler.Timeout = ms / p.perSecond()
				}
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
		if len(pd) > 0 {
			h.ProviderData = map[string]map[string]any{p.slug: pd}
		}
		out = append(out, h)
		return nil
	})
	return out, err
}

func encodeKiro(p *provider, hooks []*prepared, w *warner) (any, error) {
	byEvent := object{}
	for _, h := range hooks {
		if h.dropped {
			continue
		}
		native := p.events[h.Event]
		matchers := []string{""}
		if h.Matcher != nil && IsToolEvent(h.Event) {
			// A Kiro matcher names one tool: an OR becomes one entry per tool.
			matchers = nativeNames(p, h.Matcher, h.n, w)
			if len(matchers) == 0 {
				w.add(h.n, "matcher", "", "hook excluded — none of the tools it matches (%s) exist in %s", describeMatcher(h.Matcher), p.name)
				h.dropped = true
				continue
			}
		}
		for _, m := range matchers {
			o := object{}
			if m != "" {
				o.Set("matcher", m)
			}
			o.Set("command", h.Handler.Command)
			if h.Handler.Timeout > 0 {
				o.Set("timeout_ms", timeoutOut(h.Handler.Timeout, p.perSecond()))
			}
			pd := ownData(p, &h.Hook)
			for _, k := range slices.Sorted(maps.Keys(pd)) {
				if _, taken := o.Get(k); !taken {
					o.Set(k, pd[k])
				}
			}
			list, _ := byEvent.Get(native)
			l, _ := list.([]any)
			byEvent.Set(native, append(l, o))
		}
	}
	return object{{Key: "hooks", Value: byEvent}}, nil
}
