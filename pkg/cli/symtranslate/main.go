// Package symtranslate is the sym-translate command: flags, wiring and exit codes.
//
// `sym-translate hooks` converts one agent's hook configuration into
// another's through the Hook Interchange Format (pkg/hif); `sym-translate
// payload` converts one hook payload (its codecs live in pkg/agent and
// pkg/dispatch). This package parses flags, reads the input, prints the result
// and maps failures to exit codes.
package symtranslate

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/hif"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

const prog = "sym-translate"

// usage's lists of providers and agents come from pkg/agent's one list.
var usage = `usage: sym-translate hooks --from P --to Q [--strict] [--json] [--write] [FILE]
       sym-translate payload --from A --to B --event E [FILE]
       sym-translate output  --from A --to B --event E [--exit N] [FILE]

hooks converts a hook configuration from one agent's format to another's
through the Hook Interchange Format (HIF 1.0). FILE (default: stdin) may be
a whole settings or agent file; only its hooks are read. The target's hooks
configuration is printed on stdout; every dropped or changed field is
reported on stderr.

` + agent.ListText("P, Q: ", "", hif.ProviderUsage(), 76) + `.

payload converts one hook payload (what agent A sends on stdin) into what
agent B would send for the same event; output converts a hook's answer (its
stdout and exit code in A's format) into B's answer.
` + agent.ListText("A, B: ", "", agent.WireUsage(), 76) + `.
` + agent.ListText("E: ", "", stream.EventArgs, 76) + `.
These use the same codecs as sym-hook.

Exit status: 0 ok, 1 invalid input (or, with --strict, any loss), 2 usage.
`

// program is sym-translate's command line: three subcommands.
var program = cli.Program{Name: prog, Entry: cli.Command{Help: usage}, Commands: []cli.Command{
	{Name: "hooks", Help: flagsHelp, Flags: hooksFlags},
	{Name: "payload", Help: flagsHelp, Flags: payloadFlags},
	{Name: "output", Help: flagsHelp, Flags: outputFlags},
}}

// flagsHelp is what a subcommand's --help prints before its flags.
var flagsHelp = usage + "\nFlags:\n"

// Main runs sym-translate with args (without the program name) and returns the exit code.
func Main(stdio cli.Stdio, args []string) int { return cli.Main(stdio, program, args) }

type hooksOpts struct {
	from, to  string
	file      string
	strict    bool
	json      bool
	write     bool
	root      string
	kiroAgent string
}

func hooksFlags(fs *flag.FlagSet) func(cli.Stdio, []string) error {
	var o hooksOpts
	fs.StringVar(&o.from, "from", "", "the input's `provider` (or hif)")
	fs.StringVar(&o.to, "to", "", "the output's `provider` (or hif)")
	fs.BoolVar(&o.strict, "strict", false, "fail (exit 1, no output) if anything would be lost")
	fs.BoolVar(&o.json, "json", false, "write warnings and errors to stderr as JSON records")
	fs.BoolVar(&o.write, "write", false, "merge the result into the target agent's project file instead of printing it")
	fs.StringVar(&o.root, "root", ".", "project `directory` for --write")
	fs.StringVar(&o.kiroAgent, "kiro-agent", "default", "Kiro agent `name` for --write (.kiro/agents/NAME.json)")
	return func(stdio cli.Stdio, args []string) error {
		if len(args) > 1 {
			return cli.Usagef("unexpected argument %q", args[1])
		}
		if len(args) == 1 {
			o.file = args[0]
		}
		for _, f := range []struct{ name, val string }{{"--from", o.from}, {"--to", o.to}} {
			if f.val == "" {
				return cli.Usagef("%s is required", f.name)
			}
			if _, ok := hif.ProviderSlug(f.val); !ok {
				return cli.Usagef("%s: unknown provider %q (want one of %s)", f.name, f.val, strings.Join(hif.Providers(), ", "))
			}
		}
		return runHooks(stdio, o)
	}
}

func runHooks(stdio cli.Stdio, o hooksOpts) error {
	name := o.file
	var data []byte
	var err error
	if name == "" || name == "-" {
		name = "<stdin>"
		data, err = io.ReadAll(stdio.In)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return err
	}
	res, err := hif.Convert(o.from, o.to, name, data, o.strict)
	if err != nil {
		return err
	}
	diag := cli.Diag{W: stdio.Err, Prog: prog, JSON: o.json}
	for _, w := range res.Warnings {
		diag.Record(stream.Diagnostic{Kind: stream.KindWarning, Hook: w.Hook, Event: w.Event, Command: w.Command, Field: w.Field, Capability: w.Capability, Message: w.Message}, w.String())
	}
	if o.strict && len(res.Warnings) > 0 {
		return fmt.Errorf("--strict: %d loss(es) converting %s to %s; nothing written", len(res.Warnings), o.from, o.to)
	}
	if o.write {
		return writeTarget(stdio, o, res.Output)
	}
	_, err = stdio.Out.Write(res.Output)
	return err
}
