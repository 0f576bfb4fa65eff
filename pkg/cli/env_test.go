package cli_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/agent"
)

// envReads are the os functions that read the process's environment or
// where it runs from. Only pkg/cli (the edge) calls them; library packages
// get the values as fields and parameters. os.Environ, which hands the
// environment on to a child process unread, is not one of them.
var envReads = map[string]bool{
	"Getenv": true, "LookupEnv": true, "Executable": true,
	"UserHomeDir": true, "UserCacheDir": true, "UserConfigDir": true,
}

// systemLookups are the library files allowed to read the environment, and
// why: like exec.LookPath reading PATH, they find a system program where
// the system installs it, which no caller has a better answer for.
var systemLookups = map[string]string{
	"proc/proc_windows.go": "Git for Windows' sh.exe under %ProgramFiles% or %LOCALAPPDATA% (and Claude Code's CLAUDE_CODE_GIT_BASH_PATH)",
}

// TestLibrariesReadNoEnvironment: no package under pkg/ but pkg/cli reads
// an environment variable, the home directory or the executable's path.
func TestLibrariesReadNoEnvironment(t *testing.T) {
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path == filepath.Join("..", "cli") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, ".."+string(filepath.Separator)))
		if systemLookups[rel] != "" {
			return nil
		}
		for _, pos := range osCalls(t, path) {
			t.Errorf("pkg/%s:%d: %s: a library reads the environment; read it in pkg/cli and pass the value down", rel, pos.Line, pos.what)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

type envCall struct {
	Line int
	what string
}

// osCalls finds the calls of envReads in one file, by the name it imports
// "os" as.
func osCalls(t *testing.T, path string) []envCall {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	osName := ""
	for _, imp := range f.Imports {
		if imp.Path.Value == `"os"` {
			osName = "os"
			if imp.Name != nil {
				osName = imp.Name.Name
			}
		}
	}
	if osName == "" {
		return nil
	}
	var calls []envCall
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == osName && envReads[sel.Sel.Name] {
			calls = append(calls, envCall{fset.Position(sel.Pos()).Line, "os." + sel.Sel.Name})
		}
		return true
	})
	return calls
}

// TestDemoUnsetsAgentVars: make demo promises to leave the user's files
// alone, so it unsets (or points into its temporary home) every variable
// that moves an agent's files (agent.HostVars), as it moves HOME.
func TestDemoUnsetsAgentVars(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "scripts", "demo.sh"))
	if err != nil {
		t.Fatal(err)
	}
	handled := map[string]bool{}
	for _, line := range strings.Split(strings.ReplaceAll(string(src), "\\\n", " "), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 1 && f[0] == "unset":
			for _, v := range f[1:] {
				handled[v] = true
			}
		case len(f) > 1 && f[0] == "export":
			for _, v := range f[1:] {
				if name, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(val, `"$TMP/`) {
					handled[name] = true
				}
			}
		}
	}
	for _, v := range agent.HostVars() {
		if !handled[v] {
			t.Errorf("scripts/demo.sh neither unsets %s nor points it under $TMP", v)
		}
	}
}
