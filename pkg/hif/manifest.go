// Package hif is the Hook Interchange Format (HIF) 1.0.0-draft: the canonical
// hook manifest (parse, validate, produce), and one adapter per agent that
// decodes the agent's own hook configuration into a manifest and encodes a
// manifest into what that agent reads (hooks-v1.md §3, §12).
//
// Conversion follows §12: Decode, then Encode (which validates against the
// target: capability inference, degradation, event support, blocking), then
// Verify (re-decode the output and compare). Every dropped or changed field
// comes back as a Warning; nothing is discarded silently.
//
// The agents among the providers describe themselves in pkg/agent (events,
// tools, hook file shape, MCP tool names); registry.go reads that list.
package hif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// SpecVersion is what Marshal writes in the spec field.
const SpecVersion = "hooks/1.0"

// Manifest is a canonical hook manifest (§3.3).
type Manifest struct {
	Spec  string `json:"spec"`
	Hooks []Hook `json:"hooks"`
}

// Hook is one hook definition (§3.4).
type Hook struct {
	Event        string                    `json:"event"`
	Matcher      *Matcher                  `json:"matcher,omitempty"`
	Handler      Handler                   `json:"handler"`
	Blocking     bool                      `json:"blocking"`
	Degradation  map[string]string         `json:"degradation,omitempty"`
	Capabilities []string                  `json:"capabilities,omitempty"`
	ProviderData map[string]map[string]any `json:"provider_data,omitempty"`
}

// Handler is a hook's handler (§3.5). URL and Headers belong to the http
// handler type (§9.4), Prompt to the prompt and agent types (§9.3); the
// draft leaves their fields to the capability, and the schema allows them.
type Handler struct {
	Type     string            `json:"type"`
	Command  string            `json:"command,omitempty"`
	Platform map[string]string `json:"platform,omitempty"`
	Cwd      string            `json:"cwd,omitempty"`
	Env      map[string]string `json:"env,omitempty"`
	Timeout  float64           `json:"timeout,omitempty"` // seconds; 0 = the agent's default
	Async    bool              `json:"async,omitempty"`
	URL      string            `json:"url,omitempty"`
	Headers  map[string]string `json:"headers,omitempty"`
	Prompt   string            `json:"prompt,omitempty"`
}

// Matcher is a tool matcher (§6): exactly one of Tool (a bare vocabulary
// name), Pattern (a regex over provider-native names), MCP, or Any (an OR
// array whose elements are not arrays).
type Matcher struct {
	Tool    string
	Pattern string
	MCP     *MCPRef
	Any     []Matcher
}

// MCPRef names an MCP server and optionally one of its tools (§6.3).
type MCPRef struct {
	Server string `json:"server"`
	Tool   string `json:"tool,omitempty"`
}

// MarshalJSON writes the matcher in its canonical JSON form.
func (m Matcher) MarshalJSON() ([]byte, error) {
	switch {
	case m.Any != nil:
		return marshal(m.Any)
	case m.MCP != nil:
		return marshal(map[string]*MCPRef{"mcp": m.MCP})
	case m.Pattern != "":
		return marshal(map[string]string{"pattern": m.Pattern})
	default:
		return marshal(m.Tool)
	}
}

// UnmarshalJSON only checks the JSON kind; Validate reports field errors
// with their paths, so the raw shape is kept for it.
func (m *Matcher) UnmarshalJSON(b []byte) error {
	v, err := decodeMatcher(b, "/matcher", true)
	if err != nil {
		return err
	}
	*m = *v
	return nil
}

// Elements returns the matcher's alternatives: Any's elements, or itself.
func (m *Matcher) Elements() []Matcher {
	if m == nil {
		return nil
	}
	if m.Any != nil {
		return m.Any
	}
	return []Matcher{*m}
}

// matcherOf builds a matcher from alternatives: nil for none, the element
// itself for one, an array otherwise.
func matcherOf(elems []Matcher) *Matcher {
	switch len(elems) {
	case 0:
		return nil
	case 1:
		e := elems[0]
		return &e
	default:
		return &Matcher{Any: elems}
	}
}

// FieldError is an invalid manifest: Path is a JSON pointer to the field.
type FieldError struct {
	File string
	Path string
	Msg  string
}

