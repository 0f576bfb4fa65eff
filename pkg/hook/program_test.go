package hook

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
// it reads the canonical payload and tells the agent the tool it saw and
// the last element of the payload's cwd and of the directory it runs in.
func answerHook(args []string) int {
	var p map[string]struct {
		Tool string `json:"tool_name"`
		Cwd  string `json:"cwd"`
	}
	data, err := io.ReadAll(os.Stdin)
	if err == nil {
		err = json.Unmarshal(data, &p)
	}
	wd, werr := os.Getwd()
	if err != nil || werr != nil {
		fmt.Fprintln(os.Stderr, "answer:", err, werr)
		return 1
	}
	in := p["PreToolUse"]
	fmt.Printf(`{"additionalContext":"%s saw %s in %s, ran in %s"}`+"\n", strings.Join(args, " "), in.Tool, filepath.Base(in.Cwd), filepath.Base(wd))
	return 0
}

// TestProgramHook: a hook whose command is a program on PATH runs it
// directly, with the payload on stdin and no sh, so it works on Windows
// without Git for Windows too.
func TestProgramHook(t *testing.T) {
	t.Setenv("PATH", ostest.Fake(t, "answer")+string(os.PathListSeparator)+os.Getenv("PATH"))
	f := newFixture(t, nil, stream.Hook{Plugin: "p", Name: "h", Event: "PreToolUse", Command: "answer --strict"})
	res := f.run(t, "claude", "PreToolUse", f.payload(t, "claude/PreToolUse.json"))
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"--strict saw Bash in ws, ran in ws"}}`
	if got := strings.TrimSpace(string(res.Stdout)); got != want || res.Exit != 0 {
		t.Errorf("stdout %s exit %d, want %s exit 0 (stderr %q)", got, res.Exit, want, res.Stderr)
	}
}
