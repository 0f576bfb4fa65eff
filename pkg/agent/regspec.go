package agent

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/ordjson"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Target says where registration happens and what gets registered.
type Target struct {
	Workspace string // absolute workspace root (project-scope files live here)
	Home      string // user's home (global files)
	// Host is the system and the variables that move an agent's files
	// out of the home (CODEX_HOME, Goose's %APPDATA% on Windows).
	Host    Host
	Scope   string // "global" or "project": where hooks go (ScopeGlobal/ScopeProject)
	Command string // our hook executable as registered: "sym-hook" or an absolute path
	Timeout int    // seconds the agent gives our command; 0 = DefaultTimeout
	// Read, when set, collects every file Gates reads or stats, so a
	// caller can tell when the gates may have changed without re-checking.
	Read *[]string
	// Getenv reads the environment symposium runs in, which an agent
	// started there shares (a gate may depend on it: GEMINI_API_KEY);
	// nil reads nothing.
	Getenv func(string) string

	files Files // what the gates read user files with (set by Gates)
	// parsed are the JSON files one Gates call read, by path: its checks
	// read some files two or three times (nil, or emptied, outside it).
	parsed *parsedFiles
}

// getenv is Getenv, or nothing set.
func (t Target) getenv(name string) string {
	if t.Getenv == nil {
		return ""
	}
	return t.Getenv(name)
}

// DefaultTimeout is the time, in seconds, an agent gives our hook command. It
// must leave room for the plugin hooks the command runs (30 s each by default).
const DefaultTimeout = 60

// Change is one file (or, for MCP servers, one server entry) that a
// registration call created, updated, removed or left unchanged.
type Change struct {
	Op     string // OpHook, OpMCPServer or OpAgentFile
	Path   string // absolute path of the file
	Status string // fileedit status: created, updated, unchanged, removed
	Name   string // MCP server name; "" for hook files
	Detail string // human detail, e.g. the events registered
	// Trust is the entry an OpTrust change added, for uninstall --trust;
	// nil when it added none.
	Trust *TrustEntry
}

// Change ops.
const (
	OpHook      = "hook"
	OpMCPServer = "mcp_server"
	OpAgentFile = "agent_file"
)

// Change statuses (the fileedit ones).
const (
	StatusCreated   = "created"
	StatusUpdated   = "updated"
	StatusUnchanged = "unchanged"
	StatusRemoved   = "removed"
)

// HookExecutable is the base name of the executable our hook commands
// run, as `sym-hook AGENT EVENT`: a small binary that answers the common
// "nothing to run" call itself and hands anything else to cargo-agents.
const HookExecutable = "sym-hook"

// legacyExecutable is what versions before registered, as `cargo-agents
// hook AGENT EVENT`: IsOurCommand still recognises it, so a sync replaces
// such an entry in place.
const legacyExecutable = "cargo-agents"

// HookCommand is the command line an agent runs for one of our hooks:
// command (shell-quoted when needed) "AGENT EVENT", with the CLI
// spelling of the canonical event (hookArgs). For an agent whose launcher runs it
// through a shell, that is behind a guard that answers exit 0 (proceed)
// when command is not there: a teammate who cloned the project without
// installing symposium, or an uninstall, must not have every tool call
// denied (Copilot denies on any non-zero exit); exec keeps it one process,
// with the agent's stdin and our exit code. An agent that may run it
// without a shell (Agent.ExecHooks) gets the bare command, which a
// launcher that splits it into words and execs it can run.
func HookCommand(command, agent, event string) string {
	if a, ok := Lookup(agent); ok && a.ExecHooks {
		return bareHookCommand(command, agent, cliEvent(event))
	}
	return guardedHookCommand(command, agent, event)
}

// The shells an agent may run hook commands with on Windows
// (Agent.WindowsShell).
const (
	ShellPowerShell = "powershell"
	ShellCmd        = "cmd"
)

// hookCommand is the command t registers for a's event ev: HookCommand,
// or on Windows, in global scope, the guard for the shell a runs it with
// there. Project files are committed and run on every system, where a
// PowerShell line would fail in sh with exit 2, which blocks (Gemini
// CLI): they keep the sh guard.
func (t Target) hookCommand(a *Agent, ev string) string {
	if t.Scope == ScopeGlobal && t.Host.OS() == "windows" {
		switch a.WindowsShell {
		case ShellPowerShell:
			return PowerShellHookCommand(t.Command, a.Name, ev)
		case ShellCmd:
			return CmdHookCommand(t.Command, a.Name, ev)
		}
	}
	return HookCommand(t.Command, a.Name, ev)
}