func (e *FieldError) Error() string {
	p := e.Path
	if p == "" {
		p = "/"
	}
	if e.File != "" {
		return fmt.Sprintf("%s: %s: %s", e.File, p, e.Msg)
	}
	return fmt.Sprintf("%s: %s", p, e.Msg)
}

func fieldErr(path, format string, args ...any) *FieldError {
	return &FieldError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

// decodeMatcher parses a matcher's JSON; top says arrays are allowed.
func decodeMatcher(b []byte, path string, top bool) (*Matcher, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil, fieldErr(path, "empty matcher")
	}
	switch b[0] {
	case '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, fieldErr(path, "%v", err)
		}
		return &Matcher{Tool: s}, nil
	case '[':
		if !top {
			return nil, fieldErr(path, "a matcher array cannot contain another array")
		}
		var raws []json.RawMessage
		if err := json.Unmarshal(b, &raws); err != nil {
			return nil, fieldErr(path, "%v", err)
		}
		m := &Matcher{Any: []Matcher{}}
		for i, r := range raws {
			e, err := decodeMatcher(r, fmt.Sprintf("%s/%d", path, i), false)
			if err != nil {
				return nil, err
			}
			m.Any = append(m.Any, *e)
		}
		return m, nil
	case '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(b, &obj); err != nil {
			return nil, fieldErr(path, "%v", err)
		}
		if raw, ok := obj["mcp"]; ok {
			var ref struct {
				Server *string `json:"server"`
				Tool   *string `json:"tool"`
			}
			if err := json.Unmarshal(raw, &ref); err != nil {
				return nil, fieldErr(path+"/mcp", "want an object with server and tool strings: %v", err)
			}
			if ref.Server == nil || *ref.Server == "" {
				return nil, fieldErr(path+"/mcp/server", "required: the MCP server name")
			}
			r := &MCPRef{Server: *ref.Server}
			if ref.Tool != nil {
				r.Tool = *ref.Tool
			}
			return &Matcher{MCP: r}, nil
		}
		if raw, ok := obj["pattern"]; ok {
			var p string
			if err := json.Unmarshal(raw, &p); err != nil {
				return nil, fieldErr(path+"/pattern", "want a string")
			}
			if p == "" {
				return nil, fieldErr(path+"/pattern", "empty pattern")
			}
			if _, err := regexp.Compile(p); err != nil {
				return nil, fieldErr(path+"/pattern", "not an RE2 regular expression: %v", err)
			}
			return &Matcher{Pattern: p}, nil
		}
		return nil, fieldErr(path, "a matcher object needs a pattern or an mcp key")
	default:
		return nil, fieldErr(path, "want a string, an object or an array")
	}
}

// Parse reads a canonical manifest from JSON or YAML (§3.1) and validates
// it. file names the input in errors.
func Parse(file string, data []byte) (*Manifest, error) {
	m, err := parse(data)
	if err != nil {
		var fe *FieldError
		if ok := asFieldError(err, &fe); ok {
			fe.File = file
			return nil, fe
		}
		return nil, prefix(file, err)
	}
	return m, nil
}

func asFieldError(err error, target **FieldError) bool {
	fe, ok := err.(*FieldError)
	if ok {
		*target = fe
	}
	return ok
}

func parse(data []byte) (*Manifest, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fieldErr("", "empty manifest")
	}
	jsonData := trimmed
	if trimmed[0] != '{' {
		// YAML: convert to JSON, then read the same way, so both forms
		// produce identical structures (§3.1).
		j, err := yaml.YAMLToJSON(data)
		if err != nil {
			return nil, fmt.Errorf("yaml: %w", err)
		}
		jsonData = j
	} else if err := jsonSyntax(trimmed); err != nil {
		return nil, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(jsonData, &top); err != nil {
		return nil, fieldErr("", "a manifest is an object with spec and hooks")
	}
	m := &Manifest{}
	rawSpec, ok := top["spec"]
	if !ok {
		return nil, fieldErr("/spec", "required: the spec version, %q", SpecVersion)
	}
	if err := json.Unmarshal(rawSpec, &m.Spec); err != nil {
		return nil, fieldErr("/spec", "want a string such as %q", SpecVersion)
	}
	if !specAccepted(m.Spec) {
		return nil, fieldErr("/spec", "unsupported spec version %q (want %q; %q is accepted too)", m.Spec, SpecVersion, "hooks/0.1")
	}
	rawHooks, ok := top["hooks"]
	if !ok {
		return nil, fieldErr("/hooks", "required: a non-empty array of hook definitions")
	}
	var hooks []json.RawMessage
	if err := json.Unmarshal(rawHooks, &hooks); err != nil {
		return nil, fieldErr("/hooks", "want an array of hook definitions")
	}
	if len(hooks) == 0 {
		return nil, fieldErr("/hooks", "must not be empty")
	}
	for i, raw := range hooks {
		h, err := parseHook(raw, fmt.Sprintf("/hooks/%d", i))
		if err != nil {
			return nil, err
		}
		m.Hooks = append(m.Hooks, *h)
	}
	m.Spec = SpecVersion
	return m, nil
}

