package stream

import "encoding/json"

// Record kinds.
const (
	KindWorkspace = "workspace"
	KindDep       = "dep"
	KindSkill     = "skill"
	KindHook      = "hook"
	KindMCPServer = "mcp_server"
	KindRejected  = "rejected"
	KindAction    = "action"
	KindError     = "error"
	KindWarning   = "warning"
	KindGate      = "gate"
	KindGateInput = "gate_input"
	KindSource    = "source"
	// KindPluginStatus is sym-match's verdict on each plugin it loaded
	// (active, dormant, candidate, declined) and why: what `cargo agents
	// status` prints and what an interactive sync asks about.
	KindPluginStatus = "plugin_status"
	// KindSearchMatch is one hit of `cargo agents search --json`.
	KindSearchMatch = "search_match"
	// KindSubcommand is a plugin-vended `cargo agents <name>` command that
	// applies to the workspace.
	KindSubcommand = "subcommand"
)

// AllKinds lists every kind this package defines, the stages' and
// cargo-agents' own (cli_records.go): the docs test checks each is
// documented, and the reader interns them.
var AllKinds = []string{
	KindWorkspace, KindDep, KindSkill, KindHook, KindMCPServer, KindRejected, KindAction,
	KindError, KindWarning, KindGate, KindGateInput, KindSource, KindPluginStatus,
	KindSearchMatch, KindSubcommand,
	KindSync, KindPluginSource, KindPluginEntry, KindValidation,
}

// Workspace opens a sym-deps stream: the workspace root and its members.
type Workspace struct {
	Kind     string   `json:"kind"`
	Root     string   `json:"root"`             // absolute directory of the workspace Cargo.toml
	Manifest string   `json:"manifest"`         // absolute path of the workspace Cargo.toml
	Lockfile string   `json:"lockfile"`         // absolute path of Cargo.lock, "" when there is none
	Members  []Member `json:"members"`          // the root package first, then by directory
	Inputs   []string `json:"inputs,omitempty"` // every file read (for fingerprints)
}

// Member is one workspace member package.
type Member struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Manifest string `json:"manifest"` // its Cargo.toml, relative to Root, /-separated
}

// Dep is one direct dependency of one member, resolved through Cargo.lock.
type Dep struct {
	Kind       string   `json:"kind"`
	Name       string   `json:"name"`              // package name (never the rename)
	Version    string   `json:"version"`           // resolved version; lowest match of Req when Unresolved
	DepKind    string   `json:"dep_kind"`          // "normal", "dev" or "build"
	Member     string   `json:"member"`            // declaring member's package name
	Source     string   `json:"source"`            // lock source ("registry+…", "git+…#sha"); "" for path deps
	Req        string   `json:"req,omitempty"`     // version requirement as written
	Path       string   `json:"path,omitempty"`    // for path deps, relative to the workspace root, /-separated
	Renames    []string `json:"renames,omitempty"` // TOML keys that renamed it
	Optional   bool     `json:"optional,omitempty"`
	Unresolved bool     `json:"unresolved,omitempty"` // no Cargo.lock entry: Version is not known
	Targets    []string `json:"targets,omitempty"`    // cfg()/triple keys; absent = all platforms
	// Checksum is Cargo.lock's sha256 of the registry's .crate file: what
	// sym-match checks a crate's downloaded source against before reading
	// the plugin it embeds. Absent for path and git dependencies.
	Checksum string `json:"checksum,omitempty"`
}

// Skill is a skill directory that applies to the workspace.
type Skill struct {
	Kind        string   `json:"kind"`
	Name        string   `json:"name"`   // frontmatter name; the install directory name
	Plugin      string   `json:"plugin"` // plugin name; "" for a standalone skill
	Source      string   `json:"source"` // plugin source name
	Dir         string   `json:"dir"`    // absolute directory holding SKILL.md
	Description string   `json:"description,omitempty"`
	Crates      []string `json:"crates,omitempty"` // the predicates that matched (all levels)
}

// Hook is a plugin hook that applies to the workspace.
type Hook struct {
	Kind    string `json:"kind"`
	Plugin  string `json:"plugin"`
	Source  string `json:"source,omitempty"`
	Name    string `json:"name"`
	Event   string `json:"event"`             // canonical event: PreToolUse, PostToolUse, UserPromptSubmit, SessionStart, Stop
	Matcher string `json:"matcher,omitempty"` // regex over the tool name; "" or "*" = all
	Command string `json:"command"`           // as written in the manifest
	Format  string `json:"format"`            // symposium or an agent with a hook wire format (agent.WireNames: claude, opencode, ...)
	Dir     string `json:"dir"`               // plugin directory; Command resolves against it
	Timeout int    `json:"timeout,omitempty"` // seconds; 0 = default (30)
	// Predicates must all hold for the hook to run; sym-hook evaluates
	// them at dispatch, in the workspace root. sym-match has already
	// answered their depends-on(...) and workspace-member() parts, so
	// these are what observes live state (shell, path_exists, env, custom).
	Predicates []string `json:"predicates,omitempty"`
	// PredicateCommands are the custom predicates Predicates call, by name.
	PredicateCommands map[string]PredicateCommand `json:"predicate_commands,omitempty"`
	// Agent restricts the hook to one calling agent ("" = every agent).
	Agent string `json:"agent,omitempty"`
	// Exec, when set, is the argv to run directly (no shell) instead of
	// Command: a hook whose command names or inlines an installation.
	Exec []string `json:"exec,omitempty"`
	// Env is added to the hook's environment (SYMPOSIUM_<name>,
	// SYMPOSIUM_DIR_<name>); Path is prepended to its PATH.
	Env  map[string]string `json:"env,omitempty"`
	Path []string          `json:"path,omitempty"`
	// Installations must have been acquired (by sym-install, at sync) for
	// the hook to run: the hook path only checks that each Dir exists.
	Installations []Installation `json:"installations,omitempty"`
}

