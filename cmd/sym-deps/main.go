// Command sym-deps: see pkg/cli/symdeps and docs/streams.md.
package main

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/symdeps"
)

func main() {
	cli.DieWithOrchestrator()
	cli.BatchGC()
	os.Exit(symdeps.Main(cli.OS(), os.Args[1:]))
}
