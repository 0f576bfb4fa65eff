package hif

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// TestProvidersComplete: every provider sym-translate names has a decoder,
// an encoder (by its hook file's shape), an MCP tool naming and a timeout
// unit its shape can carry (a missing codec used to surface as a nil func
// call in the middle of a conversion).
func TestProvidersComplete(t *testing.T) {
	for _, slug := range Providers() {
		if slug == ProviderHIF {
			continue
		}
		p := providers[slug]
		if p == nil {
			t.Errorf("%s: listed but no provider", slug)
			continue
		}
		if _, err := p.codec(); err != nil {
			t.Errorf("%s: %v", slug, err)
		}
		if p.mcp.Sep == "" && !p.mcp.Unknown {
			t.Errorf("%s: no MCP tool naming (MCPNames, or Unknown: true)", slug)
		}
		switch p.timeout {
		case agent.NoTimeout, agent.Seconds, agent.Milliseconds:
		default:
			t.Errorf("%s: unknown timeout unit %q", slug, p.timeout)
		}
	}
}

// TestCodecMissing: a provider whose shape has no codec is an error from
// Decode and Encode, not a panic.
func TestCodecMissing(t *testing.T) {
	const slug = "test-no-codec"
	providers[slug] = &provider{slug: slug, name: "No Codec", shape: "nonesuch", events: map[string]string{"agent_stop": "Stop"}}
	providerAliases[slug] = slug
	defer func() { delete(providers, slug); delete(providerAliases, slug) }()
	if _, _, err := Decode(slug, "f.json", []byte(`{"hooks": {}}`)); err == nil || !strings.Contains(err.Error(), "no codec") {
		t.Errorf("Decode: %v, want a no-codec error", err)
	}
	m := &Manifest{Spec: SpecVersion, Hooks: []Hook{{Event: "agent_stop", Handler: Handler{Type: "command", Command: "x"}}}}
	if _, err := Encode(slug, m, Options{}); err == nil || !strings.Contains(err.Error(), "no codec") {
		t.Errorf("Encode: %v, want a no-codec error", err)
	}
}

// TestProviderUsage: the usage list names every provider, each agent's
// slug with its agent name where they differ, hif last.
func TestProviderUsage(t *testing.T) {
	got := ProviderUsage()
	slugs := Providers()
	if len(got) != len(slugs) {
		t.Fatalf("ProviderUsage() = %q, want one per provider of %q", got, slugs)
	}
	for i, slug := range slugs {
		if !strings.HasPrefix(got[i], slug) {
			t.Errorf("ProviderUsage()[%d] = %q, want %s first", i, got[i], slug)
		}
	}
	for _, a := range agent.All() {
		if a.HIF != nil && a.HIF.Slug != a.Name && !slices.Contains(got, a.HIF.Slug+" ("+a.Name+")") {
			t.Errorf("ProviderUsage() = %q, want %q", got, a.HIF.Slug+" ("+a.Name+")")
		}
	}
}

// TestWriteFile: --write edits the project file, or the file the agent
// reads in its place when that exists (Droid's hooks.json, an event map),
// the same file cargo agents sync registers hooks in.
func TestWriteFile(t *testing.T) {
	for _, tc := range []struct {
		name, slug string
		existing   []string // files made under the root first
		want       string   // "" when --write has no file for slug
		eventMap   bool
	}{
		{"droid without hooks.json", "droid", nil, ".factory/settings.json", false},
		{"droid with hooks.json", "droid", []string{".factory/hooks.json"}, ".factory/hooks.json", true},
		{"droid with both", "droid", []string{".factory/settings.json", ".factory/hooks.json"}, ".factory/hooks.json", true},
		{"claude ignores a hooks.json", "claude-code", []string{".claude/hooks.json"}, ".claude/settings.json", false},
		{"cursor, no agent of ours", ProviderCursor, nil, ".cursor/hooks.json", false},
		{"hif has no file", ProviderHIF, nil, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for _, f := range tc.existing {
				p := filepath.Join(root, filepath.FromSlash(f))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			path, eventMap, ok := WriteFile(tc.slug, "", root)
			if ok != (tc.want != "") {
				t.Fatalf("WriteFile ok = %v, want %v", ok, tc.want != "")
			}
			if !ok {
				return
			}
			if want := filepath.Join(root, filepath.FromSlash(tc.want)); path != want || eventMap != tc.eventMap {
				t.Errorf("WriteFile = %s, eventMap %v; want %s, %v", path, eventMap, want, tc.eventMap)
			}
			// The file sync registers the agent's hooks in, where it is
			// the same project file.
			for _, a := range agent.All() {
				if a.HIF == nil || a.HIF.Slug != tc.slug {
					continue
				}
				if got := a.HookFile(agent.Target{Workspace: root}, agent.ScopeProject); got != path {
					t.Errorf("sync's hook file %s, --write's %s", got, path)
				}
			}
		})
	}
}