// specAccepted: hooks/1.x, and hooks/0.1, which is what upstream later
// renamed this same draft to.
func specAccepted(s string) bool {
	if s == "hooks/0.1" {
		return true
	}
	return regexp.MustCompile(`^hooks/1\.\d+$`).MatchString(s)
}

func parseHook(raw json.RawMessage, path string) (*Hook, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, fieldErr(path, "want a hook definition object")
	}
	h := &Hook{}
	if err := str(obj, "event", path, &h.Event, true); err != nil {
		return nil, err
	}
	if _, ok := Events[h.Event]; !ok {
		return nil, fieldErr(path+"/event", "unknown event %q (not in the event registry, §7)", h.Event)
	}
	if r, ok := obj["matcher"]; ok && string(bytes.TrimSpace(r)) != "null" {
		m, err := decodeMatcher(r, path+"/matcher", true)
		if err != nil {
			return nil, err
		}
		for i, e := range m.Elements() {
			if e.Tool != "" && !slices.Contains(Tools, e.Tool) {
				p := path + "/matcher"
				if m.Any != nil {
					p = fmt.Sprintf("%s/%d", p, i)
				}
				return nil, fieldErr(p, "unknown tool %q (a bare matcher names a tool vocabulary entry, §10: %s; use {\"pattern\": ...} for a native name)", e.Tool, strings.Join(Tools, ", "))
			}
			if e.Any == nil && e.Tool == "" && e.Pattern == "" && e.MCP == nil {
				return nil, fieldErr(path+"/matcher", "empty matcher")
			}
		}
		if m.Any != nil && len(m.Any) == 0 {
			return nil, fieldErr(path+"/matcher", "an empty array matches nothing; omit the matcher to match every tool")
		}
		h.Matcher = m
	}
	rawHandler, ok := obj["handler"]
	if !ok {
		return nil, fieldErr(path+"/handler", "required: the handler definition")
	}
	if err := parseHandler(rawHandler, path+"/handler", &h.Handler); err != nil {
		return nil, err
	}
	if r, ok := obj["blocking"]; ok {
		if err := json.Unmarshal(r, &h.Blocking); err != nil {
			return nil, fieldErr(path+"/blocking", "want true or false")
		}
	}
	if r, ok := obj["degradation"]; ok {
		if err := json.Unmarshal(r, &h.Degradation); err != nil {
			return nil, fieldErr(path+"/degradation", "want an object of capability → strategy strings")
		}
		for _, c := range slices.Sorted(maps.Keys(h.Degradation)) {
			switch h.Degradation[c] {
			case StrategyBlock, StrategyWarn, StrategyExclude:
			default:
				return nil, fieldErr(path+"/degradation/"+c, "unknown strategy %q (want block, warn or exclude)", h.Degradation[c])
			}
		}
	}
	if r, ok := obj["capabilities"]; ok {
		if err := json.Unmarshal(r, &h.Capabilities); err != nil {
			return nil, fieldErr(path+"/capabilities", "want an array of capability names")
		}
	}
	if r, ok := obj["provider_data"]; ok {
		if err := json.Unmarshal(r, &h.ProviderData); err != nil {
			return nil, fieldErr(path+"/provider_data", "want an object of provider slug → object")
		}
	}
	return h, nil
}

