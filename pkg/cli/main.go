package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
)

// Program is one binary's command-line shape, as a table: Main runs it.
// Each binary's Main is this table and one call, so --version, --help,
// usage errors, --json error records and exit codes work the same in all
// six.
type Program struct {
	// Name is the executable's name, as --version prints it.
	Name string
	// Entry runs when the first argument names none of Commands (the
	// stage itself: sym-deps, sym-match, ...). Its Name is unused.
	Entry Command
	// Commands are the other entry points the binary hosts, by first
	// argument: cargo agents' subcommands run in sym-match and
	// sym-install, sym-translate's hooks, payload and output. --help
	// lists them under CommandsHelp.
	Commands     []Command
	CommandsHelp string
	// JQ compiles the --jq expressions of the commands it runs that write
	// records (Globals.Records): jqout.Compile where the binary links
	// gojq, nil (--jq refused) or a stage process where it must not.
	JQ JQCompiler
}

// Command is one entry point. Either Flags declares its flags and Main
// parses them, or Run parses args itself (sym-hook's contract, a command
// with shapes of its own).
type Command struct {
	Name string
	// Usage is its arguments, as --help lists them ("NAME Usage").
	Usage string
	// Help is what its --help prints before the flags' defaults.
	Help string
	// Flags declares the command's flags on fs and returns its run,
	// bound to them, which gets the arguments left after the flags. A
	// bool flag named "json" set true makes a failure an error record
	// on stderr (docs/streams.md, Diagnostics).
	Flags func(fs *flag.FlagSet) func(stdio Stdio, args []string) error
	// Run runs the command on args and returns the exit code.
	Run func(stdio Stdio, args []string) int
}

// Main runs p with args (without the program name) and returns the exit
// code: exactly --version (or -V) prints the version; a first argument
// naming one of p.Commands runs it; anything else runs p.Entry. Usage
// errors all take one shape (Report): "PROG: MSG" and where the usage is,
// exit ExitUsage.
func Main(stdio Stdio, p Program, args []string) int {
	if stdio.JQ == nil {
		stdio.JQ = p.JQ
	}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-V") {
		fmt.Fprintln(stdio.Out, buildinfo.VersionLine(p.Name))
		return ExitOK
	}
	if len(args) > 0 {
		for _, c := range p.Commands {
			if c.Name == args[0] {
				return c.run(stdio, p.Name, args[1:], nil)
			}
		}
	}
	if p.Entry.Run == nil && p.Entry.Flags == nil {
		return p.subcommandOnly(stdio, args)
	}
	return p.Entry.run(stdio, p.Name, args, p.listCommands)
}

// subcommandOnly is Main for a binary that is only its Commands
// (sym-translate): --help is the program's usage, anything else a usage
// error.
func (p Program) subcommandOnly(stdio Stdio, args []string) int {
	var names []string
	for _, c := range p.Commands {
		names = append(names, c.Name)
	}
	want := strings.Join(names, ", ")
	if i := strings.LastIndex(want, ", "); i >= 0 {
		want = want[:i] + " or " + want[i+2:]
	}
	if len(args) == 0 {
		return Report(stdio.Err, p.Name, Usagef("missing subcommand (want %s)", want))
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdio.Out, p.Entry.Help)
		p.listCommands(stdio.Out)
		return ExitOK
	}
	return Report(stdio.Err, p.Name, Usagef("unknown subcommand %q (want %s)", args[0], want))
}

// listCommands is the part of --help that names every entry point p
// hosts besides its own.
func (p Program) listCommands(w io.Writer) {
	if p.CommandsHelp == "" {
		return
	}
	fmt.Fprint(w, p.CommandsHelp)
	for _, c := range p.Commands {
		fmt.Fprintf(w, "  %s %s %s\n", p.Name, c.Name, c.Usage)
	}
}

// run runs c as prog: its flags parsed (--help writes c.Help, the
// flags and more), its error reported.
func (c Command) run(stdio Stdio, prog string, args []string, more func(io.Writer)) int {
	if c.Flags == nil {
		return c.Run(stdio, args)
	}
	fs := flag.NewFlagSet(prog, flag.ContinueOnError)
	run := c.Flags(fs)
	help, err := ParseFlags(fs, args, stdio.Out, func(w io.Writer) { fmt.Fprint(w, c.Help) })
	if help && more != nil {
		more(stdio.Out)
	}
	if help || err != nil {
		return Report(stdio.Err, prog, err)
	}
	err = run(stdio, fs.Args())
	if j := fs.Lookup("json"); j != nil && j.Value.String() == "true" {
		return ReportJSON(stdio.Err, prog, err)
	}
	return Report(stdio.Err, prog, err)
}

// ReportJSON is Report for a command run with --json: a failure that is
// not a usage mistake is an error record on stderr (Diag.Error) instead
// of a line of text; the exit code is Report's.
func ReportJSON(stderr io.Writer, prog string, err error) int {
	var usage *UsageError
	if err == nil || errors.Is(err, ErrSilent) || errors.As(err, &usage) {
		return Report(stderr, prog, err)
	}
	var coded *ExitCodeError
	if errors.As(err, &coded) && (coded.Err == nil || errors.Is(coded.Err, ErrSilent)) {
		return coded.Code
	}
	Diag{W: stderr, Prog: prog, JSON: true}.Error(err)
	return Report(io.Discard, prog, err)
}
