//go:build !windows

package dispatch

// isProgram reports whether the file exec.LookPath found can be started
// directly: here, any (LookPath checked its execute bit; a script's #!
// line names its interpreter).
func isProgram(string) bool { return true }
