package config

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/agent"
)

func TestResolveDirs(t *testing.T) {
	p := filepath.FromSlash // the paths as this system spells them
	tests := []struct {
		name string
		env  map[string]string
		want Dirs
	}{
		{"default", nil, Dirs{Config: p("/h/.symposium"), Cache: p("/h/.symposium/cache"), Logs: p("/h/.symposium/logs"), Home: p("/h")}},
		{"xdg", map[string]string{"XDG_CONFIG_HOME": p("/x/c"), "XDG_CACHE_HOME": p("/x/k"), "XDG_STATE_HOME": p("/x/s")},
			Dirs{Config: p("/x/c/symposium"), Cache: p("/x/k/symposium"), Logs: p("/x/s/symposium/logs"), Home: p("/h"),
				// OpenCode's and Kilo's directories follow XDG_CONFIG_HOME too
				Agents: agent.Host{Env: map[string]string{"XDG_CONFIG_HOME": p("/x/c")}}}},
		{"symposium home wins over xdg", map[string]string{"SYMPOSIUM_HOME": p("/s"), "XDG_CONFIG_HOME": p("/x/c")},
			Dirs{Config: p("/s"), Cache: p("/s/cache"), Logs: p("/s/logs"), Home: p("/h"), Agents: agent.Host{Env: map[string]string{"XDG_CONFIG_HOME": p("/x/c")}}}},
		{"agent directories", map[string]string{"CODEX_HOME": p("/c"), "APPDATA": p("/a")},
			Dirs{Config: p("/h/.symposium"), Cache: p("/h/.symposium/cache"), Logs: p("/h/.symposium/logs"), Home: p("/h"), Agents: agent.Host{Env: map[string]string{"CODEX_HOME": p("/c"), "APPDATA": p("/a")}}}},
		{"agent directories with SYMPOSIUM_HOME", map[string]string{"SYMPOSIUM_HOME": p("/s"), "CODEX_HOME": p("/c")},
			Dirs{Config: p("/s"), Cache: p("/s/cache"), Logs: p("/s/logs"), Home: p("/h"), Agents: agent.Host{Env: map[string]string{"CODEX_HOME": p("/c")}}}},
		{"every agent's variable", map[string]string{"CLAUDE_CONFIG_DIR": p("/cc"), "COPILOT_HOME": p("/co"), "GEMINI_CLI_HOME": p("/g"), "QWEN_HOME": p("/q"),
			"PI_CODING_AGENT_DIR": p("/pi"), "CLINE_DIR": p("/cl"), "CLINE_DATA_DIR": p("/cd"), "CLINE_MCP_SETTINGS_PATH": p("/cm.json"), "UNRELATED": "x"},
			Dirs{Config: p("/h/.symposium"), Cache: p("/h/.symposium/cache"), Logs: p("/h/.symposium/logs"), Home: p("/h"), Agents: agent.Host{Env: map[string]string{
				"CLAUDE_CONFIG_DIR": p("/cc"), "COPILOT_HOME": p("/co"), "GEMINI_CLI_HOME": p("/g"), "QWEN_HOME": p("/q"),
				"PI_CODING_AGENT_DIR": p("/pi"), "CLINE_DIR": p("/cl"), "CLINE_DATA_DIR": p("/cd"), "CLINE_MCP_SETTINGS_PATH": p("/cm.json")}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ResolveDirs(func(k string) string { return tc.env[k] }, p("/h"))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("resolveDirs (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseFullExample(t *testing.T) {
	src := `auto-sync = false
hook-scope = "project"

[[agent]]
name = "claude"

[[agent]]
name = "gemini"

[logging]
level = "debug"

[defaults]
symposium-recommendations = false
user-plugins = true

[[plugin-source]]
name = "my-org"
git = "https://github.com/my-org/symposium-plugins"

[[plugin-source]]
name = "local-dev"
path = "my-plugins"
auto-update = false
`
	c, warnings, err := Parse("config.toml", []byte(src))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Parse: %v %v", err, warnings)
	}
	want := &Config{
		AutoSync: false, AgentsSyncing: true, AutoUpdateInterval: DefaultAutoUpdateInterval, HookScope: "project", SelfUpdate: "on", Agents: []string{"claude", "gemini"}, LogLevel: "debug",
		Defaults: Defaults{SymposiumRecommendations: false, UserPlugins: true},
		Sources: []PluginSource{
			{Name: "my-org", Git: "https://github.com/my-org/symposium-plugins", AutoUpdate: true, Line: 17},
			{Name: "local-dev", Path: "my-plugins", AutoUpdate: false, Line: 21},
		},
		Path: "config.toml", Exists: true,
	}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("Parse (-want +got):\n%s", diff)
	}
	if got, want := c.Sources[1].ResolvedPath(Dirs{Config: filepath.FromSlash("/s")}), filepath.FromSlash("/s/my-plugins"); got != want {
		t.Errorf("ResolvedPath = %q", got)
	}
}

func TestParseErrorsAndWarnings(t *testing.T) {
	tests := []struct {
		name, src, wantErr, wantWarn string
	}{
		{"unknown key warns", "auto-sync = true\ncolour = \"red\"\n", "", "config.toml:2:1: unknown key \"colour\""},
		{"type error has line", "auto-sync = true\nhook-scope = 3\n", "config.toml:2:", ""},
		{"bad scope", "hook-scope = \"everywhere\"\n", "config.toml:1: hook-scope", ""},
		{"bad agent", "[[agent]]\nname = \"vim\"\n", "config.toml:1: unknown agent \"vim\"", ""},
		{"source needs one of git/path", "[[plugin-source]]\nname = \"x\"\n", "exactly one of git or path", ""},
		{"registry needs one of git/path", "[[registry]]\nname = \"x\"\n", "config.toml:1: [[registry]] \"x\" must set exactly one of git or path", ""},
		{"registry and plugin-source share names", "[[plugin-source]]\nname = \"x\"\npath = \"a\"\n[[registry]]\nname = \"x\"\npath = \"b\"\n", "config.toml:4: [[registry]] name \"x\" is used twice", ""},
		{"syntax error", "auto-sync = \n", "config.toml:1:", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, warnings, err := Parse("config.toml", []byte(tc.src))
			if tc.wantErr == "" && err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("error = %v, want it to contain %q", err, tc.wantErr)
			}
			if tc.wantWarn != "" && (len(warnings) != 1 || !strings.Contains(warnings[0].String(), tc.wantWarn)) {
				t.Fatalf("warnings = %q, want %q", warnings, tc.wantWarn)
			}
		})
	}
}

// TestRegistryAlias: upstream's [[registry]] is [[plugin-source]]; both
// spellings mix, in file order.
func TestRegistryAlias(t *testing.T) {
	src := "[[registry]]\nname = \"my-org\"\ngit = \"https://example.com/p\"\n\n[[plugin-source]]\nname = \"old\"\npath = \"p\"\n\n[[registry]]\nname = \"local-dev\"\npath = \"my-plugins\"\nauto-update = false\n"
	c, warnings, err := Parse("config.toml", []byte(src))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Parse: %v %v", err, warnings)
	}
	want := []PluginSource{
		{Name: "my-org", Git: "https://example.com/p", AutoUpdate: true, Line: 1},
		{Name: "old", Path: "p", AutoUpdate: true, Line: 5},
		{Name: "local-dev", Path: "my-plugins", AutoUpdate: false, Line: 9},
	}
	if diff := cmp.Diff(want, c.Sources); diff != "" {
		t.Errorf("sources (-want +got):\n%s", diff)
	}
}

