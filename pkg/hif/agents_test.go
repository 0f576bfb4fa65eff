package hif

import (
	"slices"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/agent"
)

// TestAgentProviders: each agent's HIF description (in its own file in
// pkg/agent) speaks HIF's vocabulary, and each becomes a provider here.
func TestAgentProviders(t *testing.T) {
	behaviours := map[string]bool{behaviourPrevent: true, behaviourRetry: true, behaviourObserve: true}
	for _, a := range agent.All() {
		h := a.HIF
		if h == nil {
			if a.HasHooks() && !a.PluginHooks() {
				t.Errorf("%s has shell hooks but no HIF description", a.Name)
			}
			continue
		}
		if slug, ok := ProviderSlug(a.Name); !ok || slug != h.Slug || providers[slug] == nil {
			t.Errorf("%s: not a provider under its name (slug %q)", a.Name, h.Slug)
		}
		for _, p := range h.Events {
			if _, ok := Events[p.From]; !ok {
				t.Errorf("%s: %q is not a HIF event", a.Name, p.From)
			}
		}
		for _, c := range h.Caps {
			if _, ok := DefaultDegradation[c]; !ok {
				t.Errorf("%s: %q is not a HIF capability", a.Name, c)
			}
		}
		for _, p := range h.Blocking {
			if _, ok := Events[p.From]; !ok || !behaviours[p.To] {
				t.Errorf("%s: blocking %q: %q", a.Name, p.From, p.To)
			}
		}
		for _, p := range h.ToolsIn {
			if !slices.Contains(Tools, p.To) {
				t.Errorf("%s: tool %q maps to %q, not a HIF tool", a.Name, p.From, p.To)
			}
		}
	}
}
