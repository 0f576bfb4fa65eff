package hook

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestMain(m *testing.M) {
	ostest.Main(map[string]func([]string) int{"answer": answerHook})
	os.Exit(m.Run())
}

// answerHook is a plugin hook program (the test binary, by ostest.Fake):
// it reads the payload and adds its tool name to the agent's context.
func answerHook(args []string) int {
	var p struct {
		Tool string `json:"tool_name"`
	}
	data, err := io.ReadAll(os.Stdin)
	if err == nil {
		err = json.Unmarshal(data, &p)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "answer:", err)
		return 1
	}
	fmt.Printf(`{"additionalContext":"%s saw %s"}`+"\n", strings.Join(args, " "), p.Tool)
	return 0
}

// TestProgramHook: a hook whose command is a program on PATH runs it
// directly, with the payload on stdin and no sh, so it works on Windows
// without Git for Windows too.
func TestProgramHook(t *testing.T) {
	t.Setenv("PATH", ostest.Fake(t, "answer")+string(os.PathListSeparator)+os.Getenv("PATH"))
	f := newFixture(t, nil, stream.Hook{Plugin: "p", Name: "h", Event: "PreToolUse", Command: "answer --strict"})
	res := f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"--strict saw Bash"}}`
	if got := strings.TrimSpace(string(res.Stdout)); got != want || res.Exit != 0 {
		t.Errorf("stdout %s exit %d, want %s exit 0 (stderr %q)", got, res.Exit, want, res.Stderr)
	}
}
