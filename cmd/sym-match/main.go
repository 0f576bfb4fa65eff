// Command sym-match: see pkg/cli/symmatch and docs/streams.md.
package main

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/symmatch"
)

func main() {
	cli.DieWithOrchestrator()
	cli.BatchGC()
	os.Exit(symmatch.Main(cli.OS(), os.Args[1:]))
}
