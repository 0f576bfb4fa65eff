package cli

import (
	"slices"
	"strings"
)

// UpdateLevels are the values of --update, in the order messages list
// them.
var UpdateLevels = []string{"offline", "none", "check", "fetch"}

// Globals are the options the book lists before any `cargo agents`
// subcommand. They are parsed here only: cargo-agents reads them from the
// user's command line (before or after the subcommand), and passes them on
// with Flags to the subcommands it runs in sym-match and sym-install,
// which read them back with ParseGlobals.
type Globals struct {
	Quiet bool // -q: no status output
	// Verbose (-v) adds the decision trace to what a command prints;
	// JSON (--json) makes it print records instead of text, for the
	// commands that have them.
	Verbose, JSON bool
	// JQ (--jq EXPR, implies --json) filters the records through a jq
	// expression (Records).
	JQ     string
	Update string // offline, none (default), check or fetch
	// UpdateSet: --update was given. Without it, sync refreshes the
	// auto-update sources whose last check is older than the debounce.
	UpdateSet bool
	// noJQ: --jq came last, without its expression (Check says so).
	noJQ bool
}

// ParseGlobals takes the global options from the front of args and returns
// the rest untouched, so a subcommand's own flags are its business. A bad
// --update level is a usage error.
func ParseGlobals(args []string) (Globals, []string, error) {
	g := Globals{Update: "none"}
	for len(args) > 0 {
		n := g.Take(args)
		if n == 0 {
			break
		}
		args = args[n:]
	}
	return g, args, g.Check()
}

// Take consumes one global option at the start of args, returning how many
// arguments it used (0: not a global option).
func (g *Globals) Take(args []string) int {
	switch a := args[0]; {
	case a == "-q" || a == "--quiet":
		g.Quiet = true
		return 1
	case a == "-v" || a == "--verbose":
		g.Verbose = true
		return 1
	case a == "--json":
		g.JSON = true
		return 1
	case a == "--jq" && len(args) > 1:
		g.JQ, g.JSON = args[1], true
		return 2
	case a == "--jq":
		g.noJQ = true
		return 1
	case strings.HasPrefix(a, "--jq="):
		g.JQ, g.JSON = strings.TrimPrefix(a, "--jq="), true
		return 1
	case a == "--update" && len(args) > 1:
		g.Update, g.UpdateSet = args[1], true
		return 2
	case strings.HasPrefix(a, "--update="):
		g.Update, g.UpdateSet = strings.TrimPrefix(a, "--update="), true
		return 1
	}
	return 0
}

// TakeAll removes the global options from a subcommand's arguments (up to
// a "--", which it keeps) and returns the rest: they may follow the
// subcommand too.
func (g *Globals) TakeAll(args []string) []string {
	var rest []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return append(rest, args[i:]...)
		}
		if n := g.Take(args[i:]); n > 0 {
			i += n - 1
			continue
		}
		rest = append(rest, args[i])
	}
	return rest
}

// Check refuses an --update level no command knows and a --jq without
// its expression.
func (g Globals) Check() error {
	if g.noJQ {
		return Usagef("--jq needs a jq expression (--jq EXPR)")
	}
	return CheckUpdate(g.Update)
}

// CheckUpdate refuses an --update level no command knows, wherever the
// option was read (here, or sym-match's own flag).
func CheckUpdate(level string) error {
	if !slices.Contains(UpdateLevels, level) {
		return Usagef("--update %q: must be offline, none, check or fetch", level)
	}
	return nil
}

// Flags are g as the arguments ParseGlobals reads back: each option that
// was given, so a delegated command tells a default from a choice.
func (g Globals) Flags() []string {
	var flags []string
	if g.UpdateSet {
		flags = append(flags, "--update="+g.Update)
	}
	if g.Quiet {
		flags = append(flags, "-q")
	}
	if g.Verbose {
		flags = append(flags, "-v")
	}
	if g.JSON {
		flags = append(flags, "--json")
	}
	if g.JQ != "" {
		flags = append(flags, "--jq="+g.JQ)
	}
	return flags
}

// SyncUpdate is the update level a sync runs with: --update's, else
// "auto" (sources due for a check are fetched: docs/freshness.md).
func (g Globals) SyncUpdate() string {
	if g.UpdateSet {
		return g.Update
	}
	return "auto"
}
