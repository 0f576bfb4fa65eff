package hif

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/jsonscan"
)

// Warning is one loss or change found while converting (§12.2: validation
// MUST NOT silently discard information).
type Warning struct {
	Hook       int    `json:"hook,omitempty"`       // 1-based index into the canonical manifest; 0 = the whole config
	Event      string `json:"event,omitempty"`      // the hook's canonical event
	Command    string `json:"command,omitempty"`    // the hook's command (or URL, or prompt), to recognise it by
	Field      string `json:"field,omitempty"`      // the field concerned: "handler.env", "event", "matcher", a native path
	Capability string `json:"capability,omitempty"` // the §9 capability behind the loss, if any
	Message    string `json:"message"`
}

func (w Warning) String() string {
	if w.Hook > 0 && w.Command != "" {
		return fmt.Sprintf("hook %d (%s %q): %s", w.Hook, w.Event, w.Command, w.Message)
	}
	if w.Hook > 0 {
		return fmt.Sprintf("hook %d: %s", w.Hook, w.Message)
	}
	return w.Message
}

type warner struct{ list []Warning }

func (w *warner) add(hook int, field, capability, format string, args ...any) {
	w.list = append(w.list, Warning{Hook: hook, Field: field, Capability: capability, Message: fmt.Sprintf(format, args...)})
}

// ErrNoHooks means the input held no hooks at all.
var ErrNoHooks = errors.New("no hooks found")

// Decode reads provider's hook configuration (a whole settings or agent
// file, or just its hooks value) into a canonical manifest. For ProviderHIF
// it parses a manifest. file names the input in errors.
func Decode(provider, file string, data []byte) (*Manifest, []Warning, error) {
	slug, ok := ProviderSlug(provider)
	if !ok {
		return nil, nil, fmt.Errorf("unknown provider %q", provider)
	}
	if slug == ProviderHIF {
		m, err := Parse(file, data)
		return m, nil, err
	}
	p := providers[slug]
	c, err := p.codec()
	if err != nil {
		return nil, nil, err
	}
	std, err := standardize(data)
	if err != nil {
		return nil, nil, prefix(file, err)
	}
	if len(bytes.TrimSpace(std)) == 0 {
		return nil, nil, prefix(file, ErrNoHooks)
	}
	hooksRaw := json.RawMessage(std)
	bare := false
	if std[0] == '{' {
		_, top, err := jsonscan.Object(std)
		if err != nil {
			return nil, nil, prefix(file, err)
		}
		h, ok := top["hooks"]
		if ok && !c.wholeDocument {
			hooksRaw = h // a settings/agent file: read only its hooks
		}
		bare = !ok
	}
	var w warner
	hooks, err := c.decode(p, hooksRaw, &w)
	if err != nil {
		return nil, w.list, prefix(file, err)
	}
	if len(hooks) == 0 {
		if bare {
			// A file without a hooks key whose keys are no events either:
			// a settings file without hooks, not a list of unknown events.
			w.list = nil
		}
		return nil, w.list, prefix(file, ErrNoHooks)
	}
	m := &Manifest{Spec: SpecVersion, Hooks: hooks}
	if err := Validate(m); err != nil {
		return nil, w.list, prefix(file, fmt.Errorf("decoded manifest is invalid: %w", err))
	}
	return m, w.list, nil
}

// prefix names the input in err: file:line:col: for a positioned error,
// file: otherwise.
func prefix(file string, err error) error {
	if file == "" {
		return err
	}
	var pe *PosError
	if errors.As(err, &pe) && pe.File == "" {
		pe.File = file
		return pe
	}
	return fmt.Errorf("%s: %w", file, err)
}

// Result is an encoded configuration.
type Result struct {
	Output   []byte    // the target's hooks configuration, indented JSON
	Warnings []Warning // every loss, in hook order
}

