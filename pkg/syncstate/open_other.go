//go:build !unix

package syncstate

import "os"

// open is os.Open (the Unix version keeps the file out of the runtime's
// poller).
func open(path string) (*os.File, error) { return os.Open(path) }
