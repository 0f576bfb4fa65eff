package symtranslate

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/hookfmt"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// The payload front end: sym-hook's codecs (pkg/agent), driven by hand, so
// that one stage of the hook path can be debugged at a time.

type payloadArgs struct {
	from, to hookfmt.Wire
	event    string
	input    []byte
}

func parsePayloadArgs(stdio cli.Stdio, name string, args []string, extra func(*flag.FlagSet)) (*payloadArgs, int, bool) {
	fs := flag.NewFlagSet(prog+" "+name, flag.ContinueOnError)
	from := fs.String("from", "", "the `agent` whose format the input is in (or symposium)")
	to := fs.String("to", "", "the `agent` whose format to print (or symposium)")
	event := fs.String("event", "", "the hook `event` (pre-tool-use, post-tool-use, user-prompt-submit, session-start)")
	if extra != nil {
		extra(fs)
	}
	if code, done := parseFlags(stdio, fs, args); done {
		return nil, code, true
	}
	if *from == "" || *to == "" || *event == "" {
		return nil, cli.Report(stdio.Err, prog, cli.Usagef("%s needs --from, --to and --event", name)), true
	}
	a := &payloadArgs{}
	var ok bool
	if a.from, ok = agent.WireFor(*from); !ok {
		return nil, cli.Report(stdio.Err, prog, cli.Usagef("--from %q: want one of %s", *from, strings.Join(agent.WireNames(), ", "))), true
	}
	if a.to, ok = agent.WireFor(*to); !ok {
		return nil, cli.Report(stdio.Err, prog, cli.Usagef("--to %q: want one of %s", *to, strings.Join(agent.WireNames(), ", "))), true
	}
	if a.event, ok = stream.CanonicalEvent(*event); !ok {
		return nil, cli.Report(stdio.Err, prog, cli.Usagef("--event %q: want pre-tool-use, post-tool-use, user-prompt-submit or session-start", *event)), true
	}
	var err error
	switch fs.NArg() {
	case 0:
		a.input, err = io.ReadAll(stdio.In)
	case 1:
		a.input, err = os.ReadFile(fs.Arg(0))
	default:
		return nil, cli.Report(stdio.Err, prog, cli.Usagef("at most one FILE")), true
	}
	if err != nil {
		return nil, cli.Report(stdio.Err, prog, err), true
	}
	return a, 0, false
}

func payloadMain(stdio cli.Stdio, args []string) int {
	a, code, done := parsePayloadArgs(stdio, "payload", args, nil)
	if done {
		return code
	}
	p, err := a.from.Decode(a.event, a.input)
	if err != nil {
		return cli.Report(stdio.Err, prog, fmt.Errorf("%s %s payload: %w", a.from.Name(), a.event, err))
	}
	out, err := a.to.EncodeInput(p)
	if err != nil {
		return cli.Report(stdio.Err, prog, fmt.Errorf("encoding for %s: %w", a.to.Name(), err))
	}
	stdio.Out.Write(out)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		io.WriteString(stdio.Out, "\n")
	}
	return cli.ExitOK
}

// outputMain translates a hook's answer. The exit code of the translated
// answer is printed on stderr (as "exit code: N"); sym-translate itself
// exits 0, so it can sit in a pipe.
func outputMain(stdio cli.Stdio, args []string) int {
	var exit int
	a, code, done := parsePayloadArgs(stdio, "output", args, func(fs *flag.FlagSet) {
		fs.IntVar(&exit, "exit", 0, "the exit `code` the hook answered with")
	})
	if done {
		return code
	}
	var out *hookfmt.Output
	if exit == 2 {
		// Exit 2 is a block in every format, its reason on stderr.
		out = &hookfmt.Output{Block: true, Reason: strings.TrimSpace(string(a.input))}
	} else {
		var err error
		if out, err = a.from.DecodeOutput(a.event, a.input, exit); err != nil {
			return cli.Report(stdio.Err, prog, fmt.Errorf("%s %s answer: %w", a.from.Name(), a.event, err))
		}
	}
	stdout, code2, stderr := a.to.Encode(a.event, out)
	stdio.Out.Write(stdout)
	if len(stdout) > 0 && stdout[len(stdout)-1] != '\n' {
		io.WriteString(stdio.Out, "\n")
	}
	if len(stderr) > 0 {
		fmt.Fprintf(stdio.Err, "stderr: %s\n", strings.TrimSpace(string(stderr)))
	}
	fmt.Fprintf(stdio.Err, "exit code: %d\n", code2)
	return cli.ExitOK
}
