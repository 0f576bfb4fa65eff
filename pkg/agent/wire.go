package agent

// Hook wire formats: every agent sends its hook payload and reads its hook
// answer in its own JSON shape, with its own exit-code contract. A canonhook.Wire
// converts between one agent's shape and the canonical (symposium) one:
//
//	agent payload ──Decode──► canonhook.Payload ──EncodeInput──► a plugin hook's input (format = X)
//	agent answer ◄──Encode── canonhook.Output ◄──DecodeOutput── a plugin hook's answer (format = X)
//
// sym-hook uses all four directions; sym-translate payload uses the same
// codecs. The captures in ../shared/agent-payloads and each agent's
// output-contract.md are the reference; where they disagree with the book,
// they win.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// WireFor returns the wire format named name: "symposium" or an agent's.
func WireFor(name string) (canonhook.Wire, bool) {
	if name == canonhook.Symposium {
		return symposiumWire{}, true
	}
	if a, ok := Lookup(name); ok && a.Wire != nil {
		return a.Wire, true
	}
	return nil, false
}

// WireNames lists every wire format name, sorted: the agents with shell
// hooks, and symposium.
func WireNames() []string {
	names := []string{canonhook.Symposium}
	for _, a := range all {
		if a.Wire != nil {
			names = append(names, a.Name)
		}
	}
	sort.Strings(names)
	return names
}

// ErrEvent reports an event a wire format has no shape for.
var ErrEvent = errors.New("unsupported event")

func checkEvent(event string) error {
	switch event {
	case PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, SessionStart, Stop:
		return nil
	}
	return fmt.Errorf("%w %q", ErrEvent, event)
}

func isToolEvent(event string) bool {
	return event == PreToolUse || event == PostToolUse || event == PostToolUseFailure
}

// fields decodes a JSON object into its members, keeping each value's bytes.
func fields(payload []byte) (map[string]json.RawMessage, error) {
	if m, ok := splitObject(payload); ok {
		return m, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		return nil, fmt.Errorf("payload is not a JSON object: %w", err)
	}
	if m == nil {
		return nil, errors.New("payload is not a JSON object: null")
	}
	return m, nil
}

// take removes key from m and returns its value; nil when absent or null.
func take(m map[string]json.RawMessage, key string) json.RawMessage {
	v, ok := m[key]
	if !ok {
		return nil
	}
	delete(m, key)
	if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		return nil
	}
	return v
}

// takeString removes key from m and returns it as a string; a non-string
// value is an error.
func takeString(m map[string]json.RawMessage, key string) (string, error) {
	v := take(m, key)
	if v == nil {
		return "", nil
	}
	if s, ok := plainJSONString(v); ok {
		return s, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return "", fmt.Errorf("field %q: want a string, got %s", key, clip(v))
	}
	return s, nil
}

// takeObject removes key from m and returns it, checking it is an object.
func takeObject(m map[string]json.RawMessage, key string) (json.RawMessage, error) {
	v := take(m, key)
	if v == nil {
		return nil, nil
	}
	if t := bytes.TrimSpace(v); len(t) == 0 || t[0] != '{' {
		return nil, fmt.Errorf("field %q: want an object, got %s", key, clip(v))
	}
	return v, nil
}

func clip(b []byte) string {
	const n = 40
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}

// obj builds a JSON object with keys in insertion order; empty values are
// left out unless added with setNull.
type obj struct {
	keys []string
	vals map[string]json.RawMessage
}

func newObj() *obj { return &obj{vals: map[string]json.RawMessage{}} }

func (o *obj) set(k string, v json.RawMessage) {
	if len(v) == 0 {
		return
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *obj) setNull(k string, v json.RawMessage) {
	if len(v) == 0 {
		v = json.RawMessage("null")
	}
	o.set(k, v)
}

func (o *obj) str(k, s string) {
	if s != "" {
		o.set(k, jsonString(s))
	}
}

func (o *obj) strOrNull(k, s string) {
	if s == "" {
		o.setNull(k, nil)
		return
	}
	o.set(k, jsonString(s))
}

func (o *obj) child(k string, c *obj) {
	if c != nil && len(c.keys) > 0 {
		o.set(k, c.bytes())
	}
}

// extra adds every field of m not set yet, sorted by key.
func (o *obj) extra(m map[string]json.RawMessage) {
	keys := make([]string, 0, len(m))
	for k := range m {
		if _, ok := o.vals[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		o.set(k, m[k])
	}
}

// eventFields writes the fields of p's event in the snake_case names
// Claude, Codex and the symposium format share: tool_name (as toolName),
// tool_input, tool_response for tool events; prompt for prompts.
func (o *obj) eventFields(p *canonhook.Payload, toolName string) {
	if isToolEvent(p.Event) {
		o.str("tool_name", toolName)
		in := p.ToolInput
		if len(in) == 0 {
			in = json.RawMessage("{}")
		}
		o.set("tool_input", in)
		if p.Event == PostToolUse {
			o.setNull("tool_response", p.ToolResponse)
		}
		if p.Event == PostToolUseFailure {
			o.set("error", jsonString(p.ToolError))
		}
	}
	if p.Event == UserPromptSubmit {
		o.set("prompt", jsonString(p.Prompt))
	}
}

func (o *obj) len() int { return len(o.keys) }

func (o *obj) bytes() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(jsonString(k))
		b.WriteByte(':')
		b.Write(compact(o.vals[k]))
	}
	b.WriteByte('}')
	return b.Bytes()
}

