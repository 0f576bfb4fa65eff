package agent

// NameTable is a small fixed table from one vocabulary to another (HIF's tool
// and event names to an agent's, CLI event arguments to canonical events),
// written as a literal. The compiler lays a slice of pairs out in the
// binary as it stands, where a map literal is built, and allocated, when
// the process starts: every agent hook call starts one, and reads one or
// two of these tables. A lookup scans; a table holds a dozen names or so.
type NameTable []struct{ From, To string }

// Get returns the name from maps to, and whether it has one.
func (n NameTable) Get(from string) (string, bool) {
	for _, p := range n {
		if p.From == from {
			return p.To, true
		}
	}
	return "", false
}

// Of returns the name from maps to ("" when none).
func (n NameTable) Of(from string) string {
	to, _ := n.Get(from)
	return to
}

// From returns the name that maps to to (the first, "" when none).
func (n NameTable) From(to string) (string, bool) {
	for _, p := range n {
		if p.To == to {
			return p.From, true
		}
	}
	return "", false
}

// Map returns the table as a new map (for callers off the hook path).
func (n NameTable) Map() map[string]string {
	m := make(map[string]string, len(n))
	for _, p := range n {
		m[p.From] = p.To
	}
	return m
}
