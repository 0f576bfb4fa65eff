package stream

// Records of cargo-agents' own --json output (docs/streams.md,
// "cargo agents --json"): not stage streams, but the same one-record-a-line
// form, so a machine reads them as it reads the stages.
const (
	// KindSync ends `cargo agents sync --json`: what the sync did.
	KindSync = "sync"
	// KindPluginSource and KindPluginEntry are `cargo agents plugin list
	// --json`: each source, then each plugin, standalone skill or
	// skipped entry of it.
	KindPluginSource = "plugin_source"
	KindPluginEntry  = "plugin_entry"
	// KindValidation is `cargo agents plugin validate --json`'s verdict.
	KindValidation = "validation"
)

// SyncSummary is the last record of `cargo agents sync --json`.
type SyncSummary struct {
	Kind      string `json:"kind"`
	Workspace string `json:"workspace"`
	// UpToDate: nothing changed since the last sync, so no stage ran.
	UpToDate bool `json:"up_to_date"`
	DryRun   bool `json:"dry_run"`
	Matched  struct {
		Skills     int `json:"skills"`
		Hooks      int `json:"hooks"`
		MCPServers int `json:"mcp_servers"`
	} `json:"matched"`
	// Changed counts the action records that created, updated or removed
	// something (or would, in a dry run).
	Changed int `json:"changed"`
	// Approval is "awaiting" or "changed" while the workspace's own
	// manifests wait for `cargo agents use --workspace`.
	Approval string `json:"approval,omitempty"`
}

// PluginSource is one plugin source of `cargo agents plugin list --json`.
type PluginSource struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	Git  string `json:"git,omitempty"`
	// Dir is where it was read; "" when it could not be (Problem says why).
	Dir string `json:"dir"`
	// Embedded: the built-in snapshot of the central source stood in for
	// a clone that could not be made.
	Embedded bool   `json:"embedded,omitempty"`
	Problem  string `json:"problem,omitempty"`
}

// PluginEntry is one plugin, standalone skill or skipped entry of a source
// in `cargo agents plugin list --json`.
type PluginEntry struct {
	Kind   string `json:"kind"`
	Source string `json:"source"`
	What   string `json:"what"` // plugin, skill, skipped
	Name   string `json:"name"`
	File   string `json:"file,omitempty"`
	// Crates is the plugin's (or skill's) crate predicate; absent when it
	// has none at the top (its groups and servers have their own).
	Crates string `json:"crates,omitempty"`
	// Status says what keeps it from applying by name alone (dormant,
	// declined); Reason is why a skipped entry was skipped.
	Status      string   `json:"status,omitempty"`
	Reason      string   `json:"reason,omitempty"`
	SkillGroups []string `json:"skill_groups,omitempty"`
	Hooks       []string `json:"hooks,omitempty"`
	MCPServers  []string `json:"mcp_servers,omitempty"`
	Chains      []string `json:"chains,omitempty"` // crates whose plugins it loads ([[plugins]])
	// Commands are the `cargo agents NAME` commands it adds, as "NAME:
	// the first line of its description".
	Commands []string `json:"commands,omitempty"`
	// Skipped are the parts left out for a field this version does not
	// read, each "path:line:1: why".
	Skipped []string `json:"skipped,omitempty"`
}

// Validation is `cargo agents plugin validate --json`'s one record.
type Validation struct {
	Kind     string   `json:"kind"`
	Path     string   `json:"path"`
	OK       bool     `json:"ok"`
	Plugins  int      `json:"plugins"`
	Skills   int      `json:"skills"`
	Errors   []string `json:"errors"`
	Warnings []string `json:"warnings"`
	// Crates are the crate names the plugin names; CratesChecked says
	// whether the registry confirmed them (false with --no-check-crates,
	// or when it could not be reached: CratesNote says which).
	Crates        []string `json:"crates"`
	CratesChecked bool     `json:"crates_checked"`
	CratesNote    string   `json:"crates_note,omitempty"`
}