func TestLoadMissingFileGivesDefaults(t *testing.T) {
	d := Dirs{Config: t.TempDir()}
	c, _, err := Load(d)
	if err != nil || !c.AutoSync || c.HookScope != ScopeGlobal || !c.Defaults.SymposiumRecommendations || c.Exists {
		t.Fatalf("Load = %+v, %v", c, err)
	}
	os.WriteFile(filepath.Join(d.Config, "config.toml"), []byte("[[agent]]\nname = \"claude\"\n"), 0o644)
	c, _, err = Load(d)
	if err != nil || !c.HasAgent("claude") {
		t.Fatalf("Load = %+v, %v", c, err)
	}
}

// TestUpstreamInitKeys: the keys upstream's init writes are understood,
// not warned about: top-level auto-update (self-update of the binary,
// "on", "warn" or "off"; kept, though this version has no self-update yet)
// and [telemetry] enabled (kept; this version records and sends nothing).
// A bad auto-update value is a warning naming file:line, not a failure:
// nothing here depends on it.
func TestUpstreamInitKeys(t *testing.T) {
	tests := []struct {
		src        string
		selfUpdate string
		telemetry  bool
		warn       string
	}{
		{"", "on", false, ""},
		{"auto-update = \"warn\"\n", "warn", false, ""},
		{"auto-update = \"off\"\n[telemetry]\nenabled = true\n", "off", true, ""},
		{"[telemetry]\nenabled = false\n", "on", false, ""},
		{"auto-sync = true\nauto-update = \"sometimes\"\n", "on", false, "config.toml:2: auto-update = \"sometimes\": must be \"on\", \"warn\" or \"off\" (using \"on\")"},
		{"auto-update = false\n", "on", false, "config.toml:1: auto-update = false: must be \"on\", \"warn\" or \"off\" (using \"on\")"},
		// a per-source auto-update stays the source's bool
		{"auto-update = \"off\"\n[[registry]]\nname = \"x\"\npath = \"p\"\nauto-update = false\n", "off", false, ""},
	}
	for _, tc := range tests {
		c, warnings, err := Parse("config.toml", []byte(tc.src))
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if c.SelfUpdate != tc.selfUpdate || c.Telemetry != tc.telemetry {
			t.Errorf("%q: SelfUpdate %q Telemetry %v, want %q %v", tc.src, c.SelfUpdate, c.Telemetry, tc.selfUpdate, tc.telemetry)
		}
		var texts []string
		for _, w := range warnings {
			texts = append(texts, w.String())
		}
		if got := strings.Join(texts, "\n"); got != tc.warn {
			t.Errorf("%q: warnings %q, want %q", tc.src, got, tc.warn)
		}
	}
}

// TestResolvedPathHome: a local source's leading "~" and separator is the
// home, with the system's separator too ("~\plugins" on Windows, where
// it is a path like any other); elsewhere the path is the config
// directory's.
func TestResolvedPathHome(t *testing.T) {
	d := Dirs{Config: filepath.Join(t.TempDir(), "config"), Home: filepath.Join(t.TempDir(), "home")}
	tests := []struct {
		path string
		want string
	}{
		{"~/plugins", filepath.Join(d.Home, "plugins")},
		{"~/a/b", filepath.Join(d.Home, "a", "b")},
		{"plugins", filepath.Join(d.Config, "plugins")},
		{"~plugins", filepath.Join(d.Config, "~plugins")},
		{d.Home, d.Home},
	}
	if runtime.GOOS == "windows" {
		tests = append(tests, struct{ path, want string }{`~\plugins`, filepath.Join(d.Home, "plugins")})
	} else {
		tests = append(tests, struct{ path, want string }{`~\plugins`, filepath.Join(d.Config, `~\plugins`)})
	}
	for _, tt := range tests {
		if got := (PluginSource{Path: tt.path}).ResolvedPath(d); got != tt.want {
			t.Errorf("ResolvedPath(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}
