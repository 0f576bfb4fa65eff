package dispatch

import (
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Claude Code and Qwen Code send a failed tool call to PostToolUseFailure,
// not PostToolUse: a plugin hook on it gets the tool and the error in the
// symposium format, its matcher filters tools, and its context reaches the
// agent under the agent's event name.
func TestPostToolUseFailure(t *testing.T) {
	scripts := map[string]string{
		"why.sh":  `grep -q '"error":"[^"]*No such file' && echo '{"additionalContext":"check the path first"}'`,
		"post.sh": `cat >/dev/null; echo '{"additionalContext":"post-tool-use ran"}'`,
	}
	hooks := []stream.Hook{
		{Name: "why", Event: "PostToolUseFailure", Matcher: "Bash", Command: "scripts/why.sh"},
		{Name: "why-write", Event: "PostToolUseFailure", Matcher: "Write", Command: "scripts/post.sh"},
		{Name: "post", Event: "PostToolUse", Command: "scripts/post.sh"},
	}
	tests := []struct{ agent, file, want string }{
		{"claude", "claude/PostToolUseFailure.json", `{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"check the path first"}}`},
		{"qwen", "qwen/PostToolUseFailure.json", `{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"check the path first"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.agent, func(t *testing.T) {
			f := newFixture(t, scripts, hooks...)
			res := f.run(t, tc.agent, "PostToolUseFailure", f.payload(t, tc.file))
			if got := strings.TrimSpace(string(res.Stdout)); got != tc.want || res.Exit != 0 {
				t.Errorf("stdout %q exit %d, want %q exit 0 (stderr %q)", got, res.Exit, tc.want, res.Stderr)
			}
		})
	}
}