// Subcommand is a plugin-vended `cargo agents NAME ARGS...` command that
// applies to the workspace ([subcommand.<name>] of an active plugin whose
// own depends-on and predicates hold). Running it runs Exec with ARGS
// appended, in the caller's directory, with Env added and Path before
// PATH, once its Installations are acquired.
type Subcommand struct {
	Kind          string            `json:"kind"`
	Plugin        string            `json:"plugin"`
	Source        string            `json:"source,omitempty"`
	Name          string            `json:"name"`
	Description   string            `json:"description"`
	Audience      string            `json:"audience"` // agents or humans: its group in cargo agents --help
	Exec          []string          `json:"exec"`
	Env           map[string]string `json:"env,omitempty"`
	Path          []string          `json:"path,omitempty"`
	Installations []Installation    `json:"installations,omitempty"`
	Dir           string            `json:"dir"`  // plugin directory
	File          string            `json:"file"` // the manifest and line of its table
}

// Installation is something a hook runs or requires that sym-install
// acquires into Dir, a directory of symposium's cache that exists only once
// the installation is complete.
type Installation struct {
	Name    string `json:"name"`
	Source  string `json:"source"` // cargo, github, binary, or "" (install_commands only)
	Crate   string `json:"crate,omitempty"`
	Version string `json:"version,omitempty"`
	Git     string `json:"git,omitempty"`
	Path    string `json:"path,omitempty"` // cargo: a crate directory inside the plugin
	URL     string `json:"url,omitempty"`  // github
	SHA256  string `json:"sha256,omitempty"`
	Dir     string `json:"dir"`
	// Files must exist below Dir once installed ("bin/rg", a script),
	// relative and /-separated on every system.
	Files []string `json:"files,omitempty"`
	File  string   `json:"file"` // the manifest and line that declared it

	// Global (cargo): installed into cargo's own bin directory (no
	// --root); Dir then only marks it done.
	Global bool `json:"global,omitempty"`
	// InstallCommands run through sh after the source step (Source ""
	// means they are all there is). sym-match emits them only for a
	// plugin the user trusts.
	InstallCommands []string `json:"install_commands,omitempty"`
}

// PredicateCommand is a custom predicate ([[predicate]]): name(arg) runs
// Command through sh in the workspace root, its leading relative path
// resolved against Dir (the defining plugin), with Args and then arg.
type PredicateCommand struct {
	Command string   `json:"command"`
	Args    []string `json:"args,omitempty"`
	Dir     string   `json:"dir"`

	// Exec, when set, is the argv to run instead of Command (static
	// args included): a [[predicate]] whose command names or inlines an
	// installation. Env, Path and Installations are as a hook's.
	Exec          []string          `json:"exec,omitempty"`
	Env           map[string]string `json:"env,omitempty"`
	Path          []string          `json:"path,omitempty"`
	Installations []Installation    `json:"installations,omitempty"`
}

// SourceWorkspace is the source name of the workspace's own plugins (and
// of what they chain to): files the workspace commits, never written into
// a user-wide agent file.
const SourceWorkspace = "workspace"

// MCPServer is an MCP server that applies to the workspace.
type MCPServer struct {
	Kind    string            `json:"kind"`
	Plugin  string            `json:"plugin"`
	Source  string            `json:"source,omitempty"`
	Name    string            `json:"name"`
	Type    string            `json:"type"` // stdio, http, sse
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	Dir     string            `json:"dir,omitempty"` // plugin directory
}

// Rejected explains why a plugin, group, skill, hook or server did not match
// (sym-match --explain).
type Rejected struct {
	Kind   string `json:"kind"`
	What   string `json:"what"` // plugin, group, skill, hook, mcp_server, subcommand, source; for a part left out: installation, predicate, defaults, field
	Name   string `json:"name"`
	Reason string `json:"reason"` // the predicate that failed, or the error
	Plugin string `json:"plugin,omitempty"`
	File   string `json:"file,omitempty"`
}

// Plugin states (PluginStatus.State), as upstream's `cargo agents status`.
const (
	StateActive    = "active"    // enabled, and its predicates hold here
	StateDormant   = "dormant"   // enabled or awaiting `use`, contributing nothing here
	StateCandidate = "candidate" // embedded in a dependency, awaiting consent
	StateDeclined  = "declined"  // named in [plugins] disable
)