// Options tune Encode.
type Options struct {
	// Source is the provider the manifest was decoded from ("" or "hif" for
	// a hand-written manifest). Pattern matchers are native to it, so
	// sending one elsewhere is reported.
	Source string
	// Validated says the manifest was already validated (Decode did it),
	// so Encode does not do it again.
	Validated bool
	// SkipVerify leaves out decoding the output again to check it (§12.4):
	// Convert skips it unless asked to be strict.
	SkipVerify bool
}

// Encode writes m in provider's own format, after validating it against
// the provider (§12.2–12.3), and verifies the output by decoding it again
// (§12.4).
func Encode(provider string, m *Manifest, opts Options) (*Result, error) {
	slug, ok := ProviderSlug(provider)
	if !ok {
		return nil, fmt.Errorf("unknown provider %q", provider)
	}
	if slug == ProviderHIF {
		b, err := Marshal(m)
		return &Result{Output: b}, err
	}
	if !opts.Validated {
		if err := Validate(m); err != nil {
			return nil, err
		}
	}
	p := providers[slug]
	c, err := p.codec()
	if err != nil {
		return nil, err
	}
	src, _ := ProviderSlug(opts.Source)
	var w warner
	hooks := prepare(p, m, src, &w)
	out, err := c.encode(p, hooks, &w)
	if err != nil {
		return nil, err
	}
	b, err := marshalIndent(out)
	if err != nil {
		return nil, err
	}
	kept := 0
	for _, h := range hooks {
		if !h.dropped {
			kept++
		}
	}
	if kept == 0 {
		w.add(0, "", "", "no hook could be carried to %s", p.name)
	}
	if !opts.SkipVerify {
		if err := verify(p, hooks, b); err != nil {
			return nil, fmt.Errorf("verifying the %s output: %w", p.name, err)
		}
	}
	sortWarnings(w.list)
	for i := range w.list {
		if n := w.list[i].Hook; n > 0 && n <= len(m.Hooks) {
			w.list[i].Event = m.Hooks[n-1].Event
			w.list[i].Command = handlerTarget(&m.Hooks[n-1].Handler)
		}
	}
	return &Result{Output: b, Warnings: w.list}, nil
}

// Convert decodes data from one provider and encodes it for another,
// validating once; strict also decodes the output again to check it.
// Decode warnings come first.
func Convert(from, to, file string, data []byte, strict bool) (*Result, error) {
	m, dw, err := Decode(from, file, data)
	if err != nil {
		return nil, err
	}
	res, err := Encode(to, m, Options{Source: from, Validated: true, SkipVerify: !strict})
	if err != nil {
		return nil, err
	}
	res.Warnings = append(dw, res.Warnings...)
	return res, nil
}

func sortWarnings(ws []Warning) {
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].Hook < ws[j].Hook })
}

// prepared is a hook on its way to one target: a copy the validation step
// has already degraded, with its position in the manifest.
type prepared struct {
	Hook
	n       int  // 1-based position in the manifest
	dropped bool // excluded, by validation or by the encoder
}

// Infer returns the capabilities a hook uses (§9): from its fields, plus
// the ones it declares (input_rewrite and structured_output depend on what
// the hook prints, which only its author knows).
func Infer(h *Hook) []string {
	set := map[string]bool{}
	switch h.Handler.Type {
	case "prompt", "agent":
		set[CapLLMEvaluated] = true
	case "http":
		set[CapHTTPHandler] = true
	}
	if h.Handler.Async {
		set[CapAsync] = true
	}
	if len(h.Handler.Platform) > 0 {
		set[CapPlatform] = true
	}
	if len(h.Handler.Env) > 0 {
		set[CapEnv] = true
	}
	if h.Handler.Cwd != "" {
		set[CapCwd] = true
	}
	for _, c := range h.Capabilities {
		if _, known := DefaultDegradation[c]; known {
			set[c] = true
		}
	}
	var out []string
	for _, c := range capabilityOrder {
		if set[c] {
			out = append(out, c)
		}
	}
	return out
}

