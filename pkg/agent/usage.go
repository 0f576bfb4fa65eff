package agent

import (
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// HookAgentNames lists, in the list's order, the agents with shell hooks
// (a Wire): sym-hook's AGENT and sym-translate's payload formats, besides
// symposium's own.
func HookAgentNames() []string {
	var names []string
	for _, a := range all {
		if a.Wire != nil {
			names = append(names, a.Name)
		}
	}
	return names
}

// WireUsage is the list of wire formats usage texts print: every agent
// with shell hooks, then symposium, the canonical format.
func WireUsage() []string {
	return append(HookAgentNames(), canonhook.Symposium+" (the canonical format)")
}

// ListText writes items as a usage text's list, "a, b, or c", broken
// between words into lines of at most width columns (a longer word stands
// alone): the first line starts with first, the others with indent. Usage
// texts print their agent lists with it, so that a new agent shows up in
// every one.
func ListText(first, indent string, items []string, width int) string {
	var list string
	switch len(items) {
	case 0:
	case 1:
		list = items[0]
	case 2:
		list = items[0] + " or " + items[1]
	default:
		list = strings.Join(items[:len(items)-1], ", ") + ", or " + items[len(items)-1]
	}
	var b strings.Builder
	line := first
	fresh := true // nothing but the prefix on this line yet
	for _, w := range strings.Fields(list) {
		if !fresh && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line, fresh = indent, true
		}
		if !fresh {
			line += " "
		}
		line += w
		fresh = false
	}
	b.WriteString(line)
	return b.String()
}