// PowerShellHookCommand is HookCommand for an agent that runs it with
// PowerShell (Copilot CLI's "powershell" key, which it runs instead of
// "bash" on Windows: `pwsh.exe -nop -nol -c COMMAND` in Copilot CLI
// 1.0.20's app.js). The same guard: exit 0 when command is missing, else
// our exit code. It uses no && or || (Windows PowerShell 5.1 has neither),
// and the else makes the exit code 0 even though the failed Get-Command
// left $? false. The command inherits PowerShell's stdin, which is the
// agent's payload.
// For an agent that denies on a non-zero exit (Agent.FailClosed: Copilot)
// it exits 0 after our command too, whatever that exited with.
func PowerShellHookCommand(command, agent, event string) string {
	a, ok := Lookup(agent)
	return psGuardCommand(command, agent, event, !ok || !a.FailClosed)
}

// psGuardCommand is PowerShellHookCommand, passing our exit code on or not.
func psGuardCommand(command, agent, event string, passExit bool) string {
	c := psQuote(command)
	exit := "exit $LASTEXITCODE"
	if !passExit {
		exit = "exit 0"
	}
	return "if (Get-Command " + c + " -CommandType Application -ErrorAction SilentlyContinue) { & " + c + " " + hookArgs(command, agent, cliEvent(event)) + "; " + exit + " } else { exit 0 }"
}

// CmdHookCommand is HookCommand for an agent that runs it with cmd.exe
// (Codex's "commandWindows": Codex hands the effective command to
// `%COMSPEC% /C`, codex-rs/hooks/src/engine/command_runner.rs). The same
// guard: exit 0 when command is missing (exit outside a batch file ends
// cmd.exe, so the rest of the line does not run), else our exit code, the
// last command's. `where` finds a name on PATH with PATHEXT; a path is
// looked for as it is.
func CmdHookCommand(command, agent, event string) string {
	c := cmdQuote(command)
	check := "(where /q " + c + " || exit 0)"
	if strings.ContainsAny(command, `/\:`) {
		check = "(if not exist " + c + " exit 0)"
	}
	return check + " & " + c + " " + hookArgs(command, agent, cliEvent(event))
}

// cmdQuote double-quotes s for cmd.exe only when it holds a space or a
// character cmd.exe treats specially (Windows paths hold no "): an agent
// that starts cmd.exe through Node (Qwen Code) has Node escape inner
// quotes as \", which cmd.exe does not undo.
func cmdQuote(s string) string {
	if !strings.ContainsAny(s, " \t&()^|<>%!;,=") {
		return s
	}
	return `"` + s + `"`
}

// psQuote is s as a PowerShell single-quoted string.
func psQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// guardedHookCommand is HookCommand behind the shell guard.
func guardedHookCommand(command, agent, event string) string {
	a, ok := Lookup(agent)
	return guardCommand(command, agent, event, !ok || !a.FailClosed)
}

// guardCommand is the guarded command line, with exec or, for an agent
// that denies on a non-zero exit (Agent.FailClosed), without: then the
// fallback also answers when our executable exits non-zero or crashes,
// so a broken install never blocks every tool call.
func guardCommand(command, agent, event string, withExec bool) string {
	c := shellQuote(command)
	run := c
	if withExec {
		run = "exec " + c
	}
	return "command -v " + c + " >/dev/null 2>&1 && " + run + " " + hookArgs(command, agent, cliEvent(event)) + " || " + guardFallback(agent, event)
}

// guardFallback is what the guard runs when our executable is missing:
// nothing, or, for an agent that denies on silence, its proceed answer.
func guardFallback(agent, event string) string {
	if ev, ok := CLIEvents.Get(event); ok {
		event = ev
	}
	if a, ok := Lookup(agent); ok && a.SilenceDenies && a.Wire != nil {
		if ans := a.Wire.Proceed(event); len(ans) > 0 {
			return "echo " + shellQuote(string(ans))
		}
	}
	return "true"
}

// bareHookCommand is what versions before the guard registered, and what
// an agent with ExecHooks gets.
func bareHookCommand(command, agent, event string) string {
	return shellQuote(command) + " " + hookArgs(command, agent, event)
}

// hookArgs is what follows command on our hook command line: "AGENT
// EVENT" for sym-hook, and "hook AGENT EVENT" for cargo-agents, which
// versions before registered (IsOurCommand rebuilds those lines with it).
func hookArgs(command, agent, event string) string {
	if exeBase(command) == legacyExecutable {
		return "hook " + agent + " " + event
	}
	return agent + " " + event
}

// exeBase is the base name of command, by name or by path, without a
// Windows ".exe".
func exeBase(command string) string {
	return strings.TrimSuffix(path.Base(filepath.ToSlash(command)), ".exe")
}

