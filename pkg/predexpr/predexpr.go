// Package predexpr parses and evaluates predicate expressions, upstream's
// function-call syntax for `predicates` ("Predicates"): depends-on(serde>=1),
// shell(command -v rg), path_exists(.git), env(CI), env(KEY=value),
// workspace-member(), not(p), any(p, …), all(p, …) and custom predicates
// declared by a plugin's [[predicate]] table, name(arg).
//
// It is separate from pkg/cratepred so that the hook path can link it:
// pkg/cratepred parses versions with Masterminds/semver, which sym-hook must
// not link (TestHotPathDeps). Dependency atoms are therefore not evaluated
// here: the caller answers depends-on(...) and workspace-member() through
// Context.Static. sym-match answers them and stores only what is left of a
// hook's predicates (Partial) in the hook record, so that the hook path
// never needs the dependency set.
//
// A leaf's argument is taken verbatim between its parentheses (trimmed of
// surrounding blanks), not quoted; inner parentheses must balance, so
// shell(echo $(date)) works. crate(...) is the book's spelling of
// depends-on(...) and is accepted as such.
package predexpr

import (
	"fmt"
	"slices"
	"strings"
)

// Builtin function names, as written.
const (
	DependsOn       = "depends-on"
	Crate           = "crate" // the book's spelling of depends-on
	Shell           = "shell"
	PathExists      = "path_exists"
	Env             = "env"
	WorkspaceMember = "workspace-member"
	Not             = "not"
	Any             = "any"
	All             = "all"
)

// Builtins lists the names a [[predicate]] may not take.
var Builtins = []string{DependsOn, Crate, Shell, PathExists, Env, WorkspaceMember, Not, Any, All}

// IsBuiltin reports whether name is a builtin predicate function.
func IsBuiltin(name string) bool {
	return slices.Contains(Builtins, name)
}

// ValidCustomName reports whether name may name a custom predicate:
// [a-zA-Z][a-zA-Z0-9_]*, and not a builtin.
func ValidCustomName(name string) bool {
	if name == "" || !isLetter(name[0]) || IsBuiltin(name) {
		return false
	}
	for i := 1; i < len(name); i++ {
		if !isLetter(name[i]) && !isDigit(name[i]) && name[i] != '_' {
			return false
		}
	}
	return true
}

// Expr is one parsed predicate.
type Expr struct {
	// Fn is the function name; crate is stored as depends-on.
	Fn string
	// Arg is a leaf's argument, trimmed ("" for combinators).
	Arg string
	// Args are the operands of not, any and all.
	Args []*Expr
	// Col is the 1-based byte column of the name in the text parsed.
	Col int
}

// Leaf reports whether e is evaluated itself rather than from operands.
func (e *Expr) Leaf() bool { return e.Fn != Not && e.Fn != Any && e.Fn != All }

// String is the canonical text of e: what Parse reads back to e.
func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func (e *Expr) write(b *strings.Builder) {
	b.WriteString(e.Fn)
	b.WriteByte('(')
	if e.Leaf() {
		b.WriteString(e.Arg)
	}
	for i, a := range e.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		a.write(b)
	}
	b.WriteByte(')')
}

// Walk calls f for e and every operand below it, depth first.
func (e *Expr) Walk(f func(*Expr)) {
	f(e)
	for _, a := range e.Args {
		a.Walk(f)
	}
}

// Error is a malformed predicate. Col is the 1-based byte column in Text;
// callers add the file and line.
type Error struct {
	Text string
	Col  int
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("invalid predicate %q at column %d: %s", e.Text, e.Col, e.Msg)
}

// Parse parses one predicate.
func Parse(text string) (*Expr, error) {
	p := &parser{s: text}
	p.blanks()
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	p.blanks()
	if p.i < len(p.s) {
		return nil, p.fail(p.i, "unexpected %q after the predicate (separate predicates with a comma, or combine them with all(...) or any(...))", p.s[p.i:])
	}
	return e, nil
}

// SplitTop splits s at the commas outside parentheses, trimming each part
// and dropping empty ones: the SKILL.md form of a list, where
// "shell(echo a, b), env(X)" is two predicates.
func SplitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	add := func(part string) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 {
				add(s[start:i])
				start = i + 1
			}
		}
	}
	add(s[start:])
	return out
}

type parser struct {
	s string
	i int
}

