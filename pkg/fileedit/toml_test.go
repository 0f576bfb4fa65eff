package fileedit

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTOMLEdits: add a server table with a sub-table and a [features]
// flag (golden); the same values again change nothing; deleting them gives
// back the original bytes.
func TestTOMLEdits(t *testing.T) {
	srv := map[string]any{"command": "/usr/local/bin/widget", "args": []any{"--stdio"}, "env": map[string]any{"WIDGET_LOG": "info"}}
	for _, in := range inputs(t, "toml") {
		t.Run(in, func(t *testing.T) {
			orig := readInput(t, in)
			d, err := ParseTOML(in, orig)
			mustDo(t, "ParseTOML", err)
			_, hadFeatures := d.GetTable("features")
			mustDo(t, "SetTable", d.SetTable(srv, "mcp_servers", "widget"))
			mustDo(t, "SetValue", d.SetValue(true, "features", "codex_hooks"))
			got := d.Bytes()
			golden(t, in, got)
			if v, ok := d.GetTable("mcp_servers", "widget"); !ok || !sameValue(v, srv) {
				t.Errorf("GetTable after SetTable = %v, %v", v, ok)
			}
			mustDo(t, "SetTable again", d.SetTable(srv, "mcp_servers", "widget"))
			mustDo(t, "SetValue again", d.SetValue(true, "features", "codex_hooks"))
			sameBytes(t, "setting the same values twice", got, d.Bytes())

			if !d.DeleteTable("mcp_servers", "widget") {
				t.Fatal("DeleteTable found nothing")
			}
			if t2, ok := d.GetTable("mcp_servers"); ok && len(t2) == 0 {
				d.DeleteTable("mcp_servers")
			}
			if hadFeatures {
				// Only the flag is ours; the golden shows where it went.
				return
			}
			d.DeleteTable("features")
			sameBytes(t, "insert then delete", orig, d.Bytes())
		})
	}
}

// TestTOMLForms: tables written inline or with dotted keys are replaced
// without duplicating keys; an existing [a] + [a.env] pair is replaced
// where it stands.
func TestTOMLForms(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		keys           []string
		value          map[string]any
	}{
		{"inline", "[mcp_servers]\nx = { command = \"old\" } # mine\n", "[mcp_servers]\nx = { command = \"new\" } # mine\n", []string{"mcp_servers", "x"}, map[string]any{"command": "new"}},
		{"root-inline", "mcp_servers.x = { command = \"old\" }\n", "mcp_servers.x = { command = \"new\" }\n", []string{"mcp_servers", "x"}, map[string]any{"command": "new"}},
		{"dotted", "[mcp_servers]\nx.command = \"old\"\nx.args = [\"a\"]\ny.command = \"keep\"\n", "[mcp_servers]\ny.command = \"keep\"\n\n[mcp_servers.x]\ncommand = \"new\"\n", []string{"mcp_servers", "x"}, map[string]any{"command": "new"}},
		{"with-env", "# top\n[mcp_servers.a] # hdr comment\ncommand = \"old\"\n\n[mcp_servers.a.env]\nK = \"v\"\n\n[other]\nz = 1\n", "# top\n[mcp_servers.a] # hdr comment\ncommand = \"new\"\n\n[mcp_servers.a.env]\nK = \"w\"\n\n[other]\nz = 1\n", []string{"mcp_servers", "a"}, map[string]any{"command": "new", "env": map[string]any{"K": "w"}}},
		{"drop-env", "[mcp_servers.a]\ncommand = \"old\"\n\n[mcp_servers.a.env]\nK = \"v\"\n\n[other]\nz = 1\n", "[mcp_servers.a]\ncommand = \"old\"\nurl = \"u\"\n\n[other]\nz = 1\n", []string{"mcp_servers", "a"}, map[string]any{"command": "old", "url": "u"}},
		{"parent-inline", "mcp_servers = { y = { command = \"keep\" } } # mine\n", "mcp_servers = { x = { command = \"new\" }, y = { command = \"keep\" } } # mine\n", []string{"mcp_servers", "x"}, map[string]any{"command": "new"}},
		{"parent-inline-replace", "mcp_servers = { x = { command = \"old\" }, y = { command = \"keep\" } }\n", "mcp_servers = { x = { command = \"new\" }, y = { command = \"keep\" } }\n", []string{"mcp_servers", "x"}, map[string]any{"command": "new"}},
		{"section-comment-stays", "[mcp_servers.a]\ncommand = \"old\"\n\n[mcp_servers.a.env]\nK = \"v\"\n\n# --- sandbox ---\n\n[other]\nz = 1\n", "[mcp_servers.a]\ncommand = \"new\"\n\n# --- sandbox ---\n\n[other]\nz = 1\n", []string{"mcp_servers", "a"}, map[string]any{"command": "new"}},
		{"typed-values", "", "[mcp_servers.a]\ne = {}\ntimeout = 5\ntools = [{ name = \"t\" }]\n", []string{"mcp_servers", "a"}, map[string]any{"tools": []map[string]any{{"name": "t"}}, "timeout": int32(5), "e": map[string]string{}}},
		{"empty-body-then-subtable", "[mcp_servers]\n[mcp_servers.a]\n[mcp_servers.a.env]\nK = \"v\"\n", "[mcp_servers]\n[mcp_servers.a]\ncommand = \"new\"\n", []string{"mcp_servers", "a"}, map[string]any{"command": "new"}},
		{"no-final-newline", "x = 1\n[mcp_servers.a]\ncommand = \"old\"", "x = 1\n[mcp_servers.a]\ncommand = \"new\"", []string{"mcp_servers", "a"}, map[string]any{"command": "new"}},
		{"header-spacing-kept", "[ mcp_servers . a ]\ncommand = \"old\"\n", "[ mcp_servers . a ]\ncommand = \"new\"\n", []string{"mcp_servers", "a"}, map[string]any{"command": "new"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ParseTOML("c.toml", []byte(c.in))
			mustDo(t, "ParseTOML", err)
			mustDo(t, "SetTable", d.SetTable(c.value, c.keys...))
			if diff := cmp.Diff(c.want, string(d.Bytes())); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestTOMLSetValue: a flag is replaced in place, added under its table, or
// added inside an inline table.
func TestTOMLSetValue(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"replace", "[features]\ncodex_hooks = false # off\n", "[features]\ncodex_hooks = true # off\n"},
		{"add-under", "[features]\nother = 1\n\n[x]\ny = 2\n", "[features]\nother = 1\ncodex_hooks = true\n\n[x]\ny = 2\n"},
		{"inline", "features = { other = 1 }\n", "features = { codex_hooks = true, other = 1 }\n"},
		{"new-table", "model = \"m\"\n", "model = \"m\"\n\n[features]\ncodex_hooks = true\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ParseTOML("c.toml", []byte(c.in))
			mustDo(t, "ParseTOML", err)
			mustDo(t, "SetValue", d.SetValue(true, "features", "codex_hooks"))
			if diff := cmp.Diff(c.want, string(d.Bytes())); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if v, ok := d.Get("features", "codex_hooks"); !ok || v != true {
				t.Errorf("Get = %v, %v", v, ok)
			}
		})
	}
}

