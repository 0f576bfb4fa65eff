package selfexe

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestHookCommand: agents run the sym-hook installed beside us, by name
// when the one on PATH is that one, else by its absolute path; with none
// beside us, by name.
func TestHookCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("an executable there is found by its .exe name, not its mode")
	}
	root := t.TempDir()
	ours := filepath.Join(root, "ours")
	other := filepath.Join(root, "other")
	lonely := filepath.Join(root, "lonely")
	for _, dir := range []string{ours, other, lonely} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{filepath.Join(ours, "sym-hook"), filepath.Join(other, "sym-hook")} {
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, self, path, want string
	}{
		{"ours first on PATH", filepath.Join(ours, "sym-install"), ours, "sym-hook"},
		{"another first on PATH", filepath.Join(ours, "sym-install"), other + string(os.PathListSeparator) + ours, filepath.Join(ours, "sym-hook")},
		{"none on PATH", filepath.Join(ours, "cargo-agents"), lonely, filepath.Join(ours, "sym-hook")},
		{"none beside us", filepath.Join(lonely, "cargo-agents"), other, "sym-hook"},
		{"self unknown", "", other, "sym-hook"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PATH", tc.path)
			if got := HookCommand(tc.self); got != tc.want {
				t.Errorf("HookCommand(%q) with PATH=%s = %q, want %q", tc.self, tc.path, got, tc.want)
			}
		})
	}
}
