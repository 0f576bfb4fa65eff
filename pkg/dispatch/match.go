package dispatch

import (
	"regexp"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/canonhook"
	"github.com/symposium-dev/symposium-go/pkg/hookmatch"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// matcherCache compiles each matcher once per call, and only when a hook of
// the right event needs it.
type matcherCache map[string]*regexp.Regexp

// match reports whether a hook's matcher selects p. The matcher is a regular
// expression over the whole tool name ("" and "*" match every tool) and is
// ignored for events without a tool. A matcher written with one agent's tool
// names matches the same tool under every agent: it is tried against all the
// tool's names in the vocabulary (Bash, run_shell_command, bash, shell, …).
// An invalid regex is compared as a plain name (and err says so).
func (c matcherCache) match(matcher string, p *canonhook.Payload) (ok bool, err error) {
	if matcher == "" || matcher == "*" || (p.Event != agent.PreToolUse && p.Event != agent.PostToolUse && p.Event != agent.PostToolUseFailure) {
		return true, nil
	}
	names := agent.ToolAliases(p.ToolName)
	if hookmatch.PlainNames(matcher) {
		// No regexp to compile on the common call.
		return hookmatch.AnyAlternative(matcher, names), nil
	}
	re, seen := c[matcher]
	if !seen {
		re, err = regexp.Compile("^(?:" + matcher + ")$")
		c[matcher] = re // nil for an invalid one, remembered too
	}
	for _, n := range names {
		if re != nil && re.MatchString(n) || re == nil && n == matcher {
			return true, err
		}
	}
	return false, err
}

// pick keeps, of the hooks the event and tool selected (in dispatch
// order), at most one per plugin, as upstream dispatch does ("only one hook
// per plugin fires for a given event"): the plugin's hook in the calling
// agent's own format, else its symposium-format hook. A hook in another
// agent's format never fires, and one whose `agent` names another agent
// does not take part (upstream documents `agent` as that restriction).
// Among a plugin's hooks of the same rank the last wins, as in upstream,
// which overwrites its pick as it walks the manifest. The picked hook's
// predicates and installations are checked later, when it is about to
// run: if they fail, no other hook of the plugin stands in (upstream
// evaluates them after picking too). skipped hears of each hook left out.
func pick(hooks []stream.Hook, caller string, skipped func(h *stream.Hook, why string)) []stream.Hook {
	type plugin struct{ source, name string }
	rank := func(h *stream.Hook) int {
		format := h.Format
		if format == "" {
			format = canonhook.Symposium
		}
		switch {
		case h.Agent != "" && h.Agent != caller:
			return 0
		case format == caller:
			return 2
		case format == canonhook.Symposium:
			return 1
		}
		return 0
	}
	chosen := map[plugin]int{} // index into hooks
	for i := range hooks {
		h := &hooks[i]
		r := rank(h)
		if r == 0 {
			if h.Agent != "" && h.Agent != caller {
				skipped(h, "it is for "+h.Agent+" only")
			} else {
				skipped(h, "it is in "+h.Format+"'s format")
			}
			continue
		}
		k := plugin{h.Source, h.Plugin}
		if j, ok := chosen[k]; ok {
			if rank(&hooks[j]) > r {
				skipped(h, "the plugin's "+hooks[j].Name+" is in "+caller+"'s format")
				continue
			}
			skipped(&hooks[j], "the plugin's "+h.Name+" comes later")
		}
		chosen[k] = i
	}
	out := make([]stream.Hook, 0, len(chosen))
	for i := range hooks {
		if j, ok := chosen[plugin{hooks[i].Source, hooks[i].Plugin}]; ok && j == i {
			out = append(out, hooks[i])
		}
	}
	return out
}
