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

	"github.com/symposium-dev/symposium-go/pkg/selfupdate"
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
	Parent   *psNode   `json:"-"`
}

// link sets every node's Parent.
func (n *psNode) link() {
	for _, c := range n.Children {
		c.Parent = n
		c.link()
	}
}

// all lists n and the nodes below it of type typ, in source order.
func (n *psNode) all(typ string) []*psNode {
	var out []*psNode
	n.walk(func(n *psNode) {
		if n.Type == typ {
			out = append(out, n)
		}
	})
	return out
}

// up returns the nearest ancestor of n of type typ, or nil.
func (n *psNode) up(typ string) *psNode {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == typ {
			return p
		}
	}
	return nil
}

// child returns n's first child of type typ, or nil.
func (n *psNode) child(typ string) *psNode {
	for _, c := range n.Children {
		if c.Type == typ {
			return c
		}
	}
	return nil
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
	// --prefer-offline: npm's own cache will do; offline, fail fast.
	out, err := exec.Command("npm", "install", "--prefix", tmp, "--ignore-scripts",
		"--no-audit", "--no-fund", "--prefer-offline", "--fetch-retries=1",
		psGrammarPkg, psRuntimePkg).CombinedOutput()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		t.Skipf("npm install %s %s failed (offline?): %v\n%s", psGrammarPkg, psRuntimePkg, err,
			strings.Join(lines[max(0, len(lines)-5):], "\n"))
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
	root.link()
	return &root
}

// TestInstallPS1Syntax parses install.ps1 (and the repository's other
// PowerShell scripts: the windows CI job's check) with a real PowerShell
// grammar and fails on any syntax error. Broken copies of install.ps1 show
// that the check bites: each must give at least one error.
func TestInstallPS1Syntax(t *testing.T) {
	prefix := psGrammar(t)
	path := filepath.Join("..", "..", "install.ps1")
	others, err := filepath.Glob(filepath.Join("..", "..", "scripts", "*.ps1"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range append([]string{path}, others...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.ToSlash(strings.TrimPrefix(file, filepath.Join("..", "..")+string(filepath.Separator)))
		// Windows PowerShell 5.1 reads a script without a byte-order mark
		// in the ANSI code page: anything but ASCII would come out mangled.
		for i, line := range strings.Split(string(data), "\n") {
			for j, r := range line {
				if r > 127 {
					t.Errorf("%s:%d:%d: %q is not ASCII", name, i+1, j+1, r)
				}
			}
		}
		for _, e := range parsePS(t, prefix, file).syntaxErrors(string(data)) {
			t.Errorf("%s:%s", name, e)
		}
	}

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
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
		i := strings.LastIndex(src, "}")
		if i < 0 {
			t.Fatal("install.ps1 has no }")
		}
		broken := src[:i] + src[i+1:]
		file := filepath.Join(t.TempDir(), "broken.ps1")
		if err := os.WriteFile(file, []byte(broken), 0o644); err != nil {
			t.Fatal(err)
		}
		if errs := parsePS(t, prefix, file).syntaxErrors(broken); len(errs) == 0 {
			t.Errorf("install.ps1 without its last } parses without an error")
		}
	})
}

// psScript is a parsed script with its text.
type psScript struct {
	src  string
	root *psNode
}

func (s psScript) text(n *psNode) string { return s.src[n.Start:n.End] }

// line is n's position for a message.
func (s psScript) line(n *psNode) string { return fmt.Sprintf("install.ps1:%d:%d", n.Row+1, n.Col+1) }

// commands lists the calls of the command name (any case).
func (s psScript) commands(name string) []*psNode {
	var out []*psNode
	for _, c := range s.root.all("command") {
		if cn := c.child("command_name"); cn != nil && strings.EqualFold(s.text(cn), name) {
			out = append(out, c)
		}
	}
	return out
}

// assigned returns the variable an assignment_expression above n sets.
func (s psScript) assigned(n *psNode) string {
	if a := n.up("assignment_expression"); a != nil {
		if lhs := a.child("left_assignment_expression"); lhs != nil {
			return strings.TrimSpace(s.text(lhs))
		}
	}
	return ""
}

// assignments lists the assignment_expressions that set variable v.
func (s psScript) assignments(v string) []*psNode {
	var out []*psNode
	for _, a := range s.root.all("assignment_expression") {
		if lhs := a.child("left_assignment_expression"); lhs != nil && strings.EqualFold(strings.TrimSpace(s.text(lhs)), v) {
			out = append(out, a)
		}
	}
	return out
}

