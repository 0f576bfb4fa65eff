package sourcecmd

// Plugin-vended subcommands ([subcommand.<name>], upstream
// md/design/subcommands.md). cargo-agents hands a name that is none of its
// own here, with the user's arguments untouched:
//
//	sym-match subcommand [--update LEVEL] [-q] NAME ARGS...
//	sym-match subcommand-help [--update LEVEL] [-q]
//
// The first runs NAME if a plugin active in this workspace offers it (its
// own depends-on and predicates holding too); the second writes the
// section `cargo agents --help` lists them in. Both match the workspace
// from what is on disk, as status does: nothing is fetched to find them.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"sort"
	"strings"

	acquire1 "github.com/symposium-dev/symposium-go/pkg/acquire"
	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/cli/cmdlog"
	"github.com/symposium-dev/symposium-go/pkg/cli/userconf"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/plugin"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// The sym-match commands cargo-agents delegates plugin-vended subcommands
// and their help section to.
const (
	VendedRun  = "subcommand"
	VendedHelp = "subcommand-help"
)

// mainVended runs `sym-match subcommand GLOBALS NAME ARGS...` and returns
// the exit code: the plugin program's own, or ours when it did not run.
func mainVended(stdio cli.Stdio, args []string) int {
	cg, rest, err := cli.ParseGlobals(args)
	g := Globals{Globals: cg}
	if err == nil && len(rest) == 0 {
		err = cli.Usagef("%s: missing the command name", VendedRun)
	}
	name, forward := VendedRun, []string(nil)
	if len(rest) > 0 {
		name, forward = rest[0], rest[1:]
	}
	// The program gets the caller's own streams (a terminal stays a
	// terminal), not the log's tee of stderr.
	child := stdio
	return cmdlog.Delegated(stdio, name, forward, buildinfo.Version, func(stdio cli.Stdio, log *cmdlog.Run) error {
		if err != nil {
			return err
		}
		g.Log = log
		return runVended(child, stdio, g, name, forward)
	})
}

// mainVendedHelp writes the plugin-vended section of `cargo agents
// --help`. Help never fails for it: a problem is one line on stderr.
func mainVendedHelp(stdio cli.Stdio, args []string) int {
	if _, _, err := cli.ParseGlobals(args); err != nil {
		return cli.Report(stdio.Err, "cargo agents --help", err)
	}
	cwd, err := os.Getwd()
	if err == nil {
		var res *plugin.Result
		if res, _, err = vendedMatch(cwd, func(pos.Warning) {}); err == nil {
			writeVendedHelp(stdio.Out, res.Subcommands)
			return cli.ExitOK
		}
	}
	fmt.Fprintf(stdio.Err, "cargo agents: plugin commands are not listed: %v\n", err)
	return cli.ExitOK
}

// vendedMatch matches the workspace containing dir as status does, or,
// outside any workspace, with no dependencies (upstream: there only
// plugins for every workspace, depends-on = ["*"], offer commands).
func vendedMatch(dir string, warn func(pos.Warning)) (*plugin.Result, config.Dirs, error) {
	_, res, dirs, _, err := workspaceStatus(dir, warn)
	if err == nil || !errors.Is(err, cargofind.ErrNotFound) {
		return res, dirs, err
	}
	dirs, cfg, err := userconf.Load(warn)
	if err != nil {
		return nil, dirs, err
	}
	res = plugin.MatchConfigured(context.Background(), cfg, dirs, plugin.UpdateOffline, cratepred.NewSet(nil),
		plugin.Workspace{LookupEnv: os.LookupEnv}, nil, nil, warn)
	return res, dirs, nil
}

// runVended finds NAME, acquires what it runs if that is not done yet
// (an explicit command may build or download, as upstream's does), and
// runs it with args on the caller's streams.
func runVended(child, stdio cli.Stdio, g Globals, name string, args []string) error {
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	res, dirs, err := vendedMatch(cwd, func(w pos.Warning) { g.Log.Printf(logfile.Warn, "%s", w) })
	if err != nil {
		return err
	}
	var found []stream.Subcommand
	for _, sc := range res.Subcommands {
		if sc.Name == name {
			found = append(found, sc)
		}
	}
	switch len(found) {
	case 0:
		return notOffered(stdio.Err, name, res.Rejected)
	case 1:
	default:
		var plugins []string
		for _, sc := range found {
			plugins = append(plugins, sc.Plugin+" ("+sc.File+")")
		}
		return fmt.Errorf("%q is offered by more than one plugin here: %s; keep one (tighten a plugin's depends-on, or list one in [plugins] disable)", name, strings.Join(plugins, ", "))
	}
	sc := found[0]
	g.Log.Printf(logfile.Info, "plugin %s: %s %s", sc.Plugin, strings.Join(sc.Exec, " "), strings.Join(args, " "))
	if err := acquire(sc, dirs, g.Update, stdio.Err); err != nil {
		return err
	}
	return runProgram(child, sc, args)
}

