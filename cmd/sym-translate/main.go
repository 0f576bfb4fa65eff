// Command sym-translate: see pkg/cli/symtranslate and docs/streams.md.
package main

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/symtranslate"
)

func main() { os.Exit(symtranslate.Main(cli.OS(), os.Args[1:])) }