// TestInstallPS1Structure checks, on install.ps1's syntax tree, the facts
// its safety rests on; the windows CI job runs the script itself.
func TestInstallPS1Structure(t *testing.T) {
	prefix := psGrammar(t)
	path := filepath.Join("..", "..", "install.ps1")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := psScript{string(data), parsePS(t, prefix, path)}
	t.Run("never evaluates text", func(t *testing.T) {
		for _, name := range []string{"Invoke-Expression", "iex"} {
			for _, c := range s.commands(name) {
				t.Errorf("%s: %s runs text as code", s.line(c), s.text(c))
			}
		}
	})
	t.Run("checks the archive before unpacking it", func(t *testing.T) { checksumChecked(t, s) })
	t.Run("exit only when run from a file", func(t *testing.T) { exitGuarded(t, s) })
	t.Run("leaves an iex session's preferences alone", func(t *testing.T) {
		for _, v := range []string{"$ErrorActionPreference", "$ProgressPreference"} {
			set := s.assignments(v)
			if len(set) == 0 {
				t.Errorf("install.ps1 never sets %s", v)
			}
			for _, a := range set {
				if a.up("function_statement") == nil {
					t.Errorf("%s: sets %s at the top level: `irm | iex` would change the user's session", s.line(a), v)
				}
			}
		}
	})
	t.Run("installs the six binaries", func(t *testing.T) {
		set := s.assignments("$binaries")
		if len(set) != 1 {
			t.Fatalf("install.ps1 sets $binaries %d times, want once", len(set))
		}
		var names []string
		for _, lit := range set[0].all("verbatim_string_characters") {
			names = append(names, strings.Trim(s.text(lit), "'"))
		}
		if strings.Join(names, " ") != strings.Join(selfupdate.Binaries, " ") {
			t.Errorf("%s: $binaries = %q, want %q", s.line(set[0]), names, selfupdate.Binaries)
		}
	})
}

// checksumChecked: Get-FileHash's SHA-256 of the archive is compared (-ne)
// with a value read from the checksums file (a foreach over Get-Content),
// a mismatch calls Fail, and Expand-Archive comes after, in the same
// function.
func checksumChecked(t *testing.T, s psScript) {
	hashes := s.commands("Get-FileHash")
	if len(hashes) != 1 {
		t.Fatalf("install.ps1 calls Get-FileHash %d times, want once", len(hashes))
	}
	hash := hashes[0]
	if args := strings.ToLower(s.text(hash)); !strings.Contains(args, "-algorithm sha256") {
		t.Errorf("%s: %s does not ask for SHA256", s.line(hash), s.text(hash))
	}
	got := s.assigned(hash)
	var check *psNode
	var want string
	for _, ifs := range s.root.all("if_statement") {
		cond := ifs.child("pipeline")
		if cond == nil || len(cond.all("comparison_operator")) != 1 || !strings.EqualFold(s.text(cond.all("comparison_operator")[0]), "-ne") {
			continue
		}
		vars := cond.all("variable")
		if len(vars) == 2 && strings.EqualFold(s.text(vars[0]), got) {
			check, want = ifs, s.text(vars[1])
			break
		}
	}
	if got == "" || check == nil {
		t.Fatalf("%s: Get-FileHash's result (%q) is never compared with -ne", s.line(hash), got)
	}
	if block := check.child("statement_block"); block == nil || !containsCommand(s, block, "Fail") {
		t.Errorf("%s: a checksum mismatch does not call Fail", s.line(check))
	}
	fromSums := false
	for _, a := range s.assignments(want) {
		if loop := a.up("foreach_statement"); loop != nil && loop.child("pipeline") != nil && containsCommand(s, loop.child("pipeline"), "Get-Content") {
			fromSums = true
		}
	}
	if !fromSums {
		t.Errorf("%s: %s is not read from the checksums file (a foreach over Get-Content)", s.line(check), want)
	}
	fn := hash.up("function_statement")
	expands := s.commands("Expand-Archive")
	if len(expands) == 0 {
		t.Errorf("install.ps1 never calls Expand-Archive")
	}
	for _, x := range expands {
		if x.Start < check.End || x.up("function_statement") != fn {
			t.Errorf("%s: Expand-Archive runs before the checksum check at %s", s.line(x), s.line(check))
		}
	}
}

// exitGuarded: `irm | iex` runs the script in the user's session, where
// exit would close the window; every exit sits under an if on a variable
// set from $MyInvocation.MyCommand.Path (empty under iex).
func exitGuarded(t *testing.T, s psScript) {
	var exits []*psNode
	for _, f := range s.root.all("flow_control_statement") {
		if len(f.Children) > 0 && f.Children[0].Type == "exit" {
			exits = append(exits, f)
		}
	}
	for _, e := range exits {
		guarded := false
		for ifs := e.up("if_statement"); ifs != nil && !guarded; ifs = ifs.up("if_statement") {
			for _, v := range ifs.child("pipeline").all("variable") {
				for _, a := range s.assignments(s.text(v)) {
					if strings.Contains(s.text(a), "$MyInvocation.MyCommand.Path") {
						guarded = true
					}
				}
			}
		}
		if !guarded {
			t.Errorf("%s: exit is not guarded by a test of $MyInvocation.MyCommand.Path: under `irm | iex` it would close the user's window", s.line(e))
		}
	}
}

// containsCommand tells whether a call of name is at or below n.
func containsCommand(s psScript, n *psNode, name string) bool {
	for _, c := range n.all("command") {
		if cn := c.child("command_name"); cn != nil && strings.EqualFold(s.text(cn), name) {
			return true
		}
	}
	return false
}
