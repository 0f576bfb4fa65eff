package symtranslate

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/canonhook"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// The payload front end: sym-hook's codecs (pkg/agent), driven by hand, so
// that one stage of the hook path can be debugged at a time.

type payloadArgs struct {
	from, to canonhook.Wire
	event    string
	input    []byte
}

// payloadFlags declares the flags payload and output share; the run it
// returns reads the input and checks them.
func payloadFlags(fs *flag.FlagSet) func(cli.Stdio, []string) error {
	read := payloadArgsFlags(fs, "payload")
	return func(stdio cli.Stdio, args []string) error {
		a, err := read(stdio, args)
		if err != nil {
			return err
		}
		return translatePayload(stdio, a)
	}
}

func payloadArgsFlags(fs *flag.FlagSet, name string) func(cli.Stdio, []string) (*payloadArgs, error) {
	from := fs.String("from", "", "the `agent` whose format the input is in (or symposium)")
	to := fs.String("to", "", "the `agent` whose format to print (or symposium)")
	event := fs.String("event", "", "the hook `event` ("+strings.Join(stream.EventArgs, ", ")+")")
	return func(stdio cli.Stdio, args []string) (*payloadArgs, error) {
		if *from == "" || *to == "" || *event == "" {
			return nil, cli.Usagef("%s needs --from, --to and --event", name)
		}
		a := &payloadArgs{}
		var ok bool
		if a.from, ok = agent.WireFor(*from); !ok {
			return nil, cli.Usagef("--from %q: want one of %s", *from, strings.Join(agent.WireNames(), ", "))
		}
		if a.to, ok = agent.WireFor(*to); !ok {
			return nil, cli.Usagef("--to %q: want one of %s", *to, strings.Join(agent.WireNames(), ", "))
		}
		if a.event, ok = stream.CanonicalEvent(*event); !ok {
			return nil, cli.Usagef("--event %q: want one of %s", *event, strings.Join(stream.EventArgs, ", "))
		}
		var err error
		switch len(args) {
		case 0:
			a.input, err = io.ReadAll(stdio.In)
		case 1:
			a.input, err = os.ReadFile(args[0])
		default:
			return nil, cli.Usagef("at most one FILE")
		}
		return a, err
	}
}

func translatePayload(stdio cli.Stdio, a *payloadArgs) error {
	p, err := a.from.Decode(a.event, a.input)
	if err != nil {
		return fmt.Errorf("%s %s payload: %w", a.from.Name(), a.event, err)
	}
	out, err := a.to.EncodeInput(p)
	if err != nil {
		return fmt.Errorf("encoding for %s: %w", a.to.Name(), err)
	}
	stdio.Out.Write(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		io.WriteString(stdio.Out, "\n")
	}
	return nil
}

// outputFlags is the output subcommand: it translates a hook's answer.
// The exit code of the translated answer is printed on stderr (as "exit
// code: N"); sym-translate itself exits 0, so it can sit in a pipe.
func outputFlags(fs *flag.FlagSet) func(cli.Stdio, []string) error {
	read := payloadArgsFlags(fs, "output")
	exit := fs.Int("exit", 0, "the exit `code` the hook answered with")
	return func(stdio cli.Stdio, args []string) error {
		a, err := read(stdio, args)
		if err != nil {
			return err
		}
		return translateOutput(stdio, a, *exit)
	}
}

func translateOutput(stdio cli.Stdio, a *payloadArgs, exit int) error {
	var out *canonhook.Output
	if exit == 2 {
		// Exit 2 is a block in every format, its reason on stderr.
		out = &canonhook.Output{Block: true, Reason: strings.TrimSpace(string(a.input))}
	} else {
		var err error
		if out, err = a.from.DecodeOutput(a.event, a.input, exit); err != nil {
			return fmt.Errorf("%s %s answer: %w", a.from.Name(), a.event, err)
		}
	}
	stdout, code, stderr := a.to.Encode(a.event, out)
	stdio.Out.Write(stdout)
	if len(stdout) > 0 && stdout[len(stdout)-1] != '\n' {
		io.WriteString(stdio.Out, "\n")
	}
	if len(stderr) > 0 {
		fmt.Fprintf(stdio.Err, "stderr: %s\n", strings.TrimSpace(string(stderr)))
	}
	fmt.Fprintf(stdio.Err, "exit code: %d\n", code)
	return nil
}
