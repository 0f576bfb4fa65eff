package cli

import (
	"fmt"
	"io"
	"strings"
)

// TrustHint follows the closed gates that `cargo agents init --trust`
// could open (printed by sync and init).
const TrustHint = "  (`cargo agents init --trust` here makes these changes for you)"

// PrintGate shows one closed gate of an agent's and its fix (indented
// under "fix:").
func PrintGate(w io.Writer, agentName, problem, fix string) {
	fmt.Fprintf(w, "note: %s: %s\n  fix: %s\n", agentName, problem, strings.ReplaceAll(fix, "\n", "\n       "))
}
