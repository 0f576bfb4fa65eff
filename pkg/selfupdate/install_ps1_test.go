package selfupdate_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// No PowerShell runs here (Debian has none), so install.ps1 is checked
// against a real PowerShell grammar instead: npm's tree-sitter-powershell,
// whose .wasm web-tree-sitter runs in node (no native build). The windows
// CI job runs the script itself (.github/workflows/ci.yml).
const (
	psGrammarPkg = "tree-sitter-powershell@0.26.4"
	psRuntimePkg = "web-tree-sitter@0.26.8"
)

// psNode is one node of the syntax tree testdata/psparse.cjs prints.
type psNode struct {
	Type     string    `json:"type"`
	Error    bool      `json:"error"`
	Missing  bool      `json:"missing"`
	Row      int       `json:"row"`
	Col      int       `json:"col"`
	Start    int       `json:"start"`
	End      int       `json:"end"`
	Children []*psNode `json:"children"`
}

// walk calls f on n and every node below it, in source order.
func (n *psNode) walk(f func(*psNode)) {
	f(n)
	for _, c := range n.Children {
		c.walk(f)
	}
}

// syntaxErrors lists the ERROR and MISSING nodes as "line:col: ..." (from 1).
func (n *psNode) syntaxErrors(src string) []string {
	var errs []string
	n.walk(func(n *psNode) {
		switch {
		case n.Missing:
			errs = append(errs, fmt.Sprintf("%d:%d: missing %q", n.Row+1, n.Col+1, n.Type))
		case n.Error:
			text, _, _ := strings.Cut(src[n.Start:n.End], "\n")
			errs = append(errs, fmt.Sprintf("%d:%d: cannot parse %q", n.Row+1, n.Col+1, text))
		}
	})
	return errs
}

// psGrammar returns the npm prefix holding the grammar and its runtime,
// installing them on first use into the cache the e2e scripts share
// (E2E_CACHE, default ~/.cache/symposium-e2e), so later runs need no
// network. It skips the test without node and npm or the registry.
func psGrammar(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s to parse install.ps1 with %s", tool, psGrammarPkg)
		}
	}
	cache := os.Getenv("E2E_CACHE")
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Skipf("no cache directory for %s: %v", psGrammarPkg, err)
		}
		cache = filepath.Join(dir, "symposium-e2e")
	}
	prefix := filepath.Join(cache, "ps-grammar-"+strings.TrimPrefix(psGrammarPkg, "tree-sitter-powershell@"))
	wasm := filepath.Join(prefix, "node_modules", "tree-sitter-powershell", "tree-sitter-powershell.wasm")
	if _, err := os.Stat(wasm); err == nil {
		return prefix
	}
	// Installed beside it, then renamed: a cut-short install is never
	// taken for a whole one.
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Skipf("cannot install %s: %v", psGrammarPkg, err)
	}
	tmp, err := os.MkdirTemp(cache, "ps-grammar-*.tmp")
	if err != nil {
		t.Skipf("cannot install %s: %v", psGrammarPkg, err)
	}
	defer os.RemoveAll(tmp)
	// --ignore-scripts: the wasm needs no native build of the node binding.
	out, err := exec.Command("npm", "install", "--prefix", tmp, "--ignore-scripts",
		"--no-audit", "--no-fund", psGrammarPkg, psRuntimePkg).CombinedOutput()
	if err != nil {
		t.Skipf("npm install %s %s failed (offline?): %v\n%s", psGrammarPkg, psRuntimePkg, err, out)
	}
	if err := os.Rename(tmp, prefix); err != nil {
		if _, statErr := os.Stat(wasm); statErr != nil {
			t.Fatalf("installing %s into %s: %v", psGrammarPkg, prefix, err)
		}
	}
	return prefix
}

// parsePS parses a PowerShell script with the grammar in prefix.
func parsePS(t *testing.T, prefix, file string) *psNode {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("node", filepath.Join("testdata", "psparse.cjs"), prefix, file)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("parsing %s: %v\n%s", file, err, stderr.String())
	}
	var root psNode
	if err := json.Unmarshal(stdout.Bytes(), &root); err != nil {
		t.Fatalf("parsing %s: the parser's output: %v", file, err)
	}
	return &root
}

// TestInstallPS1Syntax parses install.ps1 with a real PowerShell grammar
// and fails on any syntax error. Broken copies of it show that the check
// bites: each must give at least one error.
func TestInstallPS1Syntax(t *testing.T) {
	prefix := psGrammar(t)
	path := filepath.Join("..", "..", "install.ps1")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	// Windows PowerShell 5.1 reads a script without a byte-order mark in
	// the ANSI code page: anything but ASCII would come out mangled.
	for i, line := range strings.Split(src, "\n") {
		for j, r := range line {
			if r > 127 {
				t.Errorf("install.ps1:%d:%d: %q is not ASCII", i+1, j+1, r)
			}
		}
	}
	for _, e := range parsePS(t, prefix, path).syntaxErrors(src) {
		t.Errorf("install.ps1:%s", e)
	}

	lines := strings.SplitAfter(src, "\n")
	mid := len(lines) / 2
	for _, tc := range []struct{ name, insert string }{
		{"unclosed brace", "if ($Dir) {\n"},
		{"unterminated string", "Write-Host \"install.ps1: unterminated\n"},
		{"unclosed parenthesis", "$n = (1 + 2\n"},
		// PowerShell 7 only; Windows PowerShell 5.1 has no ternary or ??.
		{"ternary operator", "$n = $Dir ? 1 : 2\n"},
		{"null-coalescing operator", "$n = $Dir ?? 'x'\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			broken := strings.Join(lines[:mid], "") + tc.insert + strings.Join(lines[mid:], "")
			file := filepath.Join(t.TempDir(), "broken.ps1")
			if err := os.WriteFile(file, []byte(broken), 0o644); err != nil {
				t.Fatal(err)
			}
			errs := parsePS(t, prefix, file).syntaxErrors(broken)
			if len(errs) == 0 {
				t.Errorf("install.ps1 with %q inserted at line %d parses without an error", tc.insert, mid+1)
			}
			t.Logf("%d errors, first %s", len(errs), strings.Join(errs[:min(1, len(errs))], ""))
		})
	}
	t.Run("missing closing brace", func(t *testing.T) {
		// The script's last line closes its last block.
		trimmed := strings.TrimRight(src, "\n")
		if !strings.HasSuffix(trimmed, "\n}") {
			t.Fatalf("install.ps1 no longer ends with a line holding }")
		}
		broken := strings.TrimSuffix(trimmed, "}")
		file := filepath.Join(t.TempDir(), "broken.ps1")
		if err := os.WriteFile(file, []byte(broken), 0o644); err != nil {
			t.Fatal(err)
		}
		if errs := parsePS(t, prefix, file).syntaxErrors(broken); len(errs) == 0 {
			t.Errorf("install.ps1 without its last } parses without an error")
		}
	})
}
