package predexpr

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in, want string // want: canonical String()
	}{
		{"depends-on(serde)", "depends-on(serde)"},
		{"depends-on( serde >= 1.0 )", "depends-on(serde >= 1.0)"},
		{"crate(serde)", "depends-on(serde)"},
		{"depends-on(*)", "depends-on(*)"},
		{"shell(command -v rg)", "shell(command -v rg)"},
		{"shell(echo $(date))", "shell(echo $(date))"},
		{"shell(echo a, b)", "shell(echo a, b)"},
		{"path_exists(.git)", "path_exists(.git)"},
		{"env(CI)", "env(CI)"},
		{"env(KEY=a=b)", "env(KEY=a=b)"},
		{"workspace-member()", "workspace-member()"},
		{"workspace-member( )", "workspace-member()"},
		{"not(env(CI))", "not(env(CI))"},
		{"any(path_exists(fd),path_exists(fdfind))", "any(path_exists(fd), path_exists(fdfind))"},
		{"  all(depends-on(serde), not(any(env(CI), path_exists(.skip))))  ", "all(depends-on(serde), not(any(env(CI), path_exists(.skip))))"},
		{"battery_pack(cli>=0.3)", "battery_pack(cli>=0.3)"},
		{"battery_pack()", "battery_pack()"},
		{"any(shell(echo a, b), env(X))", "any(shell(echo a, b), env(X))"},
	}
	for _, tt := range tests {
		e, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := e.String(); got != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again, err := Parse(e.String()); err != nil || again.String() != e.String() {
			t.Errorf("Parse(%q) does not read back: %v", e, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in   string
		col  int
		want string
	}{
		{"", 1, "missing predicate"},
		{"serde", 6, "needs parentheses"},
		{"path_exists(.git", 1, "never closed"},
		{"shell(echo $(date)", 1, "never closed"},
		{"env()", 5, "env() needs an argument"},
		{"env(=x)", 5, "no variable name"},
		{"workspace-member(x)", 18, "takes no argument"},
		{"not(env(A), env(B))", 1, "exactly one"},
		{"any()", 5, "at least one"},
		{"any(env(A) env(B))", 12, "separate predicates with a comma"},
		{"env(A) env(B)", 8, "unexpected"},
		{"depends_on(serde)", 0, ""}, // a valid custom name
		{"my-check(x)", 1, "unknown predicate \"my-check\""},
		{"all(env(A), 3x(y))", 13, `unknown predicate "3x"`},
		{"all(env(A), (y))", 13, "where a predicate name should start"},
		{"all(env(A), ", 13, "missing predicate"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if tt.want == "" {
			if err != nil {
				t.Errorf("Parse(%q): %v", tt.in, err)
			}
			continue
		}
		pe, ok := err.(*Error)
		if !ok {
			t.Errorf("Parse(%q) = %v, want *Error", tt.in, err)
			continue
		}
		if pe.Col != tt.col || !strings.Contains(pe.Msg, tt.want) {
			t.Errorf("Parse(%q) = col %d %q, want col %d %q", tt.in, pe.Col, pe.Msg, tt.col, tt.want)
		}
	}
}

func TestSplitTop(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"path_exists(rg), shell(test -f Cargo.toml)", []string{"path_exists(rg)", "shell(test -f Cargo.toml)"}},
		{"shell(echo a, b), env(X)", []string{"shell(echo a, b)", "env(X)"}},
		{"any(env(A), env(B))", []string{"any(env(A), env(B))"}},
		{" , env(A),, ", []string{"env(A)"}},
		{"", nil},
	}
	for _, tt := range tests {
		got := SplitTop(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("SplitTop(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEval(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	bin := t.TempDir()
	os.WriteFile(filepath.Join(bin, "mytool"), []byte("#!/bin/sh\n"), 0o755)
	os.WriteFile(filepath.Join(bin, "exetool.exe"), []byte("MZ"), 0o755)
	os.WriteFile(filepath.Join(dir, "check.sh"), []byte("#!/bin/sh\n[ \"$1\" = static ] && [ \"$2\" = 'cli>=0.3' ]\n"), 0o755)
	env := map[string]string{"CI": "true", "KEY": "a=b", "PATH": bin}
	c := &Context{
		Dir:       dir,
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Static: func(e *Expr) (bool, bool) {
			if e.Fn == WorkspaceMember {
				return true, true
			}
			return e.Arg == "serde" || e.Arg == "*", true
		},
		Custom: func(name string) (*Command, error) {
			if name == "battery_pack" {
				return &Command{Command: "./check.sh", Args: []string{"static"}, Dir: dir}, nil
			}
			return nil, ErrUnknown
		},
	}
	tests := []struct {
		in   string
		want bool
		why  string // a part of the reason, when false
		sh   bool   // runs sh
	}{
		{"depends-on(serde)", true, "", false},
		{"crate(serde)", true, "", false},
		{"depends-on(tokio)", false, "depends-on(tokio) is false", false},
		{"workspace-member()", true, "", false},
		{"path_exists(.git)", true, "", false},
		{"path_exists(" + dir + "/check.sh)", true, "", false},
		{"path_exists(./mytool)", false, "is false", false},
		{"path_exists(mytool)", true, "", false},
		{"path_exists(nope)", false, "path_exists(nope) is false", false},
		// Windows finds a program by PATHEXT's extensions; elsewhere the
		// name is the file's.
		{"path_exists(exetool)", runtime.GOOS == "windows", "is false", false},
		{"env(CI)", true, "", false},
		{"env(CI=false)", false, `CI is "true"`, false},
		{"env(KEY=a=b)", true, "", false},
		{"env(NOPE)", false, "NOPE is not set", false},
		{"shell(test -d .git)", true, "", true},
		{"shell(exit 3)", false, "exit 3", true},
		{"shell(read x; test -n \"$x\")", false, "exit 1", true}, // stdin is empty, never the terminal
		{"not(env(CI))", false, "env(CI) holds", false},
		{"not(env(NOPE))", true, "", false},
		{"any(env(NOPE), path_exists(nope))", false, "NOPE is not set; path_exists(nope) is false", false},
		{"any(env(NOPE), env(CI))", true, "", false},
		{"all(env(CI), depends-on(tokio))", false, "depends-on(tokio) is false", false},
		{"battery_pack(cli>=0.3)", true, "", true},
		{"battery_pack(cli>=0.4)", false, "exit 1", true},
		{"other(x)", false, `unknown predicate "other"`, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if tt.sh {
				ostest.Shell(t)
			}
			e, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			ok, why := c.Eval(context.Background(), e)
			if ok != tt.want || (!ok && !strings.Contains(why, tt.why)) {
				t.Errorf("Eval(%q) = %v, %q; want %v, %q", tt.in, ok, why, tt.want, tt.why)
			}
		})
	}
}

// TestEvalCache runs a shell predicate once per argument for a Context's
// life.
func TestEvalCache(t *testing.T) {
	ostest.Shell(t)
	dir := t.TempDir()
	c := &Context{Dir: dir}
	e, _ := Parse("shell(echo x >> count; true)")
	for i := 0; i < 3; i++ {
		if ok, why := c.Eval(context.Background(), e); !ok {
			t.Fatal(why)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dir, "count"))
	if n := strings.Count(string(data), "x"); n != 1 {
		t.Errorf("ran %d times, want 1", n)
	}
}

// TestEvalTimeout kills a predicate that does not finish, with what it
// started in the background.
func TestEvalTimeout(t *testing.T) {
	ostest.Shell(t)
	c := &Context{Dir: t.TempDir(), Timeout: 200 * time.Millisecond}
	e, _ := Parse("shell(sleep 30 & sleep 30)")
	start := time.Now()
	ok, why := c.Eval(context.Background(), e)
	if ok || !strings.Contains(why, "did not finish within 200ms") {
		t.Errorf("Eval = %v, %q", ok, why)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %s", d)
	}
}

func TestPartial(t *testing.T) {
	static := func(e *Expr) (bool, bool) {
		switch e.Fn {
		case DependsOn:
			return e.Arg == "serde", true
		case WorkspaceMember:
			return false, true
		}
		return false, false
	}
	tests := []struct {
		in, rest string // rest "" = constant val
		val      bool
	}{
		{"depends-on(serde)", "", true},
		{"depends-on(tokio)", "", false},
		{"path_exists(jq)", "path_exists(jq)", false},
		{"all(depends-on(serde), env(USE))", "env(USE)", false},
		{"all(depends-on(tokio), env(USE))", "", false},
		{"any(depends-on(serde), env(USE))", "", true},
		{"any(depends-on(tokio), env(A), env(B))", "any(env(A), env(B))", false},
		{"not(workspace-member())", "", true},
		{"not(all(depends-on(serde), env(CI)))", "not(env(CI))", false},
	}
	for _, tt := range tests {
		e, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		rest, val := Partial(e, static)
		got := ""
		if rest != nil {
			got = rest.String()
		}
		if got != tt.rest || rest == nil && val != tt.val {
			t.Errorf("Partial(%q) = %q, %v; want %q, %v", tt.in, got, val, tt.rest, tt.val)
		}
	}
}

// TestCustomExec: a custom predicate whose command is an installation runs
// its argv (static args, then the argument) with its environment and PATH,
// and is false, saying why, while an installation it needs is not
// installed: evaluating never installs.
func TestCustomExec(t *testing.T) {
	ostest.Shell(t)
	installed, missing := t.TempDir(), filepath.Join(t.TempDir(), "none")
	bin := t.TempDir()
	os.WriteFile(filepath.Join(bin, "onpath"), []byte("#!/bin/sh\ntest \"$1\" = --flag && test \"$2\" = ok && test \"$SYMPOSIUM_x\" = set\n"), 0o755)
	for _, tt := range []struct {
		name, expr string
		dir        string
		ok         bool
		why        string
	}{
		{"holds", "x(ok)", installed, true, ""},
		{"argument", "x(no)", installed, false, "x(no) is false: exit 1"},
		{"not installed", "x(ok)", missing, false, `x(ok) is false: its installation "dl" is not installed yet`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := &Command{Exec: []string{"onpath", "--flag"}, Env: map[string]string{"SYMPOSIUM_x": "set"}, Path: []string{bin},
				Installations: []stream.Installation{{Name: "dl", Dir: tt.dir}}}
			c := &Context{Dir: t.TempDir(), Custom: func(string) (*Command, error) { return cmd, nil }}
			e, err := Parse(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			ok, why := c.Eval(context.Background(), e)
			if ok != tt.ok || !strings.Contains(why, tt.why) {
				t.Errorf("Eval = %v, %q; want %v, %q", ok, why, tt.ok, tt.why)
			}
		})
	}
}
