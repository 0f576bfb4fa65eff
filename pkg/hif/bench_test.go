package hif

import (
	"fmt"
	"strings"
	"testing"
)

// claudeHooks is a Claude settings file of n PreToolUse groups, the input
// of scripts/bench-scale.sh's translate row.
func claudeHooks(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"hooks": {"PreToolUse": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"matcher": "Bash", "hooks": [{"type": "command", "command": "./check-%d.sh", "timeout": 10}]}`, i)
	}
	b.WriteString("]}}\n")
	return []byte(b.String())
}

// BenchmarkConvert500 is `sym-translate hooks --from claude --to gemini` of
// a 500-hook file, in process (issue #26: ≤ 5 ms above the floor).
func BenchmarkConvert500(b *testing.B) {
	data := claudeHooks(500)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Convert("claude", "gemini", "claude-500.json", data, false); err != nil {
			b.Fatal(err)
		}
	}
}
