package agent

import "encoding/json"

// argRenames pairs, per HIF canonical tool, an agent's names for the
// tool's arguments with Claude's ({agent, claude}): the canonical payload
// carries Claude's names, so a plugin hook reads tool_input.command or
// tool_input.file_path whichever agent called it. Arguments not listed
// keep their names. Only agents whose argument names differ have one
// (Antigravity's PascalCase, OpenCode's camelCase).
type argRenames map[string][][2]string

// toClaude renames args for canonical tool canon (none for a tool outside
// the vocabulary: an MCP tool's arguments are its own).
func (r argRenames) toClaude(canon string, args map[string]json.RawMessage) json.RawMessage {
	return renameArgs(args, r[canon], 0, 1)
}

// fromClaude is toClaude's inverse.
func (r argRenames) fromClaude(canon string, args map[string]json.RawMessage) json.RawMessage {
	return renameArgs(args, r[canon], 1, 0)
}

// anyTool is the pairs of every tool, in vocabulary order, for an answer
// that does not say which tool it is about.
func (r argRenames) anyTool() [][2]string {
	var all [][2]string
	for _, c := range canonicalTools {
		all = append(all, r[c]...)
	}
	return all
}

// renameArgs returns args as an object with each pair's name at index from
// renamed to the name at index to (a name already taken is left alone);
// other arguments keep theirs. Keys come out sorted, so the result is
// stable.
func renameArgs(args map[string]json.RawMessage, pairs [][2]string, from, to int) json.RawMessage {
	out := make(map[string]json.RawMessage, len(args))
	for k, v := range args {
		out[k] = v
	}
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