// Strategy returns the degradation strategy for capability c on h:
// the author's, else §11.3's default.
func Strategy(h *Hook, c string) string {
	if s, ok := h.Degradation[c]; ok {
		return s
	}
	return DefaultDegradation[c]
}

var capWhat = map[string]string{
	CapPlatform: "per-OS command overrides",
	CapCwd:      "configurable working directory",
	CapEnv:      "custom environment variables",
	CapAsync:    "asynchronous (fire-and-forget) hooks",
}

var capField = map[string]string{CapPlatform: "platform", CapCwd: "cwd", CapEnv: "env", CapAsync: "async"}

// prepare is §12.2 for one target: event support, capabilities and their
// degradation, foreign provider_data, blocking.
func prepare(p *provider, m *Manifest, source string, w *warner) []*prepared {
	var out []*prepared
	for i, h := range m.Hooks {
		ph := &prepared{Hook: cloneHook(h), n: i + 1}
		out = append(out, ph)
		prepareHook(p, ph, &h, source, w)
	}
	return out
}

// prepareHook is prepare for the hook h, whose copy ph it adjusts (or
// marks dropped) for p, warning of each loss.
func prepareHook(p *provider, ph *prepared, h *Hook, source string, w *warner) {
	n := ph.n
	if !p.supports(h.Event) {
		w.add(n, "event", "", "event '%s' dropped — %s does not support this event", h.Event, p.name)
		ph.dropped = true
		return
	}
	degrade(p, ph, h, w)
	if ph.dropped {
		return
	}
	warnProviderData(p, h, n, w)
	if ph.Matcher != nil && !IsToolEvent(h.Event) {
		w.add(n, "matcher", "", "matcher ignored — '%s' is not a tool event (§6)", h.Event)
		ph.Matcher = nil
	}
	if ph.Matcher != nil && source != p.slug {
		for _, e := range ph.Matcher.Elements() {
			if e.Pattern != "" {
				w.add(n, "matcher", "", "pattern matcher '%s' written unchanged — a pattern matches %s's own tool names, which may differ from its source's", e.Pattern, p.name)
			}
		}
	}
	native := p.events[h.Event]
	if native == "" {
		native = p.name + "'s " + strings.ReplaceAll(h.Event, "_", " ") + " event"
	}
	switch beh := p.behaviour(h.Event); {
	case beh == behaviourObserve && ph.Blocking:
		w.add(n, "blocking", "", "%s blocking=true mapped to %s — %s treats this as observe-only (blocking intent cannot be honored)", h.Event, native, p.name)
	case beh == behaviourObserve && eventRetries(h.Event) && !observedAtSource(source, h.Event):
		w.add(n, "blocking", "", "%s blocking=%v mapped to %s — %s treats this as observe-only (the hook cannot make the agent continue)", h.Event, ph.Blocking, native, p.name)
	}
	if ph.Handler.Timeout > 0 && p.timeout == agent.NoTimeout {
		w.add(n, "handler.timeout", "", "'timeout' field dropped — %s has no per-hook timeout", p.name)
		ph.Handler.Timeout = 0
	}
}

// degrade applies, for each capability h needs that p lacks, its
// degradation strategy to ph: exclude drops the hook, block swaps in a
// handler that blocks, warn drops the field (see degradeWarn).
func degrade(p *provider, ph *prepared, h *Hook, w *warner) {
	n := ph.n
	blocked := false
	for _, c := range Infer(h) {
		if p.caps[c] || blocked {
			continue
		}
		s := Strategy(h, c)
		hd := &ph.Handler
		switch s {
		case StrategyExclude:
			w.add(n, "handler", c, "hook excluded — %s does not support %s (%s capability, degradation: exclude)", p.name, capDescription(c, h), c)
			ph.dropped = true
		case StrategyBlock:
			msg := fmt.Sprintf("hook blocked: %s does not support %s, which this hook needs", p.name, capDescription(c, h))
			*hd = Handler{Type: "command", Command: "echo " + shellQuote(msg) + " >&2; exit 2", Timeout: hd.Timeout}
			ph.Blocking = true
			w.add(n, "handler", c, "handler replaced by one that blocks (exit 2) — %s does not support %s (%s capability, degradation: block)", p.name, capDescription(c, h), c)
			blocked = true
		default: // warn
			degradeWarn(p, ph, h, c, w)
		}
		if ph.dropped {
			break
		}
	}
}

