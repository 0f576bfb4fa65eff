package symhook_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHotPathDeps keeps what runs on every agent tool call small and quick
// to start: the manifest, version, query and skill parsers belong to sync's
// stages (and to sym-match, which runs `cargo agents plugin`), never to
// sym-hook or cargo-agents, nor to the pipeline they use for auto-sync; the
// file editors belong to sym-install (which runs `cargo agents init`),
// never to sym-hook or cargo-agents.
func TestHotPathDeps(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		// Under Wine (make test-windows) the test binary has no Go
		// toolchain to ask; the Linux run checks the same graph.
		t.Skip("go is not on PATH, so go list -deps cannot run here")
	}
	heavy := []string{
		"github.com/Masterminds/semver",
		"github.com/adrg/frontmatter",
		"github.com/itchyny/gojq",
		"gopkg.in/yaml.v2",
		"net/http",
		"github.com/symposium-dev/symposium-go/pkg/plugin",
		"github.com/symposium-dev/symposium-go/pkg/cratepred",
		"github.com/symposium-dev/symposium-go/pkg/semver",
		"github.com/symposium-dev/symposium-go/pkg/skill",
		"github.com/symposium-dev/symposium-go/pkg/cratesindex",
		// self-update downloads: sym-install runs it, never the hook.
		"github.com/symposium-dev/symposium-go/pkg/selfupdate",
	}
	// Answering a hook edits no file: the editors and the YAML and JSONC
	// libraries they use belong to sync and init (pkg/agentfiles).
	editing := []string{
		"github.com/symposium-dev/symposium-go/pkg/fileedit",
		"github.com/symposium-dev/symposium-go/pkg/agentfiles",
		"github.com/goccy/go-yaml",
		"go.yaml.in/yaml/v3",
		"github.com/tailscale/hujson",
		"github.com/rogpeppe/go-internal/lockedfile",
	}
	writing := []string{
		"github.com/symposium-dev/symposium-go/pkg/atomicfile",
		"github.com/google/renameio",
	}
	tests := []struct {
		pkg       string
		forbidden []string
	}{
		// ... and writes no file either: the sync state is stored by sync
		// (pkg/syncstate/write), the hook only reads it.
		{"./cmd/sym-hook", append(append(append(heavy, editing...), writing...), "github.com/symposium-dev/symposium-go/pkg/cargows")},
		{"./pkg/dispatch", append(append(heavy, editing...), writing...)},
		// Each package a binary links adds start-up work (its init, page
		// faults in a bigger binary) to every hook call. crypto links the
		// FIPS 140 module (AES-GCM, SHA-3, a DRBG, their inits) for a few
		// path hashes: pkg/sha256 does those.
		{"./cmd/cargo-agents", append(append(heavy, editing...), "crypto")},
		{"./cmd/sym-hook", []string{"crypto"}},
		// sym-hook is the lean hook (pkg/hookfast): it answers the call
		// with nothing to run without decoding JSON, reading TOML or
		// compiling a matcher, and starts the full hook (cargo-agents)
		// for the others; what it does not link it does not pay for at
		// every start.
		{"./cmd/sym-hook", []string{"encoding/json", "github.com/pelletier/go-toml", "regexp", "os/exec", "context",
			"github.com/symposium-dev/symposium-go/pkg/agent", "github.com/symposium-dev/symposium-go/pkg/cli",
			"github.com/symposium-dev/symposium-go/pkg/dispatch", "github.com/symposium-dev/symposium-go/pkg/config"}},
		// The pipeline (auto-sync's caller) runs the stages as processes:
		// it links neither their parsers nor the editors (pkg/agent itself
		// is light: it edits through agent.Files).
		{"./pkg/pipeline", append(append(heavy, editing...),
			"github.com/symposium-dev/symposium-go/pkg/cargows",
			"github.com/symposium-dev/symposium-go/pkg/install",
			// below the CLIs: the version is passed in (Options.Version)
			"github.com/symposium-dev/symposium-go/pkg/cli")},
		// What every binary links (the edge: streams, exit codes, global
		// options, the environment) stays small: sym-deps reads no config.
		{"./pkg/cli", append(append(heavy, editing...),
			"github.com/symposium-dev/symposium-go/pkg/config",
			"github.com/pelletier/go-toml")},
	}
	for _, tc := range tests {
		t.Run(tc.pkg, func(t *testing.T) {
			cmd := exec.Command("go", "list", "-deps", tc.pkg)
			cmd.Dir = filepath.Join("..", "..", "..")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("go list -deps %s: %v", tc.pkg, err)
			}
			for _, dep := range strings.Fields(string(out)) {
				for _, f := range tc.forbidden {
					if dep == f || strings.HasPrefix(dep, f+"/") {
						t.Errorf("%s links %s", tc.pkg, dep)
					}
				}
			}
		})
	}
}

// TestHotPathInit keeps the package initialisation of the hook's own
// packages free: every hook call runs it before reading the payload, so a
// table or a text built at init (a usage message, a lookup map) is paid on
// every agent tool call. It runs this test binary again with
// GODEBUG=inittrace=1, which links the same packages, and reads the
// allocations each one's init made.
func TestHotPathInit(t *testing.T) {
	if os.Getenv("SYM_INITTRACE_CHILD") != "" {
		return
	}
	if runtime.GOOS == "windows" {
		// The same init code runs everywhere; the Linux run checks it.
		t.Skip("not re-running the test binary under Wine")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHotPathInit$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "SYM_INITTRACE_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", os.Args[0], err, out)
	}
	// Every package of ours that the hook links: what they hold (the
	// agents, the stream kinds, the config's names) is static data or
	// built when first needed, never at every process start.
	const mod = "github.com/symposium-dev/symposium-go/"
	seen := 0
	for _, line := range strings.Split(string(out), "\n") {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(line)
		if len(f) < 11 || f[0] != "init" {
			continue
		}
		seen++
		if strings.HasPrefix(f[1], mod) && f[9] != "0" {
			t.Errorf("%s's package init makes %s allocations (%s bytes): build it when it is first needed", f[1], f[9], f[7])
		}
	}
	if seen == 0 {
		t.Fatalf("no inittrace lines in the output of %s:\n%s", os.Args[0], out)
	}
}
