//go:build !unix

package skill

import "os"

// readFile reads the file at p (on Unix in plain system calls).
func readFile(p string) ([]byte, error) { return os.ReadFile(p) }
