package plugin

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseSubcommands: [subcommand.<name>] tables parse into Subcommands
// (a manifest with one used to be skipped whole, as written for a later
// version), and each mistake is an error naming the line and the fix.
func TestParseSubcommands(t *testing.T) {
	const head = "name = \"p\"\ndepends-on = [\"*\"]\n\n[[installations]]\nname = \"tool\"\nexecutable = \"bin/tool\"\n\n"
	type sub struct {
		Name, Description, Audience, Install string
		Inline                               string // the inline installation's script
		Crates                               string
		Predicates                           int
		Line                                 int
	}
	tests := []struct {
		name string
		toml string
		want []sub
		err  string // regexp over the error after the path; "" = none
		skip string // regexp over the one Skipped part, after the path; "" = none
	}{
		{"named installation", "[subcommand.foo]\ndescription = \"Run foo\"\ncommand = \"tool\"\n",
			[]sub{{Name: "foo", Description: "Run foo", Audience: "agents", Install: "tool", Line: 8}}, "", ""},
		{"inline, humans, gated", "[subcommand.bar]\ndescription = \"Bar\"\naudience = \"humans\"\ndepends-on = [\"serde\"]\npredicates = [\"path_exists(.git)\"]\ncommand = { script = \"bar.sh\" }\n",
			[]sub{{Name: "bar", Description: "Bar", Audience: "humans", Inline: "bar.sh", Crates: "serde", Predicates: 1, Line: 8}}, "", ""},
		{"sorted by name", "[subcommand.zed]\ndescription = \"Z\"\ncommand = \"tool\"\n\n[subcommand.\"a-b_c\"]\ndescription = \"A\"\ncommand = \"tool\"\n",
			[]sub{{Name: "a-b_c", Description: "A", Audience: "agents", Install: "tool", Line: 12}, {Name: "zed", Description: "Z", Audience: "agents", Install: "tool", Line: 8}}, "", ""},
		{"near miss of a field", "[subcommand.foo]\ndescription = \"Run foo\"\ncommand = \"tool\"\naudiance = \"humans\"\n",
			nil, "", `^11:1: unknown field "audiance" in \[subcommand.foo\] .*did you mean "audience"\?`},
		{"field of a later version", "[subcommand.foo]\ndescription = \"Run foo\"\ncommand = \"tool\"\nshell-completion = true\n",
			nil, "", `^11:1: unknown field "shell-completion" in \[subcommand.foo\] .*skipping this subcommand, the rest of the plugin loads`},
		{"shadows a builtin", "[subcommand.sync]\ndescription = \"Mine\"\ncommand = \"tool\"\n",
			nil, "^8:1: \\[subcommand.sync\\] shadows the built-in `cargo agents sync`", ""},
		{"bad characters", "[subcommand.\"foo.bar\"]\ndescription = \"Dots\"\ncommand = \"tool\"\n",
			nil, `^8:1: \[subcommand.foo.bar\] name "foo.bar" has invalid characters`, ""},
		{"no description", "[subcommand.foo]\ncommand = \"tool\"\n",
			nil, `^8:1: \[subcommand.foo\] has no description`, ""},
		{"description too long", "[subcommand.foo]\ndescription = \"" + strings.Repeat("x", 1100) + "\"\ncommand = \"tool\"\n",
			nil, `^9:1: \[subcommand.foo\] description is 1100 bytes long: at most 1024`, ""},
		{"bad audience", "[subcommand.foo]\ndescription = \"Foo\"\naudience = \"robots\"\ncommand = \"tool\"\n",
			nil, `^10:1: \[subcommand.foo\] audience = "robots": must be "agents"`, ""},
		{"unknown installation", "[subcommand.foo]\ndescription = \"Foo\"\ncommand = \"missing\"\n",
			nil, `^10:1: \[subcommand.foo\] command = "missing" names no \[\[installations\]\] entry`, ""},
		{"no command", "[subcommand.foo]\ndescription = \"Foo\"\n",
			nil, `^8:1: \[subcommand.foo\] has no command`, ""},
		{"bad inline installation", "[subcommand.foo]\ndescription = \"Foo\"\ncommand = { script = \"../out.sh\" }\n",
			nil, `^10:1: \[subcommand.foo\] command: .*inside the plugin directory`, ""},
		{"not a table", "subcommand = \"foo\"\n",
			nil, `^1:1: subcommand must be a table of \[subcommand.<name>\] tables`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := head + tt.toml
			if strings.HasPrefix(tt.toml, "subcommand =") {
				src = tt.toml + head // a top-level key: before any table
			}
			m, err := ParseManifest("p/SYMPOSIUM.toml", []byte(src))
			if tt.err != "" {
				if err == nil {
					t.Fatalf("parsed; want error %q", tt.err)
				}
				msg := strings.TrimPrefix(err.Error(), "p/SYMPOSIUM.toml:")
				if !regexp.MustCompile(tt.err).MatchString(msg) {
					t.Errorf("error %q does not match %q", msg, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.skip == "" && len(m.Skipped) > 0:
				t.Errorf("skipped %v", m.Skipped)
			case tt.skip != "" && (len(m.Skipped) != 1 || !regexp.MustCompile(tt.skip).MatchString(strings.TrimPrefix(m.Skipped[0].Err.Error(), "p/SYMPOSIUM.toml:"))):
				t.Errorf("skipped %v; want one matching %q", m.Skipped, tt.skip)
			}
			var got []sub
			for _, sc := range m.Subcommands {
				s := sub{Name: sc.Name, Description: sc.Description, Audience: sc.Audience, Install: sc.Install.Name, Predicates: len(sc.Predicates), Line: sc.Line}
				if sc.Install.Inline != nil {
					s.Inline = sc.Install.Inline.Script
				}
				if sc.HasCrates {
					s.Crates = strings.Join(atomStrings(sc.Crates), ",")
				}
				got = append(got, s)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("subcommands (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSubcommandKeepsPlugin: a plugin's skills load beside its
// subcommands, and a subcommand's depends-on does not wake a dormant
// plugin (upstream leaves subcommands out of that test).
func TestSubcommandKeepsPlugin(t *testing.T) {
	tests := []struct {
		name        string
		toml        string
		wantDormant bool
	}{
		{"gated plugin", "name = \"p\"\ndepends-on = [\"serde\"]\n\n[[skills]]\nsource.path = \"skills\"\n\n[subcommand.foo]\ndescription = \"Foo\"\ncommand = { script = \"foo.sh\" }\n", false},
		{"only the subcommand names a crate", "name = \"p\"\n\n[[skills]]\nsource.path = \"skills\"\n\n[subcommand.foo]\ndescription = \"Foo\"\ndepends-on = [\"serde\"]\ncommand = { script = \"foo.sh\" }\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ParseManifest("p/SYMPOSIUM.toml", []byte(tt.toml))
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Skills) != 1 || len(m.Subcommands) != 1 {
				t.Errorf("%d skill group(s), %d subcommand(s); want 1 and 1", len(m.Skills), len(m.Subcommands))
			}
			if m.Dormant != tt.wantDormant {
				t.Errorf("Dormant = %v, want %v", m.Dormant, tt.wantDormant)
			}
		})
	}
}
