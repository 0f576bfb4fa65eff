// Command sym-hook: see pkg/cli/symhook and docs/streams.md.
package main

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/symhook"
)

func main() { os.Exit(symhook.Main(cli.OS(), os.Args[1:])) }
