// Command sym-install: see pkg/cli/syminstall and docs/streams.md.
package main

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/syminstall"
)

func main() {
	cli.DieWithOrchestrator()
	cli.BatchGC()
	os.Exit(syminstall.Main(cli.OS(), os.Args[1:]))
}
