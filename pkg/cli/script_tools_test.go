package cli_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
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
