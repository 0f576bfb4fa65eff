package hif

import (
	"fmt"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
)

// mcpFormat is a provider's combined MCP tool name (§6.3, §10.2), as its
// description names it (agent.MCPNames): Prefix + server + Sep + tool.
type mcpFormat agent.MCPNames

func (f mcpFormat) encode(r *MCPRef) string {
	if r.Tool == "" {
		if f.All == "" {
			return f.Prefix + r.Server
		}
		return f.Prefix + r.Server + f.Sep + f.All
	}
	return f.Prefix + r.Server + f.Sep + r.Tool
}

// decode parses a combined name back into server and tool. The server is
// everything up to the first separator (names with the separator inside a
// server name are ambiguous in every provider's format).
func (f mcpFormat) decode(s string) (*MCPRef, bool) {
	if f.Prefix != "" && !strings.HasPrefix(s, f.Prefix) {
		return nil, false
	}
	rest := strings.TrimPrefix(s, f.Prefix)
	i := strings.Index(rest, f.Sep)
	if i <= 0 {
		if f.All == "" && rest != "" && f.Prefix != "" && !strings.ContainsAny(rest, "/*") {
			return &MCPRef{Server: rest}, true
		}
		return nil, false
	}
	server, tool := rest[:i], rest[i+len(f.Sep):]
	if strings.ContainsAny(server, "|()[]{}^$\\+?*. ") {
		return nil, false
	}
	switch tool {
	case f.All, "*", ".*":
		tool = ""
	case "":
		return nil, false
	}
	if tool != "" && strings.ContainsAny(tool, "|()[]{}^$\\+?* ") {
		return nil, false
	}
	return &MCPRef{Server: server, Tool: tool}, true
}

// decodeMCPName tries the provider's format, then the other spellings it
// reads (Kiro also reads Claude's).
func decodeMCPName(p *provider, s string) (*MCPRef, bool) {
	if p.mcp.Unknown {
		return nil, false
	}
	if r, ok := mcpFormat(p.mcp).decode(s); ok {
		return r, true
	}
	for _, f := range p.mcpIn {
		if r, ok := mcpFormat(f).decode(s); ok {
			return r, true
		}
	}
	return nil, false
}

// nativeNames renders each matcher element in p's naming: tool names,
// combined MCP names, patterns as written. Elements p has no name for are
// reported and left out; duplicates (Cursor's edit_file for both writes and
// edits) are written once.
func nativeNames(p *provider, m *Matcher, n int, w *warner) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range m.Elements() {
		var s string
		switch {
		case e.MCP != nil:
			if p.mcp.Unknown {
				w.add(n, "matcher", "", "MCP tool '%s' dropped from the matcher — %s's names for MCP tools are not known", describeMatcher(&Matcher{MCP: e.MCP}), p.name)
				continue
			}
			s = mcpFormat(p.mcp).encode(e.MCP)
		case e.Pattern != "":
			s = e.Pattern
		default:
			s = p.nativeTool(e.Tool)
			if s == "" {
				w.add(n, "matcher", "", "tool '%s' dropped from the matcher — %s has no such tool", e.Tool, p.name)
				continue
			}
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// regexMatcher renders a matcher as one regular expression, the form
// Claude Code, Codex and Gemini CLI match tool names with. ok is false
// when no element survives: the hook must then be left out, since an
// empty matcher would widen it to every tool.
func regexMatcher(p *provider, m *Matcher, n int, w *warner) (string, bool) {
	names := nativeNames(p, m, n, w)
	if len(names) == 0 {
		return "", false
	}
	if len(names) > 1 {
		for i, s := range names {
			if strings.Contains(s, "|") {
				names[i] = "(?:" + s + ")"
			}
		}
	}
	return strings.Join(names, "|"), true
}

// parseRegexMatcher reads a Claude/Codex/Gemini matcher back into canonical
// form: "" and "*" match everything; an alternation of plain names becomes
// tools, MCP references and (for names outside the vocabulary) patterns;
// anything else stays one pattern.
func parseRegexMatcher(p *provider, s string) *Matcher {
	s = strings.TrimSpace(s)
	if s == "" || s == "*" || s == ".*" {
		return nil
	}
	if r, ok := decodeMCPName(p, s); ok {
		return &Matcher{MCP: r}
	}
	if strings.ContainsAny(s, `()[]{}^$\+?`) {
		return &Matcher{Pattern: s}
	}
	var elems []Matcher
	for _, part := range strings.Split(s, "|") {
		part = strings.TrimSpace(part)
		if part == "*" || part == ".*" {
			return nil // one alternative matches everything
		}
		elems = append(elems, nameMatchers(p, part)...)
	}
	return matcherOf(elems)
}

// nameMatchers maps one native name: the vocabulary tools it stands for
// (Kiro's fs_write and Cursor's edit_file are both file_write and
// file_edit), an MCP reference, or a pattern matching exactly that name.
func nameMatchers(p *provider, name string) []Matcher {
	var out []Matcher
	for _, t := range Tools {
		if p.tools[t] == name {
			out = append(out, Matcher{Tool: t})
		}
	}
	if len(out) > 0 {
		return out
	}
	if t, ok := p.toolsIn[name]; ok {
		return []Matcher{{Tool: t}}
	}
	if r, ok := decodeMCPName(p, name); ok {
		return []Matcher{{MCP: r}}
	}
	return []Matcher{{Pattern: name}}
}

// nameMatcher is nameMatchers as one matcher.
func nameMatcher(p *provider, name string) *Matcher {
	return matcherOf(nameMatchers(p, name))
}

// timeoutOut converts canonical seconds to a provider unit multiplier
// (1 for seconds, 1000 for milliseconds), as a JSON number.
func timeoutOut(seconds float64, perSecond float64) any {
	v := seconds * perSecond
	if v == float64(int64(v)) {
		return int64(v)
	}
	return v
}

func describeMatcher(m *Matcher) string {
	var parts []string
	for _, e := range m.Elements() {
		switch {
		case e.MCP != nil:
			if e.MCP.Tool == "" {
				parts = append(parts, "mcp "+e.MCP.Server)
			} else {
				parts = append(parts, fmt.Sprintf("mcp %s/%s", e.MCP.Server, e.MCP.Tool))
			}
		case e.Pattern != "":
			parts = append(parts, e.Pattern)
		default:
			parts = append(parts, e.Tool)
		}
	}
	return strings.Join(parts, ", ")
}
