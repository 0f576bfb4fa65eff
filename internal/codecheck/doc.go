// Package codecheck holds tests that hold the whole module's source to the
// project's style rules (guide/STYLE.md) where gofmt and go vet do not:
// today, that no function outside tests runs over a screenful or two.
package codecheck