func parseHandler(raw json.RawMessage, path string, hd *Handler) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return fieldErr(path, "want a handler object")
	}
	if err := str(obj, "type", path, &hd.Type, true); err != nil {
		return err
	}
	if !handlerTypes[hd.Type] {
		return fieldErr(path+"/type", "unknown handler type %q (want command, http, prompt or agent)", hd.Type)
	}
	for _, f := range []struct {
		key string
		dst *string
	}{{"command", &hd.Command}, {"cwd", &hd.Cwd}, {"url", &hd.URL}, {"prompt", &hd.Prompt}} {
		if err := str(obj, f.key, path, f.dst, false); err != nil {
			return err
		}
	}
	switch hd.Type {
	case "command":
		if hd.Command == "" {
			return fieldErr(path+"/command", "required when type is \"command\"")
		}
	case "http":
		if hd.URL == "" {
			return fieldErr(path+"/url", "required when type is \"http\"")
		}
	case "prompt", "agent":
		if hd.Prompt == "" {
			return fieldErr(path+"/prompt", "required when type is %q", hd.Type)
		}
	}
	if r, ok := obj["platform"]; ok {
		var p map[string]string
		if err := json.Unmarshal(r, &p); err != nil {
			return fieldErr(path+"/platform", "want an object of OS → command strings")
		}
		hd.Platform = map[string]string{}
		for k, v := range p {
			if k == "darwin" { // upstream's later name for osx
				k = "osx"
			}
			if k != "windows" && k != "linux" && k != "osx" {
				return fieldErr(path+"/platform/"+k, "unknown OS (want windows, linux or osx)")
			}
			hd.Platform[k] = v
		}
	}
	if r, ok := obj["env"]; ok {
		if err := json.Unmarshal(r, &hd.Env); err != nil {
			return fieldErr(path+"/env", "want an object of string values")
		}
	}
	if r, ok := obj["headers"]; ok {
		if err := json.Unmarshal(r, &hd.Headers); err != nil {
			return fieldErr(path+"/headers", "want an object of string values")
		}
	}
	if r, ok := obj["timeout"]; ok {
		if err := json.Unmarshal(r, &hd.Timeout); err != nil || hd.Timeout < 0 {
			return fieldErr(path+"/timeout", "want a non-negative number of seconds")
		}
	}
	if r, ok := obj["async"]; ok {
		if err := json.Unmarshal(r, &hd.Async); err != nil {
			return fieldErr(path+"/async", "want true or false")
		}
	}
	return nil
}

func str(obj map[string]json.RawMessage, key, path string, dst *string, required bool) error {
	r, ok := obj[key]
	if !ok {
		if required {
			return fieldErr(path+"/"+key, "required")
		}
		return nil
	}
	if err := json.Unmarshal(r, dst); err != nil {
		return fieldErr(path+"/"+key, "want a string")
	}
	if required && *dst == "" {
		return fieldErr(path+"/"+key, "required, must not be empty")
	}
	return nil
}

// Validate checks a manifest built in memory by the same rules Parse applies,
// with the same messages, on the structs themselves: marshalling each hook
// to parse it again cost most of a conversion (issue #26).
func Validate(m *Manifest) error {
	if len(m.Hooks) == 0 {
		return fieldErr("/hooks", "must not be empty")
	}
	for i := range m.Hooks {
		if err := validateHook(&m.Hooks[i], "/hooks/"+strconv.Itoa(i)); err != nil {
			return err
		}
	}
	return nil
}

// validateHook is parseHook's checks, in its order, on a decoded hook.
func validateHook(h *Hook, path string) error {
	if h.Event == "" {
		return fieldErr(path+"/event", "required, must not be empty")
	}
	if _, ok := Events[h.Event]; !ok {
		return fieldErr(path+"/event", "unknown event %q (not in the event registry, §7)", h.Event)
	}
	if h.Matcher != nil {
		if err := validateMatcher(h.Matcher, path+"/matcher"); err != nil {
			return err
		}
	}
	if err := validateHandler(&h.Handler, path+"/handler"); err != nil {
		return err
	}
	for _, c := range slices.Sorted(maps.Keys(h.Degradation)) {
		switch h.Degradation[c] {
		case StrategyBlock, StrategyWarn, StrategyExclude:
		default:
			return fieldErr(path+"/degradation/"+c, "unknown strategy %q (want block, warn or exclude)", h.Degradation[c])
		}
	}
	return nil
}

