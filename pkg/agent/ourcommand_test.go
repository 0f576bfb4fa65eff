package agent

import (
	"strings"
	"testing"
)

// isOurCommandEveryPair is isOurCommand as it was before it skipped the
// pairs of words no line of ours can have there: every pair tried.
func isOurCommandEveryPair(cmd string) bool {
	word, ok := ourExecutable(cmd)
	if !ok {
		return false
	}
	f := strings.Fields(cmd)
	for i := 0; i+1 < len(f); i++ {
		if isHookCommandFor(cmd, word, f[i], strings.TrimSuffix(f[i+1], ";")) {
			return true
		}
	}
	return false
}

// ourCommandCases are every line we register or registered, for every
// agent, event and kind of command, and each spoilt in a few ways.
func ourCommandCases() []string {
	var lines []string
	commands := []string{HookExecutable, "/opt/my tools/sym-hook", `C:\Program Files\it's\sym-hook.exe`, "cargo-agents", "/home/u/.cargo/bin/cargo-agents", "'sym-hook'", "sym-hook\there"}
	agents := append(Names(), "gone-agent", "hook", "exit", "||")
	events := append(append([]string{}, hookEvents...), "pre-tool-use", "stop", "unknown-event", "exit", "||")
	for _, c := range commands {
		for _, a := range agents {
			for _, ev := range events {
				for _, l := range []string{
					guardCommand(c, a, ev, true), guardCommand(c, a, ev, false),
					psGuardCommand(c, a, ev, true), psGuardCommand(c, a, ev, false),
					bareHookCommand(c, a, ev), CmdHookCommand(c, a, ev), HookCommand(c, a, ev),
				} {
					lines = append(lines, l, l+" x", l+";", "x "+l, strings.Replace(l, " ", "  ", 1), strings.ReplaceAll(l, " || ", " ; "), strings.TrimSuffix(l, " }"))
				}
			}
		}
	}
	return lines
}

// TestIsOurCommandSkipsOnlyImpossiblePairs: skipping pairs changes no
// answer.
func TestIsOurCommandSkipsOnlyImpossiblePairs(t *testing.T) {
	ours := 0
	for _, cmd := range ourCommandCases() {
		got, want := IsOurCommand(cmd), isOurCommandEveryPair(cmd)
		if got != want {
			t.Errorf("IsOurCommand(%q) = %v, trying every pair %v", cmd, got, want)
		}
		if want {
			ours++
		}
	}
	if ours == 0 {
		t.Fatal("no case is ours: the test compares nothing")
	}
}

func FuzzIsOurCommandSkipsOnlyImpossiblePairs(f *testing.F) {
	for i, cmd := range ourCommandCases() {
		if i%97 == 0 {
			f.Add(cmd)
		}
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if got, want := IsOurCommand(cmd), isOurCommandEveryPair(cmd); got != want {
			t.Errorf("IsOurCommand(%q) = %v, trying every pair %v", cmd, got, want)
		}
	})
}

// BenchmarkIsOurCommand answers for a line met for the first time: what
// the gate checks of a first sync ask of each hook line.
func BenchmarkIsOurCommand(b *testing.B) {
	cmd := HookCommand(HookExecutable, "codex", PreToolUse)
	for b.Loop() {
		IsOurCommand(cmd)
	}
}