// TestTOMLDeleteTable: the table and its sub-tables go with their lines;
// a section comment separated by a blank line belongs to what follows and
// stays; comments right above the next table stay; inline forms are
// edited in place.
func TestTOMLDeleteTable(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"with-env", "model = \"m\"\n\n# ours\n[mcp_servers.a]\ncommand = \"x\"\n# disabled = true\n\n[mcp_servers.a.env]\nK = \"v\"\n\n# --- sandbox ---\n\n# about other\n[other]\nz = 1\n",
			"model = \"m\"\n\n# --- sandbox ---\n\n# about other\n[other]\nz = 1\n"},
		{"last", "[other]\nz = 1\n\n[mcp_servers.a]\ncommand = \"x\"\n", "[other]\nz = 1\n"},
		{"last-then-comment", "[other]\nz = 1\n\n[mcp_servers.a]\ncommand = \"x\"\n\n# end of file\n", "[other]\nz = 1\n\n# end of file\n"},
		{"dotted", "[mcp_servers]\na.command = \"x\"\n# about b\nb.command = \"y\"\n", "[mcp_servers]\n# about b\nb.command = \"y\"\n"},
		{"root-inline", "mcp_servers.a = { command = \"x\" }\nmodel = \"m\"\n", "model = \"m\"\n"},
		{"parent-inline", "mcp_servers = { a = { command = \"x\" }, b = { command = \"y\" } }\n", "mcp_servers = { b = { command = \"y\" } }\n"},
		{"crlf", "[other]\r\nz = 1\r\n\r\n[mcp_servers.a]\r\ncommand = \"x\"\r\n\r\n[last]\r\nq = 2\r\n", "[other]\r\nz = 1\r\n\r\n[last]\r\nq = 2\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ParseTOML("c.toml", []byte(c.in))
			mustDo(t, "ParseTOML", err)
			if !d.DeleteTable("mcp_servers", "a") {
				t.Fatal("DeleteTable = false")
			}
			if diff := cmp.Diff(c.want, string(d.Bytes())); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if d.DeleteTable("mcp_servers", "a") {
				t.Error("second DeleteTable = true")
			}
		})
	}
}
