package cargows

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestReqMatches(t *testing.T) {
	// The cases of corpus/tools/semverreq.py, which derived expected.json.
	tests := []struct {
		req, v string
		want   bool
	}{
		{"1.0", "1.5.2", true}, {"1.0", "2.0.0", false}, {"0.2", "0.2.9", true}, {"0.2", "0.3.0", false},
		{"0.0.3", "0.0.4", false}, {"^0.4.6", "0.4.6", true}, {"~1.2", "1.2.9", true}, {"~1.2", "1.3.0", false},
		{"=1.0.0-rc.2", "1.0.0-rc.2", true}, {">=1.0, <2", "1.9.0", true}, {"*", "3.0.0", true},
		{"0.26.1-dev", "0.26.1-dev", true}, {"1", "1.0.0-alpha", false}, {"<2.0", "1.99.0", true},
		{"<2.0", "2.0.0", false}, {"1.*", "1.4.0", true}, {"1.*", "2.0.0", false}, {">1.2", "1.2.9", false},
		{">1.2", "1.3.0", true}, {"", "0.1.0", true}, {"<= 1.2", "1.2.7", true}, {"=0.3", "0.3.9", true},
	}
	for _, tc := range tests {
		got, err := reqMatches(tc.req, tc.v)
		if err != nil || got != tc.want {
			t.Errorf("reqMatches(%q, %q) = %v, %v; want %v", tc.req, tc.v, got, err, tc.want)
		}
	}
	if _, err := reqMatches(">=abc", "1.0.0"); err == nil {
		t.Errorf("reqMatches(%q) accepted a bad requirement", ">=abc")
	}
}

func TestLowestMatch(t *testing.T) {
	for req, want := range map[string]string{
		"1.2": "1.2.0", "^0.3": "0.3.0", "*": "0.0.0", "": "0.0.0", "~1": "1.0.0", "=1.2.3": "1.2.3",
		">=1.0, <2": "1.0.0", "<2": "0.0.0", ">1.2": "1.3.0", ">1": "2.0.0", ">1.2.3": "1.2.4",
		"1.*": "1.0.0", "0.26.1-dev": "0.26.1-dev", "1.0.0+build.5": "1.0.0",
	} {
		got, err := lowestMatch(req)
		if err != nil || got != want {
			t.Errorf("lowestMatch(%q) = %q, %v; want %q", req, got, err, want)
		}
	}
}

func TestNormalizeTarget(t *testing.T) {
	for in, want := range map[string]string{
		`cfg(any(target_os = "linux",target_os = "freebsd"))`: `cfg(any(target_os = "linux", target_os = "freebsd"))`,
		`cfg(any(windows, target_os="macos"))`:                `cfg(any(windows, target_os = "macos"))`,
		`cfg(all(not(target_arch = "wasm32"),not(unix)))`:     `cfg(all(not(target_arch = "wasm32"), not(unix)))`,
		`cfg( windows )`:         `cfg(windows)`,
		`x86_64-pc-windows-msvc`: `x86_64-pc-windows-msvc`,
	} {
		got, err := normalizeTarget(in)
		if err != nil || got != want {
			t.Errorf("normalizeTarget(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{`cfg(any(unix)`, `cfg(target_os = linux)`, `cfg()`} {
		if got, err := normalizeTarget(bad); err == nil {
			t.Errorf("normalizeTarget(%q) = %q, want an error", bad, got)
		}
	}
}

// writeTree creates files (path → content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(content), 0o644))
	}
}

