package fileedit

import (
	"bytes"
	"testing"
)

// TestKeepsBOMAndCRLF: a settings file saved by a Windows editor (UTF-8
// BOM, CRLF line endings; repositories carry such files on every system)
// keeps both when we edit it, and every line we add ends in CRLF.
func TestKeepsBOMAndCRLF(t *testing.T) {
	const bom = "\uFEFF"
	tests := []struct {
		name string
		in   string
		edit func(t *testing.T, in []byte) []byte
	}{
		{"json", bom + "{\r\n  \"model\": \"x\"\r\n}\r\n", func(t *testing.T, in []byte) []byte {
			d, err := ParseJSON("settings.json", in)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Set(map[string]any{"a": 1}, "hooks"); err != nil {
				t.Fatal(err)
			}
			return d.Bytes()
		}},
		{"toml", bom + "# mine\r\nmodel = \"x\"\r\n", func(t *testing.T, in []byte) []byte {
			d, err := ParseTOML("config.toml", in)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.SetTable(map[string]any{"command": "y"}, "mcp_servers", "s"); err != nil {
				t.Fatal(err)
			}
			return d.Bytes()
		}},
		{"yaml", bom + "# mine\r\nmodel: x\r\n", func(t *testing.T, in []byte) []byte {
			d, err := ParseYAML("config.yaml", in)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.SetMapping(map[string]any{"command": "y"}, "extensions", "s"); err != nil {
				t.Fatal(err)
			}
			return d.Bytes()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := tt.edit(t, []byte(tt.in))
			if !bytes.HasPrefix(out, []byte(bom)) {
				t.Errorf("the BOM was lost:\n%q", out)
			}
			if n, crlf := bytes.Count(out, []byte("\n")), bytes.Count(out, []byte("\r\n")); n != crlf || n <= bytes.Count([]byte(tt.in), []byte("\n")) {
				t.Errorf("%d lines, %d ending in CRLF (input had %d); want all CRLF and lines added:\n%q",
					n, crlf, bytes.Count([]byte(tt.in), []byte("\n")), out)
			}
			if !bytes.Contains(out, []byte("mine")) && !bytes.Contains(out, []byte("model")) {
				t.Errorf("the user's content was lost:\n%q", out)
			}
		})
	}
}