// cliEvent maps a canonical event to its CLI argument (pre-tool-use, …).
func cliEvent(event string) string {
	if cli, ok := CLIEvents.From(event); ok {
		return cli
	}
	return event
}

// ourExecutable is the command a hook line runs, past our guards, when it
// is ours (sym-hook, or cargo-agents as versions before ran it), by name
// or by path.
func ourExecutable(cmd string) (word string, ok bool) {
	s := cmd
	for _, guard := range []string{"command -v ", "if (Get-Command ", "(where /q ", "(if not exist "} {
		if rest, ok := strings.CutPrefix(s, guard); ok {
			s = rest
		}
	}
	word, _, ok = firstWord(s)
	if !ok {
		return "", false
	}
	base := exeBase(word)
	return word, base == HookExecutable || base == legacyExecutable
}

// IsOurCommand reports whether a hook command line is exactly one we
// register, or one versions before registered, with or without a guard:
// sym-hook "AGENT EVENT" or cargo-agents "hook AGENT EVENT", by name or
// path, nothing more. A user's own hook that merely starts the same way
// (an extra flag, a pipe) is theirs and never touched. Recognising ours by
// content (not position) lets us update a stale path or an old form in
// place and leave every other hook alone.
func IsOurCommand(cmd string) bool {
	word, ok := ourExecutable(cmd)
	if !ok {
		return false
	}
	f := strings.Fields(cmd)
	for i := 0; i+1 < len(f); i++ {
		// Each of our lines has the agent and the event last, or before
		// " || " (the guard) or "; exit" (PowerShell's): a pair of words
		// anywhere else is in no line of ours, and building the six
		// candidate lines for every pair was most of the work.
		if i+2 < len(f) && f[i+2] != "||" && (f[i+2] != "exit" || !strings.HasSuffix(f[i+1], ";")) {
			continue
		}
		if isHookCommandFor(cmd, word, f[i], strings.TrimSuffix(f[i+1], ";")) {
			return true
		}
	}
	return false
}

// isHookCommandFor reports whether cmd is one of the lines we register or
// registered for command, agent and event: each guard with and without
// passing our exit code on (what we register now, or what versions before
// Agent.FailClosed did), the bare command and the cmd.exe guard.
func isHookCommandFor(cmd, command, agent, event string) bool {
	for _, pass := range []bool{true, false} {
		if cmd == guardCommand(command, agent, event, pass) || cmd == psGuardCommand(command, agent, event, pass) {
			return true
		}
	}
	return cmd == bareHookCommand(command, agent, event) || cmd == CmdHookCommand(command, agent, event)
}

// firstWord splits off the first shell word, undoing simple single or
// double quoting (what shellQuote produces).
func firstWord(s string) (word, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	if q := s[0]; q == '\'' || q == '"' {
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return "", "", false
		}
		return s[1 : end+1], s[end+2:], true
	}
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i], s[i:], true
	}
	return s, "", true
}

// shellQuote quotes s for sh when it holds anything but safe characters.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=+@%,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ordered is a JSON object that keeps its key order when marshalled
// (pkg/ordjson), so the entries we add read the way each agent's own
// documentation writes them.
type ordered = ordjson.Object

type member = ordjson.Member

// marshalNoEscape is json.Marshal without HTML escaping: hook commands and
// URLs may hold & < >.
func marshalNoEscape(v any) ([]byte, error) { return ordjson.Marshal(v) }

// normalize turns any JSON-able value into the generic form encoding/json
// decodes to, so values from different parsers compare with DeepEqual.
func normalize(v any) any {
	b, err := marshalNoEscape(v)
	if err != nil {
		return v
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return v
	}
	return out
}

// sameJSON reports whether raw JSON text and a value are the same JSON.
func sameJSON(raw json.RawMessage, v any) bool {
	var got any
	if err := json.Unmarshal(raw, &got); err != nil {
		return false
	}
	return reflect.DeepEqual(got, normalize(v))
}

