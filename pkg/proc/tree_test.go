package proc

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// The test binary plays the command and its child: PROC_TEST_ROLE=parent
// starts a grandchild sharing its stdout, says "ready", then blocks or
// exits; the grandchild says "ready" and blocks. Whoever still runs holds
// the pipe's write end, so the reader's EOF shows the whole tree is gone.
func TestMain(m *testing.M) {
	switch os.Getenv("PROC_TEST_ROLE") {
	case "parent":
		child := exec.Command(os.Args[0], "-test.run=^$")
		child.Env = append(os.Environ(), "PROC_TEST_ROLE=grandchild")
		child.Stdout = os.Stdout
		if err := child.Start(); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("ready\n")
		if os.Getenv("PROC_TEST_EXIT") != "" {
			os.Exit(0)
		}
		time.Sleep(time.Hour) // blocks until killed (select{} would be a deadlock panic)
	case "orchestrator": // TestStageDiesWithOrchestrator
		stage := exec.Command(os.Args[0], "-test.run=^$")
		stage.Env = append(os.Environ(), "PROC_TEST_ROLE=grandchild")
		stage.Stdout = os.Stdout
		DieWithParent(stage)
		if err := Start(stage); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("ready\n")
		time.Sleep(time.Hour) // blocks until killed
	case "grandchild":
		if pid, ok := ParentPID(os.Getenv(EnvParentPID)); ok {
			WatchParent(pid) // as the stage binaries do (pkg/cli)
		}
		os.Stdout.WriteString("ready\n")
		time.Sleep(time.Hour) // blocks until killed (select{} would be a deadlock panic)
	}
	os.Exit(m.Run())
}

// TestTreeEnded: a command cancelled by its context, and one that exited
// leaving a child behind, have their whole process tree ended (a process
// group on Unix, a job object on Windows).
func TestTreeEnded(t *testing.T) {
	for _, tt := range []struct {
		name   string
		exit   bool // the command exits by itself, leaving its child
		cancel bool
	}{
		{"cancelled", false, true},
		{"exited, child left behind", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "PROC_TEST_ROLE=parent")
			if tt.exit {
				cmd.Env = append(cmd.Env, "PROC_TEST_EXIT=1")
			}
			cmd.Stdout = w
			OwnGroup(cmd)
			done := make(chan error, 1)
			go func() { done <- Run(cmd) }()
			lines := bufio.NewReader(r)
			for range 2 {
				if _, err := lines.ReadString('\n'); err != nil {
					t.Fatalf("waiting for the command and its child to start: %v", err)
				}
			}
			if tt.cancel {
				cancel()
			}
			<-done
			KillGroup(cmd)
			w.Close()
			eof := make(chan error, 1)
			go func() { _, err := io.ReadAll(lines); eof <- err }()
			select {
			case <-eof:
			case <-time.After(20 * time.Second): // a guard, not a timing: EOF comes at once when the tree is gone
				t.Fatal("the command's child still runs after the command was ended")
			}
		})
	}
}
