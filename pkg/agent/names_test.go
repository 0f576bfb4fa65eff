package agent

import "testing"

// TestNameTablesHaveUniqueKeys: a NameTable is a map written as a slice
// (names.go), so the compiler no longer refuses a repeated key: each
// table maps each name once.
func TestNameTablesHaveUniqueKeys(t *testing.T) {
	tables := map[string]NameTable{"CLIEvents": CLIEvents, "hifEvents": hifEvents}
	for _, a := range All() {
		tables[a.Name+".Tools"] = a.Tools
		tables[a.Name+".Registers"] = a.Registers
		if a.HIF != nil {
			tables[a.Name+".HIF.Events"] = a.HIF.Events
			tables[a.Name+".HIF.ToolsIn"] = a.HIF.ToolsIn
			tables[a.Name+".HIF.Blocking"] = a.HIF.Blocking
		}
	}
	for name, table := range tables {
		seen := map[string]bool{}
		for _, p := range table {
			if seen[p.From] {
				t.Errorf("%s maps %q twice", name, p.From)
			}
			seen[p.From] = true
		}
	}
	// CLIEvents is read both ways (cliEvent).
	if len(CLIEvents.Map()) != len(CLIEvents) || len(invert(CLIEvents)) != len(CLIEvents) {
		t.Errorf("CLIEvents is not one to one: %v", CLIEvents)
	}
}

func invert(n NameTable) map[string]string {
	m := map[string]string{}
	for _, p := range n {
		m[p.To] = p.From
	}
	return m
}
