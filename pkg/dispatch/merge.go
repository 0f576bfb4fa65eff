package dispatch

import (
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// merger combines the answers of several plugin hooks: deny beats ask beats
// allow (with the reasons of the winning decision joined), additional
// context accumulates in order, and the last updated input wins. A block
// (exit 2) ends dispatch and overrides everything.
type merger struct {
	out     canonhook.Output
	reasons []string
	context []string
}

func rank(decision string) int {
	switch decision {
	case canonhook.Allow:
		return 1
	case canonhook.Ask:
		return 2
	case canonhook.Deny:
		return 3
	}
	return 0
}

func (m *merger) add(o *canonhook.Output) {
	if o == nil {
		return
	}
	switch r := rank(o.Decision); {
	case r > rank(m.out.Decision):
		m.out.Decision = o.Decision
		m.reasons = m.reasons[:0]
		if o.Reason != "" {
			m.reasons = append(m.reasons, o.Reason)
		}
	case r > 0 && r == rank(m.out.Decision) && o.Reason != "":
		m.reasons = append(m.reasons, o.Reason)
	}
	if c := strings.TrimSpace(o.AdditionalContext); c != "" {
		m.context = append(m.context, c)
	}
	if len(o.UpdatedInput) > 0 {
		m.out.UpdatedInput = o.UpdatedInput
	}
}

func (m *merger) block(reason string) {
	m.out.Block = true
	m.out.Decision = canonhook.Deny
	m.reasons = []string{reason}
}

func (m *merger) output() *canonhook.Output {
	out := m.out
	out.Reason = strings.Join(m.reasons, "\n")
	out.AdditionalContext = strings.Join(m.context, "\n\n")
	if out.Block || out.Decision == canonhook.Deny {
		out.UpdatedInput = nil // a denied call has no input to rewrite
	}
	return &out
}
