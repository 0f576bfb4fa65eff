package setupcmd

import (
	"slices"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Main runs args[0], one of Commands, as sym-install does (cli.Main);
// ok is false, and nothing runs, for any other name.
func Main(stdio cli.Stdio, args []string) (code int, ok bool) {
	if len(args) == 0 || !slices.ContainsFunc(Commands, func(c cli.Command) bool { return c.Name == args[0] }) {
		return 0, false
	}
	return cli.Main(stdio, cli.Program{Name: "sym-install", Commands: Commands}, args), true
}
