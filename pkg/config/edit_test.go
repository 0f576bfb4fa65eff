package config

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEditAgents(t *testing.T) {
	tests := []struct {
		name, in    string
		add, remove []string
		want        string
	}{
		{"empty file", "", []string{"claude", "codex"}, nil,
			"[[agent]]\nname = \"claude\"\n\n[[agent]]\nname = \"codex\"\n"},
		{"keeps comments and other settings", "# my config\nauto-sync = false # manual\n\n[[agent]]\nname = \"claude\"\n\n[logging]\nlevel = \"debug\"\n",
			[]string{"gemini"}, nil,
			"# my config\nauto-sync = false # manual\n\n[[agent]]\nname = \"claude\"\n\n[[agent]]\nname = \"gemini\"\n\n[logging]\nlevel = \"debug\"\n"},
		{"remove keeps the rest", "auto-sync = true\n\n[[agent]]\nname = \"claude\"\n\n[[agent]]\nname = \"gemini\"\n\n# sources\n[[plugin-source]]\nname = \"x\"\npath = \"p\"\n",
			nil, []string{"claude"},
			"auto-sync = true\n\n[[agent]]\nname = \"gemini\"\n\n# sources\n[[plugin-source]]\nname = \"x\"\npath = \"p\"\n"},
		{"add existing is a no-op", "[[agent]]\nname = \"claude\"\n", []string{"claude"}, nil, "[[agent]]\nname = \"claude\"\n"},
		{"remove last agent", "hook-scope = \"project\"\n\n[[agent]]\nname = \"claude\"\n", nil, []string{"claude"}, "hook-scope = \"project\"\n"},
		{"single quotes and inline comment", "[[agent]]\nname = 'claude' # main\n\n[[agent]]\nname = \"kiro\"  # sometimes\n", nil, []string{"claude", "kiro"}, ""},
		{"comment above the next table stays with it", "[[agent]]\nname = \"claude\"\n# the sources I trust\n[[plugin-source]]\nname = \"x\"\npath = \"p\"\n",
			nil, []string{"claude"}, "# the sources I trust\n[[plugin-source]]\nname = \"x\"\npath = \"p\"\n"},
		{"add and remove at once", "[[agent]]\nname = \"claude\"\n", []string{"codex"}, []string{"claude"}, "[[agent]]\nname = \"codex\"\n"},
		{"crlf kept", "auto-sync = true\r\n\r\n[[agent]]\r\nname = \"claude\"\r\n", []string{"goose"}, nil,
			"auto-sync = true\r\n\r\n[[agent]]\r\nname = \"claude\"\r\n\r\n[[agent]]\r\nname = \"goose\"\r\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := EditAgents("config.toml", []byte(tc.in), tc.add, tc.remove)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("EditAgents (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetHookScope(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", "hook-scope = \"project\"\n"},
		{"replace", "# c\nhook-scope = \"global\"\nauto-sync = true\n", "# c\nhook-scope = \"project\"\nauto-sync = true\n"},
		{"insert after top-level keys", "auto-sync = true\n\n[[agent]]\nname = \"claude\"\n", "auto-sync = true\nhook-scope = \"project\"\n\n[[agent]]\nname = \"claude\"\n"},
		{"insert before first table", "[[agent]]\nname = \"claude\"\n", "hook-scope = \"project\"\n\n[[agent]]\nname = \"claude\"\n"},
		{"unchanged", "hook-scope = \"project\"\n", "hook-scope = \"project\"\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SetHookScope("config.toml", []byte(tc.in), "project")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("SetHookScope (-want +got):\n%s", diff)
			}
		})
	}
}
