// Command sym-hook: see pkg/hookfast and docs/streams.md.
package main

import (
	"os"

	"github.com/symposium-dev/symposium-go/pkg/hookfast"
)

func main() {
	os.Exit(hookfast.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, hookfast.Env{Getenv: os.Getenv, Getwd: os.Getwd, Executable: os.Executable}))
}
