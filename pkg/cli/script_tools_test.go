package cli_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"

	"github.com/symposium-dev/symposium-go/internal/linktest"
)

// Small programs the scripts run with exec where they would otherwise
// need sh, cat or ls, which Windows has not got: their output lands in
// stdout for the script's stdout patterns, on every system alike.

// catGlob prints the files that match each glob argument, in name order
// (catglob $SYMPOSIUM_HOME/logs/symposium-*-sync-*.log).
func catGlob(args []string) int {
	status := 0
	for _, pattern := range args {
		names, err := filepath.Glob(pattern)
		if err == nil && len(names) == 0 {
			err = fmt.Errorf("%s: no such file", pattern)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "catglob:", err)
			status = 1
			continue
		}
		sort.Strings(names)
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil {
				fmt.Fprintln(os.Stderr, "catglob:", err)
				status = 1
				continue
			}
			os.Stdout.Write(data)
		}
	}
	return status
}

// lsDir prints the names in directory DIR, one a line, in name order.
func lsDir(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: lsdir DIR")
		return 2
	}
	entries, err := os.ReadDir(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "lsdir:", err)
		return 1
	}
	for _, e := range entries {
		fmt.Println(e.Name())
	}
	return 0
}

// exitCode runs CMD ARGS with this process's stdin, stdout and stderr,
// then prints "exit=N", N its exit status, and exits 0: a script checks
// the very status (sync --check's 3) without sh's $?.
func exitCode(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: exitcode CMD ARGS...")
		return 2
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
	default:
		fmt.Fprintln(os.Stderr, "exitcode:", err)
		return 1
	}
	fmt.Printf("exit=%d\n", cmd.ProcessState.ExitCode())
	return 0
}

// scriptCondition adds the scripts' own conditions: [linkable] holds where
// a symbolic link can be made and then seen as one (linktest: Wine 8
// answers success and makes nothing, and testscript's own [symlink]
// believes it), so a script that plants a link checks this first.
func scriptCondition(cond string) (bool, error) {
	if cond != "linkable" {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	return linktest.Works(), nil
}
