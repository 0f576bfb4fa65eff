package dispatch

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

func TestMain(m *testing.M) {
	ostest.Main(map[string]func([]string) int{"answer": answerHook})
	os.Exit(m.Run())
}

// answerHook is a plugin hook program (the test binary, by ostest.Fake).
// Its first argument says what it does:
//   - context: tells the agent the tool it saw and the last element of the
//     payload's cwd and of the directory it runs in, and its other arguments;
//   - block: refuses on stderr with exit 2, naming its second argument;
//   - hang: never answers (sleeps a minute).
func answerHook(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "answer: context, block or hang?")
		return 1
	}
	switch args[0] {
	case "block":
		fmt.Fprintln(os.Stderr, "guard: refusing "+strings.Join(args[1:], " "))
		return 2
	case "hang":
		time.Sleep(time.Minute)
		return 0
	}
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
	fmt.Printf(`{"additionalContext":"%s saw %s in %s, ran in %s"}`+"\n", strings.Join(args[1:], " "), in.Tool, filepath.Base(in.Cwd), filepath.Base(wd))
	return 0
}

// TestProgramHook: a hook whose command is a program on PATH runs it
// directly, with the payload on stdin and no sh, so it works on Windows
// without Git for Windows too: its answer, its exit 2 and its stderr
// reach the agent, and one that hangs is ended at the call's deadline.
func TestProgramHook(t *testing.T) {
	t.Setenv("PATH", ostest.Fake(t, "answer")+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, tc := range []struct {
		name, command, agent, file string
		deadline                   string // the call's; "" the default
		stdout, stderr             string // stderr: "" none, else a part of it
		exit                       int
	}{
		{name: "context", command: "answer context --strict", agent: "claude", file: "claude/PreToolUse.json",
			stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"--strict saw Bash in ws, ran in ws"}}`},
		{name: "exit 2 blocks", command: "answer block now", agent: "codex", file: "codex/PreToolUse.json",
			stderr: "guard: refusing now\n", exit: 2},
		{name: "hangs past the deadline", command: "answer hang", agent: "gemini", file: "gemini/BeforeTool.json", deadline: "1s",
			stdout: "{}", stderr: "timed out after "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil, stream.Hook{Plugin: "p", Name: "h", Event: "PreToolUse", Command: tc.command})
			f.deadline = tc.deadline
			start := time.Now()
			res := f.run(t, tc.agent, "PreToolUse", f.payload(t, tc.file))
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("Run took %s", took) // the hang would take a minute
			}
			stderrOK := strings.Contains(string(res.Stderr), tc.stderr) && (tc.stderr != "" || len(res.Stderr) == 0)
			if got := strings.TrimSpace(string(res.Stdout)); got != tc.stdout || res.Exit != tc.exit || !stderrOK {
				t.Errorf("Run = stdout %s exit %d stderr %q, want %s exit %d stderr %q", got, res.Exit, res.Stderr, tc.stdout, tc.exit, tc.stderr)
			}
		})
	}
}