// degradeWarn is the warn strategy for capability c: the field goes, an
// HTTP handler becomes a curl command, an LLM-evaluated hook goes.
func degradeWarn(p *provider, ph *prepared, h *Hook, c string, w *warner) {
	n := ph.n
	hd := &ph.Handler
	switch c {
	case CapPlatform, CapCwd, CapEnv, CapAsync:
		w.add(n, "handler."+capField[c], c, "'%s' field dropped — %s does not support %s (%s capability, degradation: warn)", capField[c], p.name, capWhat[c], c)
		switch c {
		case CapPlatform:
			hd.Platform = nil
		case CapCwd:
			hd.Cwd = ""
		case CapEnv:
			hd.Env = nil
		case CapAsync:
			hd.Async = false
		}
	case CapHTTPHandler:
		*hd = Handler{Type: "command", Command: curlCommand(hd.URL, hd.Headers), Timeout: hd.Timeout}
		w.add(n, "handler", c, "http handler replaced by a curl command posting the payload to %s — %s has no HTTP hooks (http_handler capability, degradation: warn)", h.Handler.URL, p.name)
	case CapLLMEvaluated:
		// A prompt cannot run as a shell command: warn is
		// honoured as exclude.
		w.add(n, "handler", c, "hook excluded — %s cannot run %s hooks (llm_evaluated capability, degradation: warn cannot keep an LLM-evaluated hook)", p.name, h.Handler.Type)
		ph.dropped = true
	default:
		w.add(n, "handler", c, "%s does not support %s; the hook runs without it (%s capability, degradation: warn)", p.name, capDescription(c, h), c)
	}
}

// warnProviderData warns of the provider_data of other providers that h
// carries and p cannot use.
func warnProviderData(p *provider, h *Hook, n int, w *warner) {
	for _, k := range slices.Sorted(maps.Keys(h.ProviderData)) {
		if k == p.slug {
			continue
		}
		var lost []string
		for _, f := range slices.Sorted(maps.Keys(h.ProviderData[k])) {
			switch {
			case f == "matcher" && sharedMatcher(p, h) != "":
			case f == "event" && splitTables[k] != nil:
				if ev, _ := h.ProviderData[k]["event"].(string); h.Matcher == nil {
					w.add(n, "matcher", "", "%s's %s runs for every MCP tool, which has no canonical matcher; here the hook matches every tool", providers[k].name, ev)
				}
			default:
				lost = append(lost, f)
			}
		}
		if len(lost) > 0 {
			w.add(n, "provider_data."+k, "", "provider_data.%s ignored — not target provider (%s)", k, strings.Join(lost, ", "))
		}
	}
}

// eventRetries: §7.1 says agent_stop "can trigger a retry", whatever the
// blocking flag (a hook asks through its output).
func eventRetries(event string) bool { return event == "agent_stop" || event == "subagent_stop" }

func capDescription(c string, h *Hook) string {
	switch c {
	case CapLLMEvaluated:
		return "LLM-evaluated (" + h.Handler.Type + ") hooks"
	case CapHTTPHandler:
		return "HTTP hooks"
	case CapInputRewrite:
		return "rewriting tool input (updated_input)"
	case CapStructuredOutput:
		return "structured JSON hook output"
	default:
		return capWhat[c]
	}
}