// notOffered is the usage error for a name no applicable plugin offers,
// saying why when a plugin offers it elsewhere.
func notOffered(w io.Writer, name string, rejected []stream.Rejected) error {
	msg := fmt.Sprintf("unknown command %q", name)
	for _, r := range rejected {
		if r.What == "subcommand" && r.Name == name {
			msg += fmt.Sprintf(": plugin %s offers it, but not in this workspace (%s: %s)", r.Plugin, r.File, r.Reason)
			break
		}
	}
	fmt.Fprintf(w, "cargo agents: %s\nRun 'cargo agents --help' for the commands this workspace has.\n", msg)
	return &cli.ExitCodeError{Code: cli.ExitUsage, Err: cli.ErrSilent}
}

// acquire installs what sc runs that is not installed yet.
func acquire(sc stream.Subcommand, dirs config.Dirs, update string, progress io.Writer) error {
	// A download with no sha256 is trusted on first use, as at sync.
	env := cli.ReadEnv()
	opts := acquire1.Options{Progress: progress, Digests: acquire1.DigestsFile(dirs.Config), GitHubURL: env.GitHubURL, BinaryURL: env.BinaryURL}
	for _, in := range sc.Installations {
		if acquire1.Installed(in) {
			continue
		}
		if update == plugin.UpdateOffline {
			return fmt.Errorf("%s: installation %q of plugin %s is not installed, and --update offline forbids building or downloading it", in.File, in.Name, sc.Plugin)
		}
		if _, err := acquire1.InstallWith(context.Background(), in, dirs.Cache, opts); err != nil {
			return fmt.Errorf("%s: plugin %s: installation %q failed: %w", in.File, sc.Plugin, in.Name, err)
		}
	}
	return nil
}

// runProgram runs sc's argv with args appended, in the caller's
// directory, and passes its exit status on. An interrupt from the
// terminal reaches the program too; this process waits for it rather
// than exiting under it.
func runProgram(stdio cli.Stdio, sc stream.Subcommand, args []string) error {
	if len(sc.Exec) == 0 {
		return fmt.Errorf("%s: plugin %s: subcommand %q has nothing to run", sc.File, sc.Plugin, sc.Name)
	}
	cmd := exec.Command(sc.Exec[0], append(append([]string{}, sc.Exec[1:]...), args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdio.In, stdio.Out, stdio.Err
	cmd.Env = vendedEnv(sc)
	stop := ignoreInterrupts()
	defer stop()
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code := exit.ExitCode()
		if code < 0 {
			code = cli.ExitFailure // killed by a signal (upstream: a generic failure)
		}
		return &cli.ExitCodeError{Code: code, Err: cli.ErrSilent}
	}
	if err != nil {
		return fmt.Errorf("%s: plugin %s: running %s: %w", sc.File, sc.Plugin, sc.Exec[0], err)
	}
	return nil
}

// vendedEnv is ours plus what a hook of the plugin gets: its directory,
// its installations' variables, their directories before PATH.
func vendedEnv(sc stream.Subcommand) []string {
	env := append(os.Environ(), "SYMPOSIUM_PLUGIN_DIR="+sc.Dir)
	keys := slices.Sorted(maps.Keys(sc.Env))
	for _, k := range keys {
		env = append(env, k+"="+sc.Env[k])
	}
	if len(sc.Path) > 0 {
		p := strings.Join(sc.Path, string(os.PathListSeparator))
		if old := os.Getenv("PATH"); old != "" {
			p += string(os.PathListSeparator) + old
		}
		env = append(env, "PATH="+p) // the last of a duplicated key wins
	}
	return env
}

// ignoreInterrupts makes this process survive the terminal's interrupt
// (which its child gets too) until the returned func is called.
func ignoreInterrupts() func() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	return func() { signal.Stop(c) }
}

// writeVendedHelp lists subs under their plugin, each with its audience
// (upstream groups `cargo agents --help` by it; ours groups by plugin,
// which says where a command comes from).
func writeVendedHelp(w io.Writer, subs []stream.Subcommand) {
	if len(subs) == 0 {
		return
	}
	subs = append([]stream.Subcommand{}, subs...)
	sort.SliceStable(subs, func(i, j int) bool {
		if subs[i].Plugin != subs[j].Plugin {
			return subs[i].Plugin < subs[j].Plugin
		}
		return subs[i].Name < subs[j].Name
	})
	for i, sc := range subs {
		if i == 0 || sc.Plugin != subs[i-1].Plugin {
			fmt.Fprintf(w, "\nCommands from plugin %s (cargo agents NAME --help is the plugin's own):\n", sc.Plugin)
		}
		desc, _, _ := strings.Cut(sc.Description, "\n")
		fmt.Fprintf(w, "  %-12s %s [for %s]\n", sc.Name, desc, sc.Audience)
	}
}
