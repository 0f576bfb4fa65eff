package cli_test

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cargoagents"
	"github.com/symposium-dev/symposium-go/pkg/cli/symdeps"
	"github.com/symposium-dev/symposium-go/pkg/cli/syminstall"
	"github.com/symposium-dev/symposium-go/pkg/cli/symmatch"
	"github.com/symposium-dev/symposium-go/pkg/cli/symtranslate"
	"github.com/symposium-dev/symposium-go/pkg/hookfast"
)

var update = flag.Bool("update", false, "rewrite testscript files with actual output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"sym-deps":    func() { os.Exit(symdeps.Main(cli.OS(), os.Args[1:])) },
		"sym-match":   func() { os.Exit(symmatch.Main(cli.OS(), os.Args[1:])) },
		"sym-install": func() { os.Exit(syminstall.Main(cli.OS(), os.Args[1:])) },
		"sym-hook": func() {
			os.Exit(hookfast.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, hookfast.Env{Getenv: os.Getenv, Getwd: os.Getwd, Executable: os.Executable}))
		},
		"sym-translate": func() { os.Exit(symtranslate.Main(cli.OS(), os.Args[1:])) },
		"cargo-agents":  func() { os.Exit(cargoagents.Main(cli.OS(), os.Args[1:])) },
		// for the scripts themselves (script_tools_test.go)
		"catglob":  func() { os.Exit(catGlob(os.Args[1:])) },
		"lsdir":    func() { os.Exit(lsDir(os.Args[1:])) },
		"exitcode": func() { os.Exit(exitCode(os.Args[1:])) },
	})
}

func TestScripts(t *testing.T) {
	shared := sharedtest.Dir(t)
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	params := testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *update,
		Setup: func(env *testscript.Env) error {
			return scriptEnv(env, repo, shared)
		},
		Cmds:      customCommands(),
		Condition: scriptCondition,
	}
	if runtime.GOOS == "windows" {
		params.Files = windowsScripts(t, params.Dir)
		params.Dir = ""
	}
	testscript.Run(t, params)
}

// scriptEnv gives a script its own HOME, SYMPOSIUM_HOME and git config
// under $WORK, and keeps it off the network.
func scriptEnv(env *testscript.Env, repo, shared string) error {
	work := env.WorkDir
	// cargo through rustup needs the real toolchain directory, which the
	// script's own HOME would hide (installation tests build a local crate).
	if os.Getenv("RUSTUP_HOME") == "" {
		if h, err := os.UserHomeDir(); err == nil {
			env.Setenv("RUSTUP_HOME", filepath.Join(h, ".rustup"))
		}
	}
	// Go's os.UserHomeDir reads USERPROFILE on Windows, HOME elsewhere;
	// APPDATA is where some agents keep their settings on Windows.
	env.Setenv("HOME", filepath.Join(work, "home"))
	env.Setenv("USERPROFILE", filepath.Join(work, "home"))
	env.Setenv("APPDATA", filepath.Join(work, "home", "AppData", "Roaming"))
	env.Setenv("SYMPOSIUM_HOME", filepath.Join(work, "home", ".symposium"))
	env.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(work, "home", ".gitconfig"))
	env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	env.Setenv("XDG_CONFIG_HOME", "")
	env.Setenv("XDG_CACHE_HOME", "")
	env.Setenv("XDG_STATE_HOME", "")
	// Tests never reach the network: the central source and the
	// crates.io index point at addresses that refuse at once.
	env.Setenv("SYMPOSIUM_RECOMMENDATIONS_URL", "file://"+filepath.Join(work, "no-such-recommendations"))
	env.Setenv("SYMPOSIUM_CRATES_INDEX_URL", "http://127.0.0.1:9/")
	env.Setenv("SHARED", shared)
	env.Setenv("CORPUS", filepath.Join(shared, "corpus"))
	env.Setenv("REPO", repo)
	return os.MkdirAll(filepath.Join(work, "home", ".symposium"), 0o755)
}
