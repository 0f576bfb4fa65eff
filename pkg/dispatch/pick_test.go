package dispatch

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestOneHookPerPlugin: of one plugin's hooks for an event, only one fires
// (upstream "Agent-specific hooks"): the one in the calling agent's own
// format, else the symposium-format one; another agent's format never
// fires. Hooks whose matcher does not select the tool, or whose agent is
// another, do not take part in the choice.
func TestOneHookPerPlugin(t *testing.T) {
	scripts := map[string]string{"mark.sh": `cat >/dev/null; touch "$SYMPOSIUM_PLUGIN_DIR/ran-$1"`}
	hook := func(plugin, name, format, matcher string) stream.Hook {
		return stream.Hook{Plugin: plugin, Name: name, Event: "PreToolUse", Matcher: matcher, Format: format,
			Command: "./scripts/mark.sh " + plugin + "." + name}
	}
	// Each plugin is named after the formats of its hooks.
	plugins := [][]stream.Hook{
		{hook("claude+sym", "cl", "claude", "Bash"), hook("claude+sym", "sy", "symposium", "Bash")},
		{hook("codex", "cx", "codex", "")},
		{hook("sym", "sy", "", "")},
		{hook("claude+codex+sym", "cl", "claude", ""), hook("claude+codex+sym", "cx", "codex", ""), hook("claude+codex+sym", "sy", "symposium", "")},
	}
	tests := []struct {
		agent, file string
		want        []string
	}{
		{"claude", "claude/PreToolUse.json", []string{"claude+codex+sym.cl", "claude+sym.cl", "sym.sy"}},
		{"codex", "codex/PreToolUse.json", []string{"claude+codex+sym.cx", "claude+sym.sy", "codex.cx", "sym.sy"}},
		{"copilot", "copilot/pascal-config/PreToolUse.json", []string{"claude+codex+sym.sy", "claude+sym.sy", "sym.sy"}},
	}
	for _, tc := range tests {
		for _, p := range plugins {
			t.Run(tc.agent+"/"+p[0].Plugin, func(t *testing.T) {
				var want []string
				for _, w := range tc.want {
					if strings.HasPrefix(w, p[0].Plugin+".") {
						want = append(want, w)
					}
				}
				f := newFixture(t, scripts, slices.Clone(p)...)
				if got := fired(t, f, tc.agent, tc.file); !slices.Equal(got, want) {
					t.Errorf("fired %q, want %q", got, want)
				}
			})
		}
		t.Run(tc.agent+"/all plugins", func(t *testing.T) {
			f := newFixture(t, scripts, slices.Concat(plugins...)...)
			if got := fired(t, f, tc.agent, tc.file); !slices.Equal(got, tc.want) {
				t.Errorf("fired %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPickCandidates: what takes part in the choice of a plugin's hook.
func TestPickCandidates(t *testing.T) {
	scripts := map[string]string{"mark.sh": `cat >/dev/null; touch "$SYMPOSIUM_PLUGIN_DIR/ran-$1"`}
	hook := func(name, format, matcher string) stream.Hook {
		return stream.Hook{Name: name, Event: "PreToolUse", Matcher: matcher, Format: format, Command: "./scripts/mark.sh " + name}
	}
	agentOnly := func(h stream.Hook, a string) stream.Hook { h.Agent = a; return h }
	preds := func(h stream.Hook, p ...string) stream.Hook { h.Predicates = p; return h }
	tests := []struct {
		name  string
		hooks []stream.Hook
		want  []string
	}{
		{
			name:  "a native hook whose matcher does not select the tool leaves the symposium one",
			hooks: []stream.Hook{hook("cl", "claude", "Edit"), hook("sy", "", "Bash")},
			want:  []string{"sy"},
		},
		{
			name:  "a native hook restricted to another agent leaves the symposium one",
			hooks: []stream.Hook{agentOnly(hook("cl", "claude", ""), "codex"), hook("sy", "", "")},
			want:  []string{"sy"},
		},
		{
			name:  "a symposium hook restricted to the caller fires",
			hooks: []stream.Hook{agentOnly(hook("sy", "", ""), "claude")},
			want:  []string{"sy"},
		},
		{
			name:  "of two hooks in one format the last is picked (as upstream)",
			hooks: []stream.Hook{hook("sy1", "", ""), hook("sy2", "", "Bash")},
			want:  []string{"sy2"},
		},
		{
			name:  "the picked hook's predicates failing leaves nothing, not the fallback (as upstream)",
			hooks: []stream.Hook{hook("sy", "", ""), preds(hook("cl", "claude", ""), "env(SYMPOSIUM_TEST_UNSET_VAR)")},
			want:  nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, scripts, tc.hooks...)
			if got := fired(t, f, "claude", "claude/PreToolUse.json"); !slices.Equal(got, tc.want) {
				t.Errorf("fired %q, want %q", got, tc.want)
			}
		})
	}
}

// fired runs a PreToolUse call and lists the hooks that left their mark.
func fired(t *testing.T, f *fixture, agentName, file string) []string {
	t.Helper()
	res := f.run(t, agentName, "PreToolUse", f.payload(t, file))
	if res.Exit != 0 || len(res.Stderr) > 0 {
		t.Errorf("exit %d, stderr %q", res.Exit, res.Stderr)
	}
	ents, err := os.ReadDir(f.plugin)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		if name, ok := strings.CutPrefix(e.Name(), "ran-"); ok {
			got = append(got, name)
		}
	}
	return got
}

// TestPickFormatNames: a hook without a format is a symposium-format one,
// also when the caller is symposium itself; the first of two equals loses.
func TestPickFormatNames(t *testing.T) {
	hooks := []stream.Hook{
		{Plugin: "p", Name: "explicit", Format: "symposium"},
		{Plugin: "p", Name: "default"},
		{Plugin: "q", Source: "other", Name: "q"},
	}
	for _, caller := range []string{"symposium", "claude"} {
		var names []string
		for _, h := range pick(hooks, caller, func(*stream.Hook, string) {}) {
			names = append(names, h.Name)
		}
		if want := []string{"default", "q"}; !slices.Equal(names, want) {
			t.Errorf("caller %s: picked %q, want %q", caller, names, want)
		}
	}
}
