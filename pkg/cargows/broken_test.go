package cargows

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestBroken checks that every broken Cargo input in corpus/broken names the
// file and line its FAULT.txt names.
func TestBroken(t *testing.T) {
	tests := []struct {
		dir      string
		file     string // relative to the case
		line     int
		contains string
	}{
		{"cargo-toml-syntax-error", "Cargo.toml", 7, "inline table for serde is not closed"},
		{"cargo-lock-truncated", "Cargo.lock", 15, "unterminated"},
		{"cargo-workspace-missing-member", "Cargo.toml", 3, `workspace member "crates/ghost" has no Cargo.toml`},
		{"cargo-inherit-missing-workspace-dep", "crates/cli/Cargo.toml", 8, `no [workspace.dependencies] entry "anyhow"`},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			dir := filepath.Join(sharedtest.Dir(t, "corpus"), "broken", tc.dir)
			fault, err := os.ReadFile(filepath.Join(dir, "FAULT.txt"))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("FAULT.txt: %s", fault)
			_, err = Load(Options{Dir: dir})
			var pe *PosError
			if !errors.As(err, &pe) {
				t.Fatalf("Load(%s) = %v, want a positioned error", tc.dir, err)
			}
			want := filepath.Join(dir, tc.file)
			if pe.File != want || pe.Line != tc.line || !strings.Contains(pe.Msg, tc.contains) {
				t.Errorf("Load(%s) error = %q\nwant file %s, line %d, message containing %q", tc.dir, err, want, tc.line, tc.contains)
			}
			if !strings.HasPrefix(err.Error(), want+":"+strconv.Itoa(tc.line)+":") {
				t.Errorf("error %q does not start with path:line:", err)
			}
		})
	}
}

// TestDanglingLockDependency: the lock lists itoa for the member but has no
// [[package]] for it, so itoa is unresolved, with a warning at Cargo.lock:16,
// while anyhow still resolves.
func TestDanglingLockDependency(t *testing.T) {
	dir := filepath.Join(sharedtest.Dir(t, "corpus"), "broken", "cargo-lock-dangling-dependency")
	res, err := Load(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := []stream.Dep{
		{Kind: "dep", Name: "anyhow", Version: "1.0.104", DepKind: "normal", Member: "dangling-lock", Source: CratesIO, Req: "1",
			Checksum: "330a5ed07fa54e4702c9d6c4174f74427fc0ef6e214bbd677ae50a5099946470"},
		{Kind: "dep", Name: "itoa", Version: "1.0.0", DepKind: "normal", Member: "dangling-lock", Source: CratesIO, Req: "1", Unresolved: true},
	}
	if diff := cmp.Diff(want, res.Deps); diff != "" {
		t.Errorf("deps (-want +got):\n%s", diff)
	}
	if len(res.Warnings) != 1 {
		t.Fatalf("warnings = %v, want one", res.Warnings)
	}
	w := res.Warnings[0]
	if w.File != filepath.Join(dir, "Cargo.lock") || w.Line != 16 || !strings.Contains(w.Msg, "itoa") {
		t.Errorf("warning = %s, want Cargo.lock:16 naming itoa", w)
	}
}