// TestNoLock: without Cargo.lock every version is the requirement's lowest
// match and marked unresolved, one warning says so, and a path dependency
// outside the workspace takes its own manifest's version. It also covers
// inheritance with optional, renames, dotted target tables in both quote
// styles, git sources, implicit members and discovery from a subdirectory.
func TestNoLock(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"ws/Cargo.toml": `[workspace]
members = ["crates/*"]
exclude = ["crates/skip"]

[workspace.package]
version = "0.4.0"

[workspace.dependencies]
serde = { version = "1.0.200", features = ["derive"] }
http1 = { package = "http", version = "^1" }
tokio = "1.40"
`,
		"ws/crates/app/Cargo.toml": `[package]
name = "app"
version.workspace = true

[dependencies]
serde = { workspace = true, features = ["rc"], optional = true }
http1 = { workspace = true }
http = "0.2"
lib = { path = "../../lib" }
outside = { path = "../../../outside", version = "2" }
gitdep = { git = "https://example.com/gitdep.git", branch = "main" }

[dev-dependencies]
tokio.workspace = true

[target.'cfg(unix)'.dependencies.nix]
version = "0.29"

[target."cfg(windows)".build-dependencies]
winres = "*"
`,
		"ws/crates/app/src/deep/.keep": "",
		"ws/lib/Cargo.toml": `[package]
name = "lib"
version = "0.1.0"

[dependencies]
anyhow = "1"
`,
		"ws/crates/skip/Cargo.toml": "[package]\nname = \"skip\"\n",
		"outside/Cargo.toml":        "[package]\nname = \"outside\"\nversion = \"2.3.4\"\n",
	})
	ws := filepath.Join(dir, "ws")
	res, err := Load(Options{Dir: filepath.Join(ws, "crates", "app", "src", "deep")})
	if err != nil {
		t.Fatal(err)
	}
	wantMembers := []stream.Member{
		{Name: "app", Version: "0.4.0", Manifest: "crates/app/Cargo.toml"},
		{Name: "lib", Version: "0.1.0", Manifest: "lib/Cargo.toml"},
	}
	if diff := cmp.Diff(wantMembers, res.Workspace.Members); diff != "" {
		t.Errorf("members (-want +got):\n%s", diff)
	}
	dep := func(member, name, version, kind, source, req string) stream.Dep {
		return stream.Dep{Kind: "dep", Member: member, Name: name, Version: version, DepKind: kind, Source: source, Req: req, Unresolved: true}
	}
	gitdep := dep("app", "gitdep", "0.0.0", "normal", "git+https://example.com/gitdep.git?branch=main", "*")
	http1 := dep("app", "http", "1.0.0", "normal", CratesIO, "^1")
	http1.Renames = []string{"http1"}
	nix := dep("app", "nix", "0.29.0", "normal", CratesIO, "0.29")
	nix.Targets = []string{"cfg(unix)"}
	outside := stream.Dep{Kind: "dep", Member: "app", Name: "outside", Version: "2.3.4", DepKind: "normal", Req: "2", Path: "../outside"}
	serde := dep("app", "serde", "1.0.200", "normal", CratesIO, "1.0.200")
	serde.Optional = true
	winres := dep("app", "winres", "0.0.0", "build", CratesIO, "*")
	winres.Targets = []string{"cfg(windows)"}
	want := []stream.Dep{
		gitdep,
		dep("app", "http", "0.2.0", "normal", CratesIO, "0.2"),
		http1,
		nix,
		outside,
		serde,
		dep("app", "tokio", "1.40.0", "dev", CratesIO, "1.40"),
		winres,
		dep("lib", "anyhow", "1.0.0", "normal", CratesIO, "1"),
	}
	if diff := cmp.Diff(want, res.Deps); diff != "" {
		t.Errorf("deps (-want +got):\n%s", diff)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Msg, "unresolved") {
		t.Errorf("warnings = %v, want one about unresolved versions", res.Warnings)
	}
	if res.Workspace.Lockfile != "" {
		t.Errorf("lockfile = %q, want none", res.Workspace.Lockfile)
	}
	for _, in := range []string{"ws/Cargo.toml", "ws/crates/app/Cargo.toml", "ws/lib/Cargo.toml", "outside/Cargo.toml"} {
		if p := filepath.Join(dir, in); !slices.Contains(res.Workspace.Inputs, p) {
			t.Errorf("inputs %v lack %s", res.Workspace.Inputs, p)
		}
	}

	// The excluded crate is a workspace of its own; --manifest-path finds
	// the same workspace as the search from a subdirectory.
	skip, err := Load(Options{Dir: filepath.Join(ws, "crates", "skip")})
	if err != nil {
		t.Fatal(err)
	}
	if skip.Workspace.Root != filepath.Join(ws, "crates", "skip") {
		t.Errorf("excluded crate's root = %s", skip.Workspace.Root)
	}
	viaPath, err := Load(Options{ManifestPath: filepath.Join(ws, "lib", "Cargo.toml")})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(res.Deps, viaPath.Deps); diff != "" {
		t.Errorf("--manifest-path lib/Cargo.toml differs (-cwd +manifest-path):\n%s", diff)
	}
}