func cloneHook(h Hook) Hook {
	c := h
	c.Handler.Platform = maps.Clone(h.Handler.Platform)
	c.Handler.Env = maps.Clone(h.Handler.Env)
	c.Handler.Headers = maps.Clone(h.Handler.Headers)
	return c
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// curlCommand approximates an http handler (§9.4, degradation warn): POST
// the payload from stdin to url with the same headers and print the answer.
func curlCommand(url string, headers map[string]string) string {
	parts := []string{"curl", "-sS", "-X", "POST", "-H", shellQuote("Content-Type: application/json")}
	for _, k := range slices.Sorted(maps.Keys(headers)) {
		// Headers may use $VAR interpolation; keep it expandable.
		parts = append(parts, "-H", `"`+strings.ReplaceAll(k+": "+headers[k], `"`, `\"`)+`"`)
	}
	parts = append(parts, "--data-binary", "@-", shellQuote(url))
	return strings.Join(parts, " ")
}

// ownData returns the hook's provider_data for p, nil if none.
func ownData(p *provider, h *Hook) map[string]any {
	return h.ProviderData[p.slug]
}

// verify is §12.4: decode the output again and compare with what the
// encoder meant to write: the same commands and handler types, and (where
// the provider names events one to one) the same events.
func verify(p *provider, hooks []*prepared, out []byte) error {
	c, err := p.codec()
	if err != nil {
		return err
	}
	var w warner
	var top map[string]json.RawMessage
	if err := json.Unmarshal(out, &top); err != nil {
		return err
	}
	in := top["hooks"]
	if c.wholeDocument {
		in = out
	}
	decoded, err := c.decode(p, in, &w)
	if err != nil {
		return err
	}
	type key struct{ typ, cmd string }
	got := map[key][]string{}
	for _, h := range decoded {
		k := key{h.Handler.Type, handlerTarget(&h.Handler)}
		got[k] = append(got[k], h.Event)
	}
	want := map[key]bool{}
	for _, h := range hooks {
		if h.dropped {
			continue
		}
		k := key{h.Handler.Type, handlerTarget(&h.Handler)}
		want[k] = true
		events, ok := got[k]
		if !ok {
			return fmt.Errorf("hook %d (%s %q) is missing from the output", h.n, h.Handler.Type, k.cmd)
		}
		if p.events[h.Event] != "" && !slices.Contains(events, h.Event) {
			return fmt.Errorf("hook %d: event %s came back as %s", h.n, h.Event, strings.Join(events, ", "))
		}
	}
	for k := range got {
		if !want[k] {
			return fmt.Errorf("the output holds a %s handler %q that the manifest does not", k.typ, k.cmd)
		}
	}
	return nil
}

func handlerTarget(h *Handler) string {
	switch h.Type {
	case "http":
		return h.URL
	case "prompt", "agent":
		return h.Prompt
	}
	return h.Command
}

// groupedFamily are the providers that filter lifecycle events (SessionStart
// source, PreCompact trigger) with the same matcher values: those whose
// hook files have Claude Code's grouped shape, in the agent list's order.
var groupedFamily = func() []string {
	var out []string
	for _, slug := range Providers() {
		if p := providers[slug]; p != nil && p.shape == agent.ShapeGrouped {
			out = append(out, slug)
		}
	}
	return out
}()

// sharedMatcher returns a non-tool event's matcher recorded by another
// provider of the grouped family, when p is one of them and has none of its
// own: "startup" means the same in Claude Code, Codex and Gemini CLI (and,
// by that shape, in any agent that copies Claude Code's hook files).
func sharedMatcher(p *provider, h *Hook) string {
	if IsToolEvent(h.Event) || !slices.Contains(groupedFamily, p.slug) {
		return ""
	}
	if s, ok := h.ProviderData[p.slug]["matcher"].(string); ok {
		return s
	}
	for _, slug := range groupedFamily {
		if s, ok := h.ProviderData[slug]["matcher"].(string); ok {
			return s
		}
	}
	return ""
}

// observedAtSource: the hook came from a provider where the event is
// observe-only already, so the target loses nothing there.
func observedAtSource(source, event string) bool {
	p, ok := providers[source]
	return ok && p.behaviour(event) == behaviourObserve
}
