package selfupdate

import (
	"strings"
)

// Managed returns the command that updates a copy of symposium installed
// by a package manager, judged by the resolved path of its executable,
// or "" when self-update may replace it. Replacing a package manager's
// files would leave it with a record of files it no longer owns.
func Managed(exe string) string {
	p := strings.ReplaceAll(exe, `\`, "/") // a Windows path, wherever it is judged
	lower := strings.ToLower(p)
	switch {
	case strings.Contains(p, "/Cellar/") || strings.Contains(p, "/homebrew/") || strings.Contains(p, "/linuxbrew/"):
		return "brew upgrade symposium"
	case strings.Contains(lower, "/scoop/apps/"):
		return "scoop update symposium"
	case strings.HasPrefix(p, "/nix/store/"):
		return "your Nix profile or configuration (nix profile upgrade, or a rebuild)"
	case strings.HasPrefix(p, "/usr/bin/") || strings.HasPrefix(p, "/bin/") || strings.HasPrefix(p, "/usr/sbin/") || strings.HasPrefix(p, "/usr/lib/"):
		return "your distribution's package manager (apt, dnf, pacman, ...)"
	}
	return ""
}
