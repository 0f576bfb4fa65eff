package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDroidHooksJSONErrors: a user's hooks.json we cannot edit is named in
// the error, with what is wrong, and left as it was.
func TestDroidHooksJSONErrors(t *testing.T) {
	tests := []struct {
		name, hooksJSON string
		want            []string // substrings of the error
	}{
		{name: "not JSON", hooksJSON: "{\n  \"PreToolUse\": [\n}\n", want: []string{"hooks.json:3"}},
		{name: "not an object", hooksJSON: "[]\n", want: []string{"hooks.json", "not a JSON object of hook events"}},
		{name: "an event that is not an array", hooksJSON: `{"PreToolUse": {"matcher": "*"}}`, want: []string{"hooks.json", "PreToolUse"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			p := filepath.Join(ws, ".factory", "hooks.json")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(tc.hooksJSON), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := droid.RegisterHooks(realFiles(), Target{Workspace: ws, Home: t.TempDir(), Scope: ScopeProject})
			if err == nil {
				t.Fatal("RegisterHooks: no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if b, _ := os.ReadFile(p); string(b) != tc.hooksJSON {
				t.Errorf("hooks.json changed to %q", b)
			}
		})
	}
}

// TestDroidUnregisterOddHooksJSON: uninstall takes ours out of
// settings.json even when the hooks.json beside it is not an event map
// (it holds none of ours), and leaves that file alone.
func TestDroidUnregisterOddHooksJSON(t *testing.T) {
	ws := t.TempDir()
	dir := filepath.Join(ws, ".factory")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tg := Target{Workspace: ws, Home: t.TempDir(), Scope: ScopeProject}
	if _, err := droid.RegisterHooks(realFiles(), tg); err != nil {
		t.Fatal(err)
	}
	odd := filepath.Join(dir, "hooks.json")
	if err := os.WriteFile(odd, []byte("[]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := droid.UnregisterHooks(realFiles(), tg); err != nil {
		t.Fatalf("UnregisterHooks: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "settings.json")); !os.IsNotExist(err) {
		t.Errorf("settings.json, which held only ours, is still there (%v)", err)
	}
	if b, _ := os.ReadFile(odd); string(b) != "[]\n" {
		t.Errorf("hooks.json changed to %q", b)
	}
}
