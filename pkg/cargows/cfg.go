package cargows

import (
	"fmt"
	"strings"
)

// normalizeTarget prints a [target.KEY] key the way cargo metadata does
// (cargo_platform's Display): a cfg() expression is re-rendered with ", "
// between items and " = " around values, so `cfg(any(windows,target_os="macos"))`
// becomes `cfg(any(windows, target_os = "macos"))`. A triple stays as written.
func normalizeTarget(key string) (string, error) {
	k := strings.TrimSpace(key)
	if !strings.HasPrefix(k, "cfg(") || !strings.HasSuffix(k, ")") {
		return k, nil
	}
	toks, err := cfgTokens(k[4 : len(k)-1])
	if err != nil {
		return "", fmt.Errorf("target %q: %w", key, err)
	}
	if len(toks) == 0 {
		return "", fmt.Errorf("target %q: empty cfg()", key)
	}
	var b strings.Builder
	b.WriteString("cfg(")
	i, err := cfgExpr(toks, 0, &b)
	if err != nil {
		return "", fmt.Errorf("target %q: %w", key, err)
	}
	if i != len(toks) {
		return "", fmt.Errorf("target %q: unexpected %q", key, toks[i])
	}
	b.WriteByte(')')
	return b.String(), nil
}

func cfgTokens(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(' || c == ')' || c == ',' || c == '=':
			out = append(out, s[i:i+1])
			i++
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, fmt.Errorf("unterminated string")
			}
			out = append(out, s[i:j+1])
			i = j + 1
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			return nil, fmt.Errorf("unexpected character %q", c)
		}
	}
	return out, nil
}

func cfgExpr(t []string, i int, b *strings.Builder) (int, error) {
	if i >= len(t) {
		return i, fmt.Errorf("unexpected end")
	}
	name := t[i]
	i++
	if (name == "all" || name == "any" || name == "not") && i < len(t) && t[i] == "(" {
		b.WriteString(name)
		b.WriteByte('(')
		i++
		first := true
		for i < len(t) && t[i] != ")" {
			if !first {
				b.WriteString(", ")
			}
			first = false
			var err error
			if i, err = cfgExpr(t, i, b); err != nil {
				return i, err
			}
			if i < len(t) && t[i] == "," {
				i++
			}
		}
		if i >= len(t) {
			return i, fmt.Errorf("unclosed %s(", name)
		}
		b.WriteByte(')')
		return i + 1, nil
	}
	b.WriteString(name)
	if i < len(t) && t[i] == "=" {
		if i+1 >= len(t) || !strings.HasPrefix(t[i+1], `"`) {
			return i, fmt.Errorf("expected a string after %s =", name)
		}
		b.WriteString(" = ")
		b.WriteString(t[i+1])
		return i + 2, nil
	}
	return i, nil
}
