package fileedit

import "testing"

func TestArrayAppendRemove(t *testing.T) {
	isName := func(n string) func(any) bool {
		return func(v any) bool {
			if s, ok := v.(string); ok {
				return s == n
			}
			m, _ := v.(map[string]any)
			return m["name"] == n
		}
	}
	tests := []struct {
		name, in, want string
		edit           func(d *TOML) error
	}{
		{"append one line", "# mine\n[plugins]\nuse = [\"a\"] # keep\n", "# mine\n[plugins]\nuse = [\"a\", \"b\"] # keep\n",
			func(d *TOML) error { return d.ArrayAppend("b", "plugins", "use") }},
		{"append empty", "[plugins]\nuse = []\n", "[plugins]\nuse = [\"b\"]\n",
			func(d *TOML) error { return d.ArrayAppend("b", "plugins", "use") }},
		{"append multi-line", "[plugins]\nuse = [\n  \"a\", # why a\n  \"c\" # why c\n]\n", "[plugins]\nuse = [\n  \"a\", # why a\n  \"c\", # why c\n  { name = \"b\", workspace = \"/w\" },\n]\n",
			func(d *TOML) error {
				return d.ArrayAppend(map[string]any{"name": "b", "workspace": "/w"}, "plugins", "use")
			}},
		{"append missing key", "auto-sync = true\n\n[plugins]\n# note\ndisable = [\"x\"]\n", "auto-sync = true\n\n[plugins]\n# note\ndisable = [\"x\"]\nuse = [\"b\"]\n",
			func(d *TOML) error { return d.ArrayAppend("b", "plugins", "use") }},
		{"append missing table", "auto-sync = true # mine\n", "auto-sync = true # mine\n\n[plugins]\nuse = [\"b\"]\n",
			func(d *TOML) error { return d.ArrayAppend("b", "plugins", "use") }},
		{"remove middle line", "[plugins]\nuse = [\n  \"a\", # why a\n  \"b\", # why b\n  \"c\",\n]\n", "[plugins]\nuse = [\n  \"a\", # why a\n  \"c\",\n]\n",
			func(d *TOML) error { _, err := d.ArrayRemove(isName("b"), "plugins", "use"); return err }},
		{"remove last inline", "[plugins]\nuse = [\"a\", { name = \"b\", workspace = \"/w\" }] # c\n", "[plugins]\nuse = [\"a\"] # c\n",
			func(d *TOML) error { _, err := d.ArrayRemove(isName("b"), "plugins", "use"); return err }},
		{"remove first inline", "[plugins]\nuse = [\"a\", \"b\"]\n", "[plugins]\nuse = [\"b\"]\n",
			func(d *TOML) error { _, err := d.ArrayRemove(isName("a"), "plugins", "use"); return err }},
		{"tricky strings", "[plugins]\nuse = [\"a,]#\", 'b']\n", "[plugins]\nuse = [\"a,]#\", 'b', \"c\"]\n",
			func(d *TOML) error { return d.ArrayAppend("c", "plugins", "use") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseTOML("config.toml", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if err := tc.edit(d); err != nil {
				t.Fatal(err)
			}
			if got := string(d.Bytes()); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
