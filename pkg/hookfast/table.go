package hookfast

// The shapes of table_gen.go's data, generated from pkg/agent, pkg/stream
// and pkg/dispatch by TestTable (go test ./pkg/hookfast -update).

// event is one hook event: the name sym-hook is registered with, the
// canonical one (the hook record's groups use it), and whether a stored
// hook's matcher selects by tool for it.
type event struct {
	cli, canonical string
	tool           bool
}

// wire is one agent (or the symposium format) as the lean path needs it.
type wire struct {
	name string
	// cwd and tool locate the payload's working directory and tool name
	// (agent.PayloadPaths); cwd is nil when the lean path cannot read
	// the agent's payloads.
	cwd  []string
	tool [][]string
	// answers are the agent's answer, per event (events' order), when
	// the full hook runs nothing: Wire.Encode of an empty output.
	answers [6]answer
	// proceed is its answer to a failure of ours (Wire.Proceed,
	// ProceedExit), per event and, last, for an event we do not know.
	proceed [7]proceed
}

// answer is a wire's answer to one event when nothing runs.
type answer struct {
	stdout string
	exit   int
	// fast: the full hook's answer is stdout and exit alone (no stderr);
	// the lean path gives it. toolMatters: the answer names the tool
	// when the event's stored hooks were read and none selected it, so
	// the lean path leaves such calls to the full hook.
	fast, toolMatters bool
}

// proceed is a wire's answer to a failure of ours.
type proceed struct {
	stdout string
	exit   int
}

// toolNames is one tool name and all of the tool's names.
type toolNames struct {
	name    string
	aliases []string
}

// sessionStart is the index in events of the session start, which the
// full hook greets (notes, the update nudge).
const sessionStart = 4

func canonicalEvent(cli string) int {
	for i, e := range events {
		if e.cli == cli {
			return i
		}
	}
	return -1
}

func toolEvent(canonical string) bool {
	for _, e := range events {
		if e.canonical == canonical {
			return e.tool
		}
	}
	return false
}

func wireOf(name string) *wire {
	for i := range wires {
		if wires[i].name == name {
			return &wires[i]
		}
	}
	return nil
}
