//go:build !windows

package hookfast

// homeEnv holds the home directory (os.UserHomeDir).
const homeEnv = "HOME"
