// Package hookfast is the sym-hook command: the hook agents call on every
// tool call. It answers the common call itself, the one that has nothing
// to run: the workspace's hook record (pkg/hookrecord) is current and no
// stored plugin hook is for the call's event and tool. Anything else (a
// plugin hook to run, an auto-sync to do, a session start to greet, a
// refresh to note, a payload it does not read, any doubt) it hands, with
// the payload, to `cargo-agents hook AGENT EVENT`, the full hook
// (pkg/cli/symhook, pkg/dispatch), and passes its answer and exit code on.
//
// Its reason to exist is start-up cost: a process start pays for every
// package its binary links, so sym-hook links no JSON decoder, no TOML, no
// fmt, regexp or os/exec, and builds nothing at package init. What it
// knows of each agent (where its payload holds the cwd and the tool, its
// "proceed" answer to each event, the tool vocabulary) is generated from
// pkg/agent into table.go (go test ./pkg/hookfast -update), and its tests
// hold every answer it gives to what the full hook answers.
package hookfast

import (
	"io"
	"os"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/hookmatch"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/logfile"
	"github.com/symposium-dev/symposium-go/pkg/userdirs"
)

// maxPayload bounds what we read from the agent, as the full hook does.
const maxPayload = 64 << 20

// Env is what sym-hook reads of the process's environment, given by its
// main (the edge, as pkg/cli is for the other binaries) or a test.
type Env struct {
	Getenv     func(string) string
	Getwd      func() (string, error)
	Executable func() (string, error) // where the full hook is looked for first
}

// processCwd is what Getwd finds ("" on an error).
func (e Env) processCwd() string {
	wd, _ := e.Getwd()
	return wd
}

// Main runs sym-hook with args (without the program name) and returns the
// exit code the calling agent expects.
func Main(args []string, stdin, stdout, stderr *os.File, env Env) int {
	if len(args) == 1 && args[0] == "--version" {
		stdout.WriteString(buildinfo.VersionLine("sym-hook") + "\n")
		return 0
	}
	if len(args) != 2 {
		// Help and misuse: the full hook says what it wants, reading
		// stdin only if it needs to.
		return delegate(args, stdin, nil, stdout, stderr, env)
	}
	payload, err := io.ReadAll(io.LimitReader(stdin, maxPayload))
	if err == nil {
		if out, code, ok := Answer(args[0], args[1], payload, env); ok {
			if len(out) > 0 {
				stdout.Write(out)
			}
			return code
		}
	}
	return delegate(args, nil, payload, stdout, stderr, env)
}

// Answer is the lean path: the answer of the full hook to agent's event
// with payload, and true, when it can tell that the full hook would run
// nothing, print nothing on stderr and write no log; false otherwise.
func Answer(agentName, cliEvent string, payload []byte, env Env) (out []byte, code int, ok bool) {
	w := wireOf(agentName)
	ev := canonicalEvent(cliEvent)
	if w == nil || w.cwd == nil || ev < 0 || ev == sessionStart || env.Getenv(deadlineEnv) != "" {
		return nil, 0, false
	}
	a := w.answers[ev]
	if !a.fast {
		return nil, 0, false
	}
	paths := append([][]string{w.cwd}, w.tool...)
	got, ok := extract(payload, paths)
	if !ok {
		return nil, 0, false
	}
	tool, ok := toolName(got[1:])
	if !ok {
		return nil, 0, false
	}
	dir := hookrecord.CallDir(got[0].val, env.processCwd)
	if dir == "" || !nothingToRun(dir, events[ev].canonical, tool, a, env) {
		return nil, 0, false
	}
	return []byte(a.stdout), a.exit, true
}

// toolName is the one tool name the payload's places hold, or false when
// two of them disagree.
func toolName(at []found) (string, bool) {
	name := ""
	for _, f := range at {
		if f.present && f.val != name {
			if name != "" {
				return "", false
			}
			name = f.val
		}
	}
	return name, true
}

// nothingToRun reports whether the full hook, for a call in dir, would find
// the workspace's record current, its config unchanged and quiet, no
// refresh to note and no stored hook for event and tool.
func nothingToRun(dir, event, tool string, a answer, env Env) bool {
	cacheDir, configFile, ok := dirs(env)
	if !ok {
		return false
	}
	h, err := hookrecord.Find(cacheDir, dir)
	if err != nil {
		return false
	}
	if h == nil {
		return nothingOutside(cacheDir, configFile, dir)
	}
	cfg := h.ConfigIfCurrent(configFile)
	if cfg == nil || verbose(cfg.LogLevel) {
		return false
	}
	if cfg.AutoSync && !h.Fresh(hookrecord.Extra(cfg.Agents, cfg.HookScope, buildinfo.Version)) {
		return false
	}
	if len(cfg.Refresh) > 0 && hookrecord.AnyToMark(cfg.Refresh, cfg.RefreshInterval, time.Now()) {
		return false
	}
	for _, g := range h.Groups {
		if g.Event == event && (a.toolMatters || selects(g.Matcher, event, tool)) {
			return false
		}
	}
	return true
}

// nothingOutside reports whether the full hook, for a call in dir,
// which no synced workspace holds, would run nothing: the config is as the
// last sync's config record saw it, quiet, and either auto-sync is off or
// dir is in no Rust project (one that is gets its first sync).
func nothingOutside(cacheDir, configFile, dir string) bool {
	cfg := hookrecord.LoadConfig(cacheDir).ConfigIfCurrent(configFile)
	if cfg == nil || verbose(cfg.LogLevel) {
		return false
	}
	if !cfg.AutoSync {
		return true
	}
	return !cargofind.InProject(dir)
}

// verbose reports whether a log level makes the full hook write a log on
// every call (it logs each call at debug).
func verbose(level string) bool { return logfile.ParseLevel(level) <= logfile.Debug }

// selects reports whether a stored hook's matcher may select tool: true
// unless it is an alternation of plain names none of which is a name of
// the tool (pkg/hookmatch); the full hook compiles the other matchers.
func selects(matcher, event, tool string) bool {
	if !toolEvent(event) {
		return true // the matcher is ignored: every hook of the event runs
	}
	if matcher == "" || matcher == "*" || !hookmatch.PlainNames(matcher) {
		return true
	}
	return hookmatch.AnyAlternative(matcher, toolAliases(tool))
}

// toolAliases is every name of the tool called name (agent.ToolAliases):
// itself alone when the vocabulary does not know it.
func toolAliases(name string) []string {
	if name == "" {
		return nil
	}
	for _, t := range tools {
		if t.name == name {
			return t.aliases
		}
	}
	return []string{name}
}

// dirs finds the cache directory and the config file as the full hook
// does (pkg/userdirs); false without SYMPOSIUM_HOME or a home directory.
func dirs(env Env) (cacheDir, configFile string, ok bool) {
	home := env.Getenv(homeEnv)
	if home == "" && env.Getenv("SYMPOSIUM_HOME") == "" {
		return "", "", false
	}
	d := userdirs.Resolve(env.Getenv, home)
	return d.Cache, userdirs.ConfigFile(d.Config), true
}
