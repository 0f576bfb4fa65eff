package cli

import (
	"errors"
	"flag"
	"io"
)

// ParseFlags parses args into fs the one way every binary does: --help
// (help true) writes usage, then fs's flags, on stdout, where a user asked
// for it; a mistake is a UsageError, which Report prints as
// "PROG: MSG" and where to find the usage, with exit code ExitUsage.
func ParseFlags(fs *flag.FlagSet, args []string, stdout io.Writer, usage func(w io.Writer)) (help bool, err error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
			return true, nil
		}
		return false, Usagef("%v", err)
	}
	return false, nil
}
