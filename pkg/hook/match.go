package hook

import (
	"regexp"
	"strings"

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
	if plainNames(matcher) {
		for _, n := range names {
			if alternative(matcher, n) {
				return true, nil
			}
		}
		return false, nil
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

// plainNames reports whether matcher is an alternation of plain names
// (Bash, Edit|Write): letters, digits, '_' and '|' only. Such a regex
// matches exactly its alternatives, so no regexp needs compiling (the hook
// path compiles nothing on the common case).
func plainNames(matcher string) bool {
	for i := 0; i < len(matcher); i++ {
		switch c := matcher[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '|':
		default:
			return false
		}
	}
	return true
}

// alternative reports whether name is one of the '|'-separated names in
// alts: what ^(?:alts)$ matches when plainNames(alts). An empty
// alternative matches only the empty name.
func alternative(alts, name string) bool {
	for {
		alt, rest, more := strings.Cut(alts, "|")
		if alt == name {
			return true
		}
		if !more {
			return false
		}
		alts = rest
	}
}