func (p *parser) fail(at int, format string, args ...any) error {
	return &Error{Text: p.s, Col: at + 1, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) blanks() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) expr() (*Expr, error) {
	start := p.i
	for p.i < len(p.s) && (isLetter(p.s[p.i]) || isDigit(p.s[p.i]) || p.s[p.i] == '_' || p.s[p.i] == '-') {
		p.i++
	}
	name := p.s[start:p.i]
	if name == "" {
		if p.i >= len(p.s) {
			return nil, p.fail(start, "missing predicate (want a call such as path_exists(.git))")
		}
		return nil, p.fail(start, "unexpected %q where a predicate name should start", p.s[p.i])
	}
	if !IsBuiltin(name) && !ValidCustomName(name) {
		return nil, p.fail(start, "unknown predicate %q: builtins are depends-on, shell, path_exists, env, workspace-member, not, any, all; a custom [[predicate]] name is letters, digits and _", name)
	}
	p.blanks()
	if p.i >= len(p.s) || p.s[p.i] != '(' {
		hint := ""
		if name != Not && name != Any && name != All {
			hint = fmt.Sprintf(" (a bare crate name belongs in depends-on: write depends-on(%s))", name)
		}
		return nil, p.fail(p.i, "%s needs parentheses: %s(...)%s", name, name, hint)
	}
	p.i++
	e := &Expr{Fn: name, Col: start + 1}
	if e.Fn == Crate {
		e.Fn = DependsOn
	}
	if !e.Leaf() {
		return p.operands(e)
	}
	argStart := p.i
	depth := 0
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == ')' && depth == 0 {
			break
		}
		if c == '(' {
			depth++
		} else if c == ')' {
			depth--
		}
		p.i++
	}
	if p.i >= len(p.s) {
		return nil, p.fail(start, "%s( is never closed: add ')'", name)
	}
	e.Arg = strings.TrimSpace(p.s[argStart:p.i])
	p.i++
	switch {
	case e.Fn == WorkspaceMember && e.Arg != "":
		return nil, p.fail(argStart, "workspace-member() takes no argument")
	case e.Fn == Env && strings.HasPrefix(e.Arg, "="):
		return nil, p.fail(argStart, "env(%s) has no variable name before '='", e.Arg)
	case e.Fn != WorkspaceMember && e.Arg == "" && IsBuiltin(e.Fn):
		return nil, p.fail(argStart, "%s() needs an argument", name)
	}
	return e, nil
}

func (p *parser) operands(e *Expr) (*Expr, error) {
	for {
		p.blanks()
		if p.i < len(p.s) && p.s[p.i] == ')' {
			if len(e.Args) == 0 {
				return nil, p.fail(p.i, "%s() needs at least one predicate inside", e.Fn)
			}
			p.i++
			break
		}
		if len(e.Args) > 0 {
			if p.i >= len(p.s) || p.s[p.i] != ',' {
				if p.i >= len(p.s) {
					return nil, p.fail(e.Col-1, "%s( is never closed: add ')'", e.Fn)
				}
				return nil, p.fail(p.i, "unexpected %q in %s(...): separate predicates with a comma", p.s[p.i], e.Fn)
			}
			p.i++
			p.blanks()
		}
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		e.Args = append(e.Args, a)
	}
	if e.Fn == Not && len(e.Args) != 1 {
		return nil, p.fail(e.Col-1, "not(...) takes exactly one predicate, not %d (use not(any(...)) for several)", len(e.Args))
	}
	return e, nil
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
func isDigit(b byte) bool  { return b >= '0' && b <= '9' }

// Partial evaluates the leaves static answers (known = true) and returns
// what is left: rest == nil when e's value no longer depends on the other
// leaves (then val is it), else an expression over the unanswered leaves
// only. sym-match uses it to answer a hook's dependency predicates once
// and leave the live ones (shell, path_exists, env, custom) to dispatch.
func Partial(e *Expr, static func(*Expr) (val, known bool)) (rest *Expr, val bool) {
	switch e.Fn {
	case Not:
		r, v := Partial(e.Args[0], static)
		if r == nil {
			return nil, !v
		}
		return &Expr{Fn: Not, Args: []*Expr{r}, Col: e.Col}, false
	case Any, All:
		// any: a true operand decides; all: a false one does.
		decisive := e.Fn == Any
		var left []*Expr
		for _, a := range e.Args {
			r, v := Partial(a, static)
			if r == nil {
				if v == decisive {
					return nil, decisive
				}
				continue
			}
			left = append(left, r)
		}
		switch len(left) {
		case 0:
			return nil, !decisive
		case 1:
			return left[0], false
		}
		return &Expr{Fn: e.Fn, Args: left, Col: e.Col}, false
	}
	if v, ok := static(e); ok {
		return nil, v
	}
	return e, false
}
