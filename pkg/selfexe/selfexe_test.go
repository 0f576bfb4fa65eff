package selfexe

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// exe is the executables' suffix here: on Windows one is found by its
// .exe name, elsewhere by its mode.
var exe = map[bool]string{true: ".exe"}[runtime.GOOS == "windows"]

// binDirs makes dirs under a temp root, each holding an executable of
// each name, and returns the root.
func binDirs(t *testing.T, dirs map[string][]string) string {
	t.Helper()
	root := t.TempDir()
	for dir, names := range dirs {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if err := os.WriteFile(filepath.Join(root, dir, n+exe), []byte("#!/bin/sh\n"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

// TestHookCommand: agents run the sym-hook installed beside us, by name
// when the one on PATH is that one, else by its absolute path; with none
// beside us, by name.
func TestHookCommand(t *testing.T) {
	root := binDirs(t, map[string][]string{"ours": {"sym-hook"}, "other": {"sym-hook"}, "lonely": nil})
	ours, other, lonely := filepath.Join(root, "ours"), filepath.Join(root, "other"), filepath.Join(root, "lonely")
	for _, tc := range []struct {
		name, self, path, want string
	}{
		{"ours first on PATH", filepath.Join(ours, "sym-install"+exe), ours, "sym-hook"},
		{"another first on PATH", filepath.Join(ours, "sym-install"+exe), other + string(os.PathListSeparator) + ours, filepath.Join(ours, "sym-hook"+exe)},
		{"none on PATH", filepath.Join(ours, "cargo-agents"+exe), lonely, filepath.Join(ours, "sym-hook"+exe)},
		{"none beside us", filepath.Join(lonely, "cargo-agents"+exe), other, "sym-hook"},
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

// TestFind: a stage binary beside us wins over one on PATH (the six
// binaries are installed together, and another version may come first on
// PATH); PATH is the fallback.
func TestFind(t *testing.T) {
	root := binDirs(t, map[string][]string{"ours": {"cargo-agents", "sym-match"}, "other": {"sym-match"}, "lonely": {"cargo-agents"}})
	ours, other, lonely := filepath.Join(root, "ours"), filepath.Join(root, "other"), filepath.Join(root, "lonely")
	for _, tc := range []struct {
		name, self, path, want string
	}{
		{"beside us, another on PATH", filepath.Join(ours, "cargo-agents"+exe), other, filepath.Join(ours, "sym-match"+exe)},
		{"beside us, none on PATH", filepath.Join(ours, "cargo-agents"+exe), lonely, filepath.Join(ours, "sym-match"+exe)},
		{"only on PATH", filepath.Join(lonely, "cargo-agents"+exe), other, filepath.Join(other, "sym-match"+exe)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PATH", tc.path)
			got, err := Find(tc.self, "sym-match")
			if err != nil || got != tc.want {
				t.Errorf("Find(%q) with PATH=%s = %q, %v; want %q", tc.self, tc.path, got, err, tc.want)
			}
		})
	}
	t.Setenv("PATH", lonely)
	if got, err := Find(filepath.Join(lonely, "cargo-agents"+exe), "sym-match"); err == nil {
		t.Errorf("Find with sym-match nowhere = %q, want an error", got)
	}
}