func compact(v json.RawMessage) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, v); err != nil {
		return v
	}
	return b.Bytes()
}

// jsonString encodes s as a JSON string without HTML escaping.
func jsonString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimRight(b.Bytes(), "\n")
}

// answer is a hook answer read leniently: every spelling of every field the
// supported agents use, at top level or under hookSpecificOutput.
type answer struct {
	Decision                 string          `json:"decision"`
	Reason                   string          `json:"reason"`
	PermissionDecision       string          `json:"permissionDecision"`
	PermissionDecisionReason string          `json:"permissionDecisionReason"`
	AdditionalContext        string          `json:"additionalContext"`
	UpdatedInput             json.RawMessage `json:"updatedInput"`
	ModifiedArgs             json.RawMessage `json:"modifiedArgs"`
	ToolInput                json.RawMessage `json:"tool_input"`
	Continue                 *bool           `json:"continue"`
	StopReason               string          `json:"stopReason"`
	HookSpecificOutput       *answer         `json:"hookSpecificOutput"`
}

// readAnswer parses a JSON answer into canonical output. ok is false when
// stdout is not a JSON object (callers decide what plain text means).
func readAnswer(stdout []byte) (out *canonhook.Output, ok bool, err error) {
	t := bytes.TrimSpace(stdout)
	if len(t) == 0 {
		return &canonhook.Output{}, true, nil
	}
	if t[0] != '{' {
		return nil, false, nil
	}
	var a answer
	if err := json.Unmarshal(t, &a); err != nil {
		return nil, false, fmt.Errorf("hook answer is not valid JSON: %w", err)
	}
	out = &canonhook.Output{}
	merge := func(a *answer) {
		switch d := strings.ToLower(a.Decision); d {
		case "block", canonhook.Deny:
			out.Decision = canonhook.Deny
		case "approve", canonhook.Allow:
			out.Decision = canonhook.Allow
		case canonhook.Ask:
			out.Decision = canonhook.Ask
		}
		if a.Reason != "" {
			out.Reason = a.Reason
		}
		switch d := strings.ToLower(a.PermissionDecision); d {
		case canonhook.Allow, canonhook.Ask, canonhook.Deny:
			out.Decision = d
		}
		if a.PermissionDecisionReason != "" {
			out.Reason = a.PermissionDecisionReason
		}
		if a.AdditionalContext != "" {
			out.AdditionalContext = a.AdditionalContext
		}
		for _, in := range []json.RawMessage{a.ToolInput, a.ModifiedArgs, a.UpdatedInput} {
			if in = argsObject(in); in != nil {
				out.UpdatedInput = in
			}
		}
		if a.Continue != nil && !*a.Continue {
			out.Decision = canonhook.Deny
			if a.StopReason != "" && out.Reason == "" {
				out.Reason = a.StopReason
			}
		}
	}
	merge(&a)
	if a.HookSpecificOutput != nil {
		merge(a.HookSpecificOutput)
	}
	return out, true, nil
}

// argsObject returns v when it is a JSON object, the object inside when v
// is a JSON string holding one (older Copilot CLIs send toolArgs that way),
// else nil.
func argsObject(v json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(v)
	if len(t) == 0 {
		return nil
	}
	switch t[0] {
	case '{':
		return t
	case '"':
		var s string
		if json.Unmarshal(t, &s) == nil {
			if in := bytes.TrimSpace([]byte(s)); len(in) > 0 && in[0] == '{' && json.Valid(in) {
				return in
			}
		}
	}
	return nil
}

// stopAnswer is a Stop hook's answer in the shape every agent that lets a
// hook keep it going shares: {"decision": decision, "reason"} when out
// blocks the stop, else w's proceed answer. The agent then takes the
// reason as its next instruction.
func stopAnswer(w canonhook.Wire, out *canonhook.Output, decision string) []byte {
	if !out.Denied() {
		return w.Proceed(Stop)
	}
	o := newObj()
	o.str("decision", decision)
	o.str("reason", out.ReasonOrDefault())
	return o.bytes()
}
