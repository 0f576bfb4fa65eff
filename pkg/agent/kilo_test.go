package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestKiloPluginList: in a project the Kilo shim is named in kilo.json's
// "plugin" list (a .kilo/ plugin directory stalls Kilo offline); moving to
// global scope, or uninstalling, takes exactly our element out again.
func TestKiloPluginList(t *testing.T) {
	for _, tc := range []struct {
		name, file, before string
		wantListed         string // the file after registering in project scope
		wantAfter          string // after moving to global scope ("" = file removed)
	}{
		{
			name: "no config yet", file: "kilo.json",
			wantListed: `"plugin": ["./.kilo-plugins/symposium.js"]`,
		},
		{
			name: "the user's plugins and comments stay", file: "kilo.json",
			before:     "{\n  // mine\n  \"plugin\": [\"my-plugin\"]\n}\n",
			wantListed: `"plugin": ["my-plugin", "./.kilo-plugins/symposium.js"]`,
			wantAfter:  "{\n  // mine\n  \"plugin\": [\"my-plugin\"]\n}\n",
		},
		{
			name: "kilo.jsonc is edited in place", file: "kilo.jsonc",
			before:     "{\n  \"model\": \"m\" // mine\n}\n",
			wantListed: `"plugin": ["./.kilo-plugins/symposium.js"]`,
			wantAfter:  "{\n  \"model\": \"m\" // mine\n}\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws, home := gateDirs(t, nil)
			p := filepath.Join(ws, tc.file)
			if tc.before != "" {
				if err := os.WriteFile(p, []byte(tc.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			target := Target{Workspace: ws, Home: home, Scope: ScopeProject, Command: "sym-hook"}
			if _, err := kilo.RegisterHooks(realFiles(), target); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(p)
			if !strings.Contains(strings.Join(strings.Fields(string(got)), ""), strings.ReplaceAll(tc.wantListed, " ", "")) {
				t.Errorf("after project registration %s:\n%s\nwant it to contain %s", tc.file, got, tc.wantListed)
			}
			if _, err := os.Stat(filepath.Join(ws, ".kilo-plugins", "symposium.js")); err != nil {
				t.Errorf("shim not written: %v", err)
			}
			if _, err := os.Stat(filepath.Join(ws, ".kilo")); err == nil {
				t.Errorf(".kilo/ created: Kilo would npm-install into it")
			}
			target.Scope = ScopeGlobal
			if _, err := kilo.RegisterHooks(realFiles(), target); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(p)
			if tc.wantAfter == "" {
				if err == nil {
					t.Errorf("%s left behind:\n%s", tc.file, got)
				}
			} else if string(got) != tc.wantAfter {
				t.Errorf("after moving to global scope %s:\n%s\nwant:\n%s", tc.file, got, tc.wantAfter)
			}
			if _, err := os.Stat(filepath.Join(home, ".config", "kilo", "plugins", "symposium.js")); err != nil {
				t.Errorf("global shim not written: %v", err)
			}
		})
	}
}

// TestKiloShim: the shim Kilo loads is OpenCode's, calling `sym-hook kilo EVENT`.
func TestKiloShim(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the shim's behaviour is checked with node")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-sym-hook")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\ncat >/dev/null\nprintf '{\"decision\":\"deny\",\"reason\":\"asked as %s\"}' \"$*\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	shim := renderKiloShim(Target{Command: fake, Timeout: 5})
	if !strings.HasPrefix(string(shim), kiloShimMarker) {
		t.Errorf("shim does not start with %q", kiloShimMarker)
	}
	if err := os.WriteFile(filepath.Join(dir, "shim.mjs"), shim, 0o644); err != nil {
		t.Fatal(err)
	}
	driver := `import { Symposium } from "./shim.mjs";
const h = await Symposium({ directory: process.cwd(), worktree: process.cwd() });
try { await h["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, { args: { command: "x" } }); console.log("ran"); }
catch (e) { console.log("blocked: " + e.message); }
`
	if err := os.WriteFile(filepath.Join(dir, "driver.mjs"), []byte(driver), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "driver.mjs")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != "blocked: asked as kilo pre-tool-use" {
		t.Errorf("got %q", got)
	}
}