// validateMatcher is decodeMatcher's checks on every alternative, then
// parseHook's, in that order, so that a matcher with several faults is
// reported by the one Parse would name. An alternative is what it marshals
// as: an array (Any), else an MCP reference, else a pattern, else a tool.
func validateMatcher(m *Matcher, path string) error {
	elems := m.Elements()
	at := func(i int) string {
		if m.Any != nil {
			return fmt.Sprintf("%s/%d", path, i)
		}
		return path
	}
	for i := range elems {
		e := &elems[i]
		switch {
		case m.Any != nil && e.Any != nil:
			return fieldErr(at(i), "a matcher array cannot contain another array")
		case e.MCP != nil:
			if e.MCP.Server == "" {
				return fieldErr(at(i)+"/mcp/server", "required: the MCP server name")
			}
		case e.Pattern != "":
			if _, err := regexp.Compile(e.Pattern); err != nil {
				return fieldErr(at(i)+"/pattern", "not an RE2 regular expression: %v", err)
			}
		}
	}
	for i := range elems {
		e := &elems[i]
		if e.MCP != nil || e.Pattern != "" {
			continue
		}
		if e.Tool != "" && !slices.Contains(Tools, e.Tool) {
			return fieldErr(at(i), "unknown tool %q (a bare matcher names a tool vocabulary entry, §10: %s; use {\"pattern\": ...} for a native name)", e.Tool, strings.Join(Tools, ", "))
		}
		if e.Tool == "" {
			return fieldErr(path, "empty matcher")
		}
	}
	if m.Any != nil && len(m.Any) == 0 {
		return fieldErr(path, "an empty array matches nothing; omit the matcher to match every tool")
	}
	return nil
}

// validateHandler is parseHandler's checks on a decoded handler.
func validateHandler(hd *Handler, path string) error {
	if hd.Type == "" {
		return fieldErr(path+"/type", "required, must not be empty")
	}
	if !handlerTypes[hd.Type] {
		return fieldErr(path+"/type", "unknown handler type %q (want command, http, prompt or agent)", hd.Type)
	}
	switch {
	case hd.Type == "command" && hd.Command == "":
		return fieldErr(path+"/command", "required when type is \"command\"")
	case hd.Type == "http" && hd.URL == "":
		return fieldErr(path+"/url", "required when type is \"http\"")
	case (hd.Type == "prompt" || hd.Type == "agent") && hd.Prompt == "":
		return fieldErr(path+"/prompt", "required when type is %q", hd.Type)
	}
	for _, k := range slices.Sorted(maps.Keys(hd.Platform)) {
		if k != "windows" && k != "linux" && k != "osx" && k != "darwin" {
			return fieldErr(path+"/platform/"+k, "unknown OS (want windows, linux or osx)")
		}
	}
	if hd.Timeout < 0 || math.IsNaN(hd.Timeout) || math.IsInf(hd.Timeout, 0) {
		return fieldErr(path+"/timeout", "want a non-negative number of seconds")
	}
	return nil
}

// Marshal produces a manifest as indented JSON with spec "hooks/1.0".
func Marshal(m *Manifest) ([]byte, error) {
	out := *m
	out.Spec = SpecVersion
	return marshalIndent(out)
}

// jsonSyntax reports a JSON syntax error with its line and column.
func jsonSyntax(b []byte) error {
	var v any
	err := json.Unmarshal(b, &v)
	if err == nil {
		return nil
	}
	if se, ok := err.(*json.SyntaxError); ok {
		line, col := lineCol(b, int(se.Offset)-1) // Offset is just past the bad byte
		return &PosError{Line: line, Col: col, Msg: se.Error()}
	}
	return err
}

// PosError is a syntax error at a line and column of the input.
type PosError = pos.Error

func lineCol(b []byte, off int) (line, col int) {
	if off > len(b) {
		off = len(b)
	}
	line = 1 + bytes.Count(b[:off], []byte("\n"))
	col = off - bytes.LastIndexByte(b[:off], '\n')
	return line, col
}
