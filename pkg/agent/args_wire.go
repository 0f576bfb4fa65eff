package agent

import (
	"encoding/json"
	"maps"
)

// argNames pairs, per HIF canonical tool, one agent's names for the tool's
// arguments with Claude's ({agent's, Claude's}): the canonical payload
// carries Claude's names, so a plugin hook reads tool_input.command or
// tool_input.file_path whichever agent called it. Arguments not listed
// keep their names. Only agents whose argument names differ have one
// (Antigravity's PascalCase, OpenCode's camelCase).
type argNames struct {
	agent *Agent
	tools []toolArgs // a slice, laid out at build time (see NameTable)
}

// toolArgs are the pairs of one canonical tool.
type toolArgs struct {
	tool  string
	pairs [][2]string
}

// pairsOf is the pairs of canonical tool canon (none when not listed).
func (n argNames) pairsOf(canon string) [][2]string {
	for _, t := range n.tools {
		if t.tool == canon {
			return t.pairs
		}
	}
	return nil
}

// toClaude renames the agent's arguments of tool (any agent's name for
// it) to Claude's; fromClaude is its inverse. A tool outside the
// vocabulary (an MCP tool) keeps its arguments' names; tool "" (an answer
// that does not say which tool it is about) tries every tool's.
func (n argNames) toClaude(tool string, args map[string]json.RawMessage) json.RawMessage {
	return renameArgs(args, n.pairsFor(tool), 0, 1)
}

func (n argNames) fromClaude(tool string, args map[string]json.RawMessage) json.RawMessage {
	return renameArgs(args, n.pairsFor(tool), 1, 0)
}

// fromClaudeJSON is fromClaude of a JSON object (anything else as it is).
func (n argNames) fromClaudeJSON(tool string, in json.RawMessage) json.RawMessage {
	var args map[string]json.RawMessage
	if json.Unmarshal(in, &args) != nil {
		return in
	}
	return n.fromClaude(tool, args)
}

func (n argNames) pairsFor(tool string) [][2]string {
	if tool != "" {
		return n.pairsOf(canonicalTool(n.agent, NativeTool(n.agent.Name, tool)))
	}
	var all [][2]string
	for _, c := range canonicalTools {
		all = append(all, n.pairsOf(c)...)
	}
	return all
}

// renameArgs returns args as an object with each pair's name at index from
// renamed to the name at index to (a name already taken is left alone);
// other arguments keep theirs. Keys come out sorted, so the result is
// stable.
func renameArgs(args map[string]json.RawMessage, pairs [][2]string, from, to int) json.RawMessage {
	out := make(map[string]json.RawMessage, len(args))
	maps.Copy(out, args)
	for _, p := range pairs {
		if v, ok := out[p[from]]; ok {
			if _, taken := out[p[to]]; !taken {
				delete(out, p[from])
				out[p[to]] = v
			}
		}
	}
	b, _ := marshalNoEscape(out) // RawMessage values are valid JSON
	return b
}
