// Package stream defines the newline-delimited JSON records that the sym-*
// pipeline stages exchange, and a reader and writer for them.
//
// Every record is one JSON object on one line with a "kind" field. Readers
// accept unknown fields and forward unknown kinds unchanged, so anyone may
// add fields or records between stages. docs/streams.md documents every
// kind with an example; a test fails when a Kind constant is missing there.
//
//	sym-deps    → workspace, dep
//	sym-match   → workspace (forwarded), skill, hook, mcp_server, rejected
//	sym-install → action
//	any stage   → error (on stderr with --json)
package stream