// hookSpec is where and how one agent registers shell hooks.
type hookSpec struct {
	project string // workspace-relative file, slash-separated
	global  string // home-relative file, slash-separated
	// legacy lists home-relative files where older registrations may have
	// put our hooks: we only ever remove ours from them.
	legacy []string
	// grouped: Claude-style matcher groups {matcher, hooks:[handler]};
	// otherwise flat handler entries (Copilot, Kiro).
	grouped bool
	// element builds the entry we register for one agent event.
	element func(t Target, a *Agent, canonical string) ordered
	// scaffold is the document a new file starts from (nil: {}).
	scaffold func(t Target, scope string) ordered
	// ownsFile: the whole file is ours (Kiro's agent definition):
	// unregistering deletes it.
	ownsFile bool
	// ownKey: the file is an object keyed by hook name, and this member,
	// holding our events, is ours (Antigravity's hooks.json); element
	// returns a group for tool events and a flat handler otherwise.
	ownKey string
	// script: the hook file is a program we write whole (OpenCode's
	// plugin shim), ours when it starts with marker.
	script func(t Target) []byte
	marker string
	// eventScript: project and global are directories holding one
	// executable program we write whole per agent event, named after
	// the event (Cline's hook directories), ours when it starts with
	// marker; eventFiles names every file we may have written there.
	eventScript func(t Target, a *Agent, canonical string) []byte
	eventFiles  []string
	// list: in project scope the script is also named in a config
	// file's plugin list (Kilo's kilo.json; pluginlist.go).
	list *pluginList
	// instead names a file beside the hook file that the agent reads in
	// its place when it exists, with the event map at its top level
	// (Droid's hooks.json): then our entries go there, and none stay in
	// the hook file, or they would be skipped (or run twice). We never
	// create it, and never delete it: it is the user's.
	instead string
}

// file returns the absolute hook file for scope, or "" when the target has
// no directory for it.
func (h *hookSpec) file(t Target, scope string) string {
	if scope == ScopeProject {
		if t.Workspace == "" {
			return ""
		}
		return filepath.Join(t.Workspace, filepath.FromSlash(h.project))
	}
	return t.homeFile(h.global)
}

// insteadFile is the file beside p that the agent reads in its place
// (hookSpec.instead); "" when it has none.
func (h *hookSpec) insteadFile(p string) string {
	if h.instead == "" || p == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(p), h.instead)
}

// isEventMapFile reports whether p is an instead file, whose top level is
// the event map (a hook file keeps it under "hooks").
func (h *hookSpec) isEventMapFile(p string) bool {
	return h.instead != "" && filepath.Base(p) == h.instead
}

// target is the file RegisterHooks edits for scope: the hook file, or the
// instead file beside it when that exists.
func (h *hookSpec) target(t Target, scope string) string {
	p := h.file(t, scope)
	if alt := h.insteadFile(p); alt != "" && fileExists(alt) {
		return alt
	}
	return p
}

// HookFile returns the file that holds a's hooks for scope ("" for agents
// without hooks): where RegisterHooks writes them.
func (a *Agent) HookFile(t Target, scope string) string {
	r := a.reg()
	if r == nil || r.hooks == nil {
		return ""
	}
	return r.hooks.target(t, scope)
}

// HooksReadInstead returns the file beside the hook file p that a reads
// in p's place, when that file exists (hookSpec.instead: Droid's
// hooks.json, whose top level is the event map); "" otherwise. Anything
// else that writes a's hooks into p (`sym-translate hooks --write`) must
// write them there instead, as RegisterHooks does, or the agent never
// sees them.
func (a *Agent) HooksReadInstead(p string) string {
	r := a.reg()
	if r == nil || r.hooks == nil {
		return ""
	}
	if alt := r.hooks.insteadFile(p); alt != "" && fileExists(alt) {
		return alt
	}
	return ""
}

// withDefaults fills in the defaults and checks what RegisterHooks needs.
func (t Target) withDefaults() Target {
	if t.Timeout <= 0 {
		t.Timeout = DefaultTimeout
	}
	if t.Scope == "" {
		t.Scope = ScopeGlobal
	}
	if t.Command == "" || t.Scope == ScopeProject {
		// Project files are committed with the project: a path on this
		// machine would be wrong on every other one.
		t.Command = HookExecutable
	}
	return t
}

// hookEvents lists the canonical events we register, in a stable order.
var hookEvents = []string{PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, SessionStart, Stop}

// eventRank orders agent event names the way hookEvents orders canonical
// ones (agents spell them differently, but each spelling is unique).
func eventRank(agentEvent string) int {
	for _, a := range all {
		for i, ev := range hookEvents {
			if a.Event(ev) == agentEvent {
				return i
			}
		}
	}
	return len(hookEvents)
}

// registration is what this package knows about registering things with one
// agent; each agent's file fills in its own.
type registration struct {
	hooks *hookSpec                       // nil: no shell hooks
	mcp   *mcpSpec                        // nil: no MCP configuration
	gates func(a *Agent, t Target) []Gate // closed gates; nil: none known
}

func (a *Agent) reg() *registration { return a.registration }

