// Command cargo-agents: see pkg/cli/cargoagents and docs/streams.md.
package main

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cargoagents"
)

func main() { os.Exit(cargoagents.Main(cli.OS(), os.Args[1:])) }
