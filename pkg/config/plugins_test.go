package config

import "testing"

// A plugin of a plugin source and a crate's embedded plugin may share a
// name: each entry kind reaches only what it names (round 3, S3).
func TestConsentKinds(t *testing.T) {
	c := Consent{
		AutoEnable: []string{"crate:Auto_Crate", "plain-auto"},
		Use:        []UseEntry{{Name: "widget"}, {Name: "crate:gadget"}, {Name: "CRATE:scoped", Workspace: "/ws"}},
		Disable:    []string{"crate:noisy", "never"},
	}
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"plugin widget used by plain entry", used(c.Used("widget", "/ws")), true},
		{"crate widget not used by plain entry when a plugin has the name", used(c.CrateUsed("widget", "/ws", false)), false},
		{"crate widget used by plain entry when no plugin has the name", used(c.CrateUsed("widget", "/ws", true)), true},
		{"crate gadget used by crate: entry", used(c.CrateUsed("gadget", "/ws", false)), true},
		{"plugin gadget not used by crate: entry", used(c.Used("gadget", "/ws")), false},
		{"scoped crate: entry, case-insensitive prefix", used(c.CrateUsed("scoped", "/ws", false)), true},
		{"scoped crate: entry elsewhere", used(c.CrateUsed("scoped", "/other", false)), false},
		{"crate noisy disabled", c.CrateDisabled("noisy"), true},
		{"plugin noisy not disabled by crate: entry", c.Disabled("noisy"), false},
		{"plain disable: plugin", c.Disabled("never"), true},
		{"plain disable: crate too", c.CrateDisabled("never"), true},
		{"auto-enable crate: entry, folded name", c.AutoEnabled("auto-crate"), true},
		{"auto-enable plain entry", c.AutoEnabled("plain_auto"), true},
		{"auto-enable other", c.AutoEnabled("widget"), false},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

func used(_ UseEntry, ok bool) bool { return ok }

func TestSplitEntry(t *testing.T) {
	tests := []struct {
		in, name string
		crate    bool
	}{
		{"widget", "widget", false},
		{"crate:widget", "widget", true},
		{" Crate: widget ", "widget", true},
		{"crate:", "crate:", false},
		{"cratex", "cratex", false},
	}
	for _, tt := range tests {
		name, crate := SplitEntry(tt.in)
		if name != tt.name || crate != tt.crate {
			t.Errorf("SplitEntry(%q) = %q, %v; want %q, %v", tt.in, name, crate, tt.name, tt.crate)
		}
	}
}

func TestParsePluginsRejectsBareCratePrefix(t *testing.T) {
	for _, body := range []string{
		"[plugins]\ndisable = [\"crate:\"]\n",
		"[plugins]\nuse = [\" crate: \"]\n",
		"[plugins]\nuse = [{ name = \"crate:\" }]\n",
	} {
		if _, _, err := Parse("/c.toml", []byte(body)); err == nil {
			t.Errorf("Parse(%q): no error", body)
		}
	}
}