// groupElement is a Claude-style matcher group holding one handler.
func groupElement(matcher string, handler ordered) ordered {
	return ordered{{Key: "matcher", Value: matcher}, {Key: "hooks", Value: []any{handler}}}
}

// mcpSpec is where and how one agent reads MCP servers.
type mcpSpec struct {
	// project is the workspace-relative file; "" when the agent only has a
	// user-wide file (Goose), then global is used.
	project string
	global  string // home-relative file
	format  string // "json", "toml" or "yaml"
	// container is the key path of the object holding servers by name.
	container []string
	// entry renders one server in the agent's own form; an error means the
	// agent cannot run this transport (the server is skipped with a warning).
	entry func(s stream.MCPServer) (any, error)
	// alternates are other names the agent reads the same file under
	// (opencode.jsonc): when the file itself is absent and one of these
	// exists, that one is edited, so the user never ends up with two.
	alternates []string
}

// MCPFile returns the file SyncMCP edits for a: the project file where the
// agent has one (servers are workspace-specific), else the user-wide one.
// The owned list SyncMCP takes is per file: key it by this path.
func (a *Agent) MCPFile(t Target) string {
	r := a.reg()
	if r == nil || r.mcp == nil {
		return ""
	}
	return r.mcp.file(t)
}

// MCPUserGlobal reports whether the agent reads MCP servers only from a
// user-wide file (Goose, Antigravity), which every workspace shares: a
// server written there runs in every project the user opens.
func (a *Agent) MCPUserGlobal() bool {
	r := a.reg()
	return r != nil && r.mcp != nil && r.mcp.project == ""
}

func (m *mcpSpec) file(t Target) string {
	p := t.homeFile(m.global)
	if m.project != "" {
		p = ""
		if t.Workspace != "" {
			p = filepath.Join(t.Workspace, filepath.FromSlash(m.project))
		}
	}
	if p == "" {
		return ""
	}
	if _, err := os.Lstat(p); err != nil {
		for _, alt := range m.alternates {
			if a := filepath.Join(filepath.Dir(p), alt); fileExists(a) {
				return a
			}
		}
	}
	return p
}

func fileExists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// Entry builders shared by several agents.

// errTransport is returned by entry builders for a transport the agent
// cannot use.
func errTransport(agent, typ string) error {
	return fmt.Errorf("%s does not support the %q MCP transport", agent, typ)
}

// serverType is the server's transport, "stdio" when unset.
func serverType(s stream.MCPServer) string {
	if s.Type == "" {
		return "stdio"
	}
	return s.Type
}

// stringMap renders a string map (nil stays nil so it is left out).
func stringMap(m map[string]string) any {
	if len(m) == 0 {
		return nil
	}
	keys := slices.Sorted(maps.Keys(m))
	o := make(ordered, 0, len(keys))
	for _, k := range keys {
		o = append(o, member{Key: k, Value: m[k]})
	}
	return o
}

// args renders the argument list ([] stays out).
func args(a []string) any {
	if len(a) == 0 {
		return nil
	}
	return append([]string{}, a...)
}

// compact drops members whose value is nil.
func dropEmpty(o ordered) ordered {
	out := o[:0:0]
	for _, m := range o {
		if m.Value == nil {
			continue
		}
		if v := reflect.ValueOf(m.Value); (v.Kind() == reflect.Slice || v.Kind() == reflect.Map) && v.IsNil() {
			continue
		}
		out = append(out, m)
	}
	return out
}

// claudeStyleHook is the hook entry Claude Code, Qwen Code and Droid share: a group
// matching every tool, holding one command handler with its timeout in
// seconds.
func claudeStyleHook(t Target, a *Agent, ev string) ordered {
	return groupElement("*", ordered{
		{Key: "type", Value: "command"},
		{Key: "command", Value: t.hookCommand(a, ev)},
		{Key: "timeout", Value: t.Timeout},
	})
}

// claudeStyleEntry is the mcpServers form shared by Claude Code, Copilot CLI
// and Kiro: {command, args, env} for stdio, {type, url, headers} otherwise.
func claudeStyleEntry(s stream.MCPServer, agent string, withType bool) (any, error) {
	switch typ := serverType(s); typ {
	case "stdio":
		return dropEmpty(ordered{{Key: "command", Value: s.Command}, {Key: "args", Value: args(s.Args)}, {Key: "env", Value: stringMap(s.Env)}}), nil
	case "http", "sse":
		o := ordered{{Key: "url", Value: s.URL}, {Key: "headers", Value: stringMap(s.Headers)}}
		if withType {
			o = append(ordered{{Key: "type", Value: typ}}, o...)
		}
		return dropEmpty(o), nil
	default:
		return nil, errTransport(agent, typ)
	}
}
