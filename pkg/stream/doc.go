// Package stream defines the newline-delimited JSON records that the sym-*
// pipeline stages exchange, and a reader and writer for them.
//
// Every record is one JSON object on one line with a "kind" field. Readers
// accept unknown fields and forward unknown kinds unchanged, so anyone may
// add fields or records between stages. docs/streams.md documents every
// kind with examples; its tests fail when a kind has no example there, when
// an example has a field the kind's Go type does not, and when a field of
// the type is neither shown in an example nor named in the text around
// them.
//
//	sym-deps      → workspace, dep
//	sym-match     → workspace (forwarded), source, skill, hook, mcp_server,
//	                subcommand, plugin_status; rejected with --explain
//	sym-install   → action, gate, gate_input
//	any stage     → error, warning (on stderr with --json)
//	cargo agents  → sync (sync --json), plugin_source and plugin_entry
//	                (plugin list --json), validation (plugin validate
//	                --json), search_match (search --json)
package stream
