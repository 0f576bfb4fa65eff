package hook

import (
	"regexp"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/hookfmt"
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
func (c matcherCache) match(matcher string, p *hookfmt.Payload) (ok bool, err error) {
	if matcher == "" || matcher == "*" || (p.Event != agent.PreToolUse && p.Event != agent.PostToolUse) {
		return true, nil
	}
	names := agent.ToolAliases(p.ToolName)
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