// PluginStatus is sym-match's verdict on one plugin: whether it may run
// (enablement, with the root that enabled it) and whether it applies here.
type PluginStatus struct {
	Kind    string `json:"kind"`
	Name    string `json:"name"`
	State   string `json:"state"`             // active, dormant, candidate, declined
	Root    string `json:"root"`              // why it is enabled, or what it awaits
	Source  string `json:"source,omitempty"`  // the plugin source it came from; "" for a crate found as a dependency
	Crate   string `json:"crate,omitempty"`   // for a crate-embedded plugin: the crate
	Version string `json:"version,omitempty"` // ... and the version read (the workspace's Cargo.lock)
	Dir     string `json:"dir,omitempty"`     // the plugin (or crate source) directory
	Reason  string `json:"reason,omitempty"`  // for dormant/declined/candidate: what would change it
	// Approval is set for a workspace plugin (source "workspace") that
	// declares hooks, MCP servers, installations, chained plugins or
	// subcommands: "approved", "awaiting" (`cargo agents use --workspace`)
	// or "changed" (a manifest changed since the approval). Its skills
	// apply in every state; the rest only when approved.
	Approval string `json:"approval,omitempty"`
}

// SearchMatch is one `cargo agents search` hit.
type SearchMatch struct {
	Kind        string `json:"kind"`
	Origin      string `json:"origin"` // a plugin source name, or "crates.io" (the crate index)
	Name        string `json:"name"`
	Version     string `json:"version,omitempty"`
	Description string `json:"description,omitempty"`
	State       string `json:"state,omitempty"` // for a loaded plugin: its plugin_status state
	// Matched is what the query matched when not the name: "skill NAME"
	// (a skill the plugin provides) or "crate NAME" (a crate it is for).
	Matched string `json:"matched,omitempty"`
}

// Action is one file or directory sym-install created, updated, removed or
// left unchanged (or would, with --dry-run).
type Action struct {
	Kind   string `json:"kind"`
	Op     string `json:"op"`               // skill, manifest, hook, agent_file, mcp_server, installation; state, trust (cargo agents uninstall)
	Agent  string `json:"agent"`            // agent name, or "" for shared paths
	Path   string `json:"path"`             // absolute path
	Status string `json:"status"`           // created, updated, removed, unchanged, skipped
	Name   string `json:"name,omitempty"`   // skill/server/hook name
	Detail string `json:"detail,omitempty"` // why skipped, etc.
}

// Action statuses.
const (
	StatusCreated   = "created"
	StatusUpdated   = "updated"
	StatusRemoved   = "removed"
	StatusUnchanged = "unchanged"
	StatusSkipped   = "skipped"
)

// Diagnostic is an error or warning record (--json on stderr).
type Diagnostic struct {
	Kind   string `json:"kind"` // error or warning
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	// A sym-translate loss names the hook (its number in the input, its
	// canonical event and command), the field and the capability lost.
	Hook       int    `json:"hook,omitempty"`
	Event      string `json:"event,omitempty"`
	Command    string `json:"command,omitempty"`
	Field      string `json:"field,omitempty"`
	Capability string `json:"capability,omitempty"`
	Message    string `json:"message"`
}

// Raw is a record read from a stream: its kind and its exact bytes.
type Raw struct {
	Kind string
	Line int
	Data json.RawMessage
}

// Gate is a switch in the user's own agent configuration that makes the
// agent ignore what sym-install registered, with exactly what to do.
type Gate struct {
	Kind    string `json:"kind"`
	Agent   string `json:"agent"`
	Problem string `json:"problem"`
	Fix     string `json:"fix"`
	// Action, when set, is the edit `cargo agents init --trust` makes to
	// open the gate (with the user's consent).
	Action string `json:"action,omitempty"`
}

// GateInput is a file sym-install read to decide an agent's gates (a
// trusted-folders list, an approval, a switch): a sync that finds
// nothing else changed still looks again when one of them did.
type GateInput struct {
	Kind  string `json:"kind"`
	Agent string `json:"agent"`
	Path  string `json:"path"`
}

// Source is one plugin source sym-match read (emitted after the workspace
// record). Inputs and Tree are the paths whose stat tells whether the
// source changed since a sync, split by who checks them
// (docs/freshness.md): Inputs on every hook call (the source's directory
// and, for git clones, .git/HEAD and the ref file it names), Tree on an
// explicit sync (for a local source: each directory walked that is not a
// skill, each skill-group directory and each SYMPOSIUM.toml). Neither
// lists skill directories or SKILL.md files.
type Source struct {
	Kind     string   `json:"kind"`
	Name     string   `json:"name"`
	Dir      string   `json:"dir"`                // "" when the source could not be read
	Git      string   `json:"git,omitempty"`      // repository URL for git sources
	Embedded bool     `json:"embedded,omitempty"` // the built-in snapshot stood in for the repository
	Inputs   []string `json:"inputs"`
	Tree     []string `json:"tree,omitempty"`
	// Checked is, for a git source with auto-update, the file whose mtime
	// is its last check for updates: the hook path stats it to note that
	// a refresh is due (docs/freshness.md).
	Checked string `json:"checked,omitempty"`
}
